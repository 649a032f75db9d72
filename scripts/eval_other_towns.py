#!/usr/bin/env python3
"""Records of other US towns against the San Francisco gazetteer (issue 28, `make eval`).

A confident answer for a place the gazetteer does not cover is the worst answer a geocoder can
give. This builds a file of records in the usual shape of business, permit and inspection data
(street, city, state and ZIP in separate columns) from two cited sources:

- every address of usaddress's hand-labelled sets (`../shared/data/usaddress-labeled`, MIT) that
  has a house number, a street, a town and a state, outside San Francisco;
- San Francisco's food businesses (`../shared/data/gazetteer-sources/food-businesses`, PDDL),
  the first SF_ROWS rows with an address.

Then runs the stages as a user would, in four ways — the town in its own columns
(`--city-field city --state-field state --zip-field zip`), and the whole address in one text
written `street, city, state zip`, `street, city` and `street city` (`MODES`) — and prints, for
each: the records outside San Francisco answered
with a score of 0.5 or more (the target is none), how they were refused, and whether the SF
records got the same answers as when run alone.
"""

import argparse
import collections
import csv
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from sluice_contract import describe, stage_path

STREET_TAGS = [
    "AddressNumber", "StreetNamePreModifier", "StreetNamePreDirectional", "StreetNamePreType",
    "StreetName", "StreetNamePostType", "StreetNamePostDirectional", "OccupancyType", "OccupancyIdentifier",
]
LABELLED = [
    "labeled.xml", "us50_train_tagged.xml", "us50_messiest_manual_label.xml", "multi_word_state_addresses.xml",
    "test_data/labeled.xml", "test_data/us50_test_tagged.xml", "test_data/multi_word_state_addresses.xml",
]


def words(element, tags):
    return " ".join(child.text.strip().rstrip(",") for child in element if child.tag in tags and child.text).strip()


def other_towns(folder):
    seen = set()
    for name in LABELLED:
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        for address in ET.parse(path).getroot():
            tags = {child.tag for child in address}
            if not {"AddressNumber", "StreetName", "PlaceName", "StateName"} <= tags:
                continue
            street = words(address, STREET_TAGS)
            city = words(address, {"PlaceName"})
            state = words(address, {"StateName"})
            zip_code = words(address, {"ZipCode"})
            if "francisco" in city.lower() or (street, city) in seen:
                continue
            seen.add((street, city))
            yield {"source": "usaddress:" + name, "street": street, "city": city, "state": state, "zip": zip_code}


def san_francisco(folder, limit):
    path = os.path.join(folder, "food-businesses", "bus_ds100_2019.csv")
    with open(path, encoding="utf-8", errors="replace") as f:
        for index, row in enumerate(csv.DictReader(f)):
            if index >= limit:
                break
            if row["address"].strip():
                zip_code = row["postal_code"].strip()
                yield {"source": "sf-food", "street": row["address"].strip(), "city": row["city"].strip(),
                       "state": row["state"].strip(), "zip": zip_code if zip_code.isdigit() else ""}


# How the town reaches sluice-sanitize: its own columns, or one text column (written by `write`).
MODES = {
    "columns": "town in its own columns",
    "text": "town in the text (street, town, ST zip)",
    "town": "town in the text without its state (street, town)",
    "bare": "town in the text without state or comma (street town)",
}


def run(bin_dir, gazetteer, records_csv, mode):
    fetch = [os.path.join(bin_dir, "sluice-fetch"), "--quiet", records_csv]
    if mode == "columns":
        sanitize = [os.path.join(bin_dir, "sluice-sanitize"), "--quiet", "--field", "street",
                    "--city-field", "city", "--state-field", "state", "--zip-field", "zip"]
    else:
        sanitize = [os.path.join(bin_dir, "sluice-sanitize"), "--quiet", "--field", "text_" + mode]
    geocode = [os.path.join(bin_dir, "sluice-geocode"), "--quiet", "--gazetteer", gazetteer]
    p1 = subprocess.Popen(fetch, stdout=subprocess.PIPE)
    p2 = subprocess.Popen(sanitize, stdin=p1.stdout, stdout=subprocess.PIPE)
    out = subprocess.run(geocode, stdin=p2.stdout, stdout=subprocess.PIPE, check=True).stdout
    p1.wait()
    p2.wait()
    return [json.loads(line) for line in out.splitlines()]


def write(path, rows):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["source", "street", "city", "state", "zip", "text_text", "text_town", "text_bare"])
        writer.writeheader()
        for row in rows:
            text = f'{row["street"]}, {row["city"]}, {row["state"]} {row["zip"]}'.strip()
            town = f'{row["street"]}, {row["city"]}'
            bare = f'{row["street"]} {row["city"]}'
            writer.writerow(dict(row, text_text=text, text_town=town, text_bare=bare))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--gazetteer", default="data/sf-gazetteer.csv")
    parser.add_argument("--labelled", default="../shared/data/usaddress-labeled")
    parser.add_argument("--sources", default="../shared/data/gazetteer-sources")
    parser.add_argument("--sf-rows", type=int, default=500)
    parser.add_argument("--out", default="build/eval/other-towns")
    parser.add_argument("--modes", default=",".join(MODES), help=f"some of {', '.join(MODES)} (comma-separated)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    others = list(other_towns(args.labelled))
    sf = list(san_francisco(args.sources, args.sf_rows))
    mixed_csv, sf_csv = os.path.join(args.out, "records.csv"), os.path.join(args.out, "sf-alone.csv")
    write(mixed_csv, others + sf)
    write(sf_csv, sf)
    print(f"other towns: {len(others)} records outside San Francisco in "
          f"{len({(r['city'].lower(), r['state'].upper()) for r in others})} towns (usaddress labelled sets), "
          f"{len(sf)} San Francisco records (food businesses); {mixed_csv}")
    geo = describe(stage_path(args.bin, "geocode"))  # the member's name and fields, as the stage has them
    for mode in args.modes.split(","):
        label = MODES[mode]
        mixed = run(args.bin, args.gazetteer, mixed_csv, mode)
        alone = run(args.bin, args.gazetteer, sf_csv, mode)
        outside = [r for r in mixed if r["source"] != "sf-food"]
        confident = [r for r in outside if geo.of(r).get(geo.score, 0) >= 0.5]
        reasons = collections.Counter(geo.of(r).get(geo.reason, geo.of(r)[geo.precision]) for r in outside
                                      if geo.of(r).get(geo.score, 0) < 0.5)
        same = sum(1 for a, b in zip((r for r in mixed if r["source"] == "sf-food"), alone) if geo.of(a) == geo.of(b))
        print(f"  {label}: {len(confident)} of {len(outside)} outside SF scored >= 0.5; "
              f"not answered: {', '.join(f'{k} {v}' for k, v in reasons.most_common(6))}; "
              f"SF records with the same answer as alone: {same} of {len(alone)}")
        for r in confident[:10]:
            print(f"    {r['text_' + mode] if mode != 'columns' else r['text_text']} -> {geo.of(r).get(geo.matched)} {geo.of(r)[geo.precision]} {geo.of(r)[geo.score]}")


if __name__ == "__main__":
    sys.exit(main())
