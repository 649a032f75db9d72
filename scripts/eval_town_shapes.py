#!/usr/bin/env python3
"""The gazetteer's own addresses written with a town it does not cover (`make eval`).

The hardest case for "refused where the gazetteer cannot know": the street and number are found,
exactly, and only the town's name says the record is elsewhere. This takes COUNT addresses of the
gazetteer (seeded), gives each a random town of the bundled US town list (`USTowns`, GeoNames: never
San Francisco; `--state CA` for the gazetteer's own state, the hardest), writes each in SHAPES (how
people put a town beside an address), runs sluice-sanitize and sluice-geocode as a user would, and
prints per shape how many score 0.5 or more (the target is none; a town that is also one of the
gazetteer's own places or streets, `Richmond`, `Alvarado`, cannot be told apart).
"""

import argparse
import csv
import json
import os
import random
import re
import subprocess

SHAPES = {
    "comma": "{a}, {t}", "comma_state": "{a}, {t}, {s}", "bare": "{a} {t}", "unit": "{a} Apt 5 {t}", "unit_comma": "{a} Apt 5, {t}",
    "brackets": "{a} ({t})", "dash": "{a} - {t}", "slash": "{a} / {t}", "town_colon": "{t}: {a}", "town_comma": "{t}, {a}",
    "upper": "{A}, {T}",
}


def towns(path, state):
    for line in open(path, encoding="utf-8"):
        match = re.match(r"^([a-z][^|]*)\|([^|]*)\|([A-Z]{2})\|", line)
        if match and "francisco" not in match.group(1) and (match.group(3) == state if state else match.group(3) != "CA"):
            yield (match.group(2) or match.group(1)).title(), match.group(3)


def addresses(gazetteer):
    with open(gazetteer, encoding="utf-8") as f:
        next(f)  # the format line
        for row in csv.DictReader(f):
            if row["kind"] == "address" and row["number"]:
                yield f'{row["number"]} {row["street"].title()}'


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--gazetteer", default="data/sf-gazetteer.csv")
    parser.add_argument("--towns", default="Sources/SluiceSanitize/USTowns+Data.swift")
    parser.add_argument("--state", default="", help="towns of this state only (default: any but CA)")
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--out", default="build/eval/town-shapes")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    town_list, address_list = list(towns(args.towns, args.state)), list(addresses(args.gazetteer))
    os.makedirs(args.out, exist_ok=True)
    texts = os.path.join(args.out, "texts.ndjson")
    with open(texts, "w") as f:
        for _ in range(args.count):
            address, (town, state) = rng.choice(address_list), rng.choice(town_list)
            for shape, form in SHAPES.items():
                text = form.format(a=address, t=town, s=state, A=address.upper(), T=town.upper())
                f.write(json.dumps({"shape": shape, "text": text}) + "\n")
    sanitize = subprocess.Popen([os.path.join(args.bin, "sluice-sanitize"), "--quiet", "--field", "text", texts], stdout=subprocess.PIPE)
    geocode = [os.path.join(args.bin, "sluice-geocode"), "--quiet", "--gazetteer", args.gazetteer]
    out = subprocess.run(geocode, stdin=sanitize.stdout, stdout=subprocess.PIPE, check=True).stdout
    sanitize.wait()
    confident = {shape: [] for shape in SHAPES}
    for line in out.splitlines():
        record = json.loads(line)
        if (record.get("geo") or {}).get("score", 0) >= 0.5:
            confident[record["shape"]].append(record["text"])
    where = f"towns of {args.state}" if args.state else "towns outside CA"
    print(f"town shapes: {args.count} addresses of {args.gazetteer}, each with one of {len(town_list)} {where}; scored >= 0.5:")
    for shape, found in confident.items():
        print(f"  {shape:12} {SHAPES[shape]:16} {len(found):4} of {args.count}" + (f"  e.g. {found[0]}" if found else ""))


if __name__ == "__main__":
    main()
