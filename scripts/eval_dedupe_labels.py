#!/usr/bin/env python3
"""What a few labels do for sluice-dedupe: pairwise precision, recall and F1 unsupervised, after
10, 20 and 30 answers about pairs drawn at random from the pairs it compared (`--pairs`), and
after 3 rounds of 10 answers to `--suggest 10` (active learning, as `--label` asks them), an
oracle answering from the truth; on Febrl, Splink and recordlinkage beside them on the same
records (the setups of eval_dedupe_peers.py).

Sets (evaluation only: the answers come from the truth and are thrown away after the run):
- febrl1..3: the Febrl dedupe sets (../shared/data/febrl); truth from rec_id.
- food: San Francisco food businesses in two snapshots, about 2018 and 2019
  (../shared/data/gazetteer-sources/food-businesses, DataSF); truth: the city's business id;
  the address parsed by `sluice-sanitize --field address --as addr` first.
- films: the bench generator's SF film locations with planted near-duplicates (10,000 records);
  truth from its truth file. As in the pipeline (sanitize before dedupe), and as for food, the
  location is parsed by `sluice-sanitize --field locations --as loc` first and its key compared
  (`loc.key:address`) and blocked on: a location typed again (`Street`/`St.`, `&`/`and`, case,
  spacing) keeps its key, so the retyped duplicates are exact where the raw text's word sets
  were only close. Blocked on loc.key and on title: loc.key reaches 94.6% of the true pairs
  (--explain-blocking with the truth as labels), both 98.1% (the raw text's
  locations:fingerprint, the bench's one rule, 86.7%; with title 97.1%). Peers for it run in
  `sluice-bench run --stages dedupe`.
No peer runs on food: with the city's business id as the truth, the same name, address and phone
under two ids in one snapshot count as distinct, and no setup of ours for Splink or recordlinkage
was checked enough to stand beside the figures.

Scores as `sluice-eval dedupe` counts them: every pair inside a predicted cluster against every
pair of one entity. Answers are facts to sluice-dedupe (a pair answered distinct is never
linked), so labelled figures include the answered pairs themselves, as a user's would.

    python3 scripts/eval_dedupe_labels.py [--bin DIR] [--sets febrl1,food,...] [--films-seed S] [--no-peers] [--missed]

--missed says where the last labelled run (30 answers to --suggest) goes wrong: the true pairs
no block compared, the true pairs left apart and the false pairs linked, each grouped by its
comparison levels (`--pairs`), and pairwise precision and recall over the compared pairs at
other thresholds (what a better-chosen threshold could reach with the same weights).
"""
import argparse
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

from sluice_contract import describe, pairwise_score, stage_path

HERE = os.path.dirname(os.path.abspath(__file__))
FEBRL_ARGS = [
    "--compare", "given_name,surname,street_number:lev,address_1,address_2,suburb,postcode:lev,state:exact,date_of_birth:date,soc_sec_id:lev",
    "--block", "given_name", "--block", "surname", "--block", "date_of_birth", "--block", "soc_sec_id",
]
FOOD_ARGS = ["--compare", "name:name,addr.key:address,phone:phone,city", "--block", "addr.key", "--block", "name:fingerprint", "--block", "phone"]
FILMS_ARGS = [
    "--compare", "title,loc.key:address,director,release_year:num,fun_facts,sf_find_neighborhoods:exact,analysis_neighborhoods:exact",
    "--block", "loc.key", "--block", "title",
]
ROUNDS, PER_ROUND, SEED = 3, 10, 21


def fetched(binary):
    """sluice-fetch's provenance member as the build in `binary` describes it: the sets written
    here carry it as sluice-fetch would have written it."""
    return describe(stage_path(binary, "fetch"))


class LabelledSet:
    """NDJSON records in a file, each one's entity, and the sluice-dedupe options used on them;
    `provenance`: sluice-fetch's member (`fetched`)."""

    def __init__(self, name, path, entities, arguments, provenance):
        self.name, self.path, self.entities, self.arguments = name, path, entities, arguments
        self.provenance = provenance
        self.index = {}
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines):
                value = provenance.of(json.loads(line))
                if value:
                    self.index[(value[provenance.source], value[provenance.row])] = number

    def record(self, reference):
        """The line index of a pair member as --pairs and --suggest name it."""
        if "record" in reference:
            return reference["record"] - 1
        return self.index[(reference[self.provenance.source], reference[self.provenance.row])]

    def same(self, pair):
        return self.entities[self.record(pair["a"])] == self.entities[self.record(pair["b"])]


def true_pairs(labels):
    """The pairs themselves, for --missed's lists by pattern; the scores are sluice-eval's (`score`)."""
    groups = defaultdict(list)
    for index, label in enumerate(labels):
        groups[label].append(index)
    return {p for members in groups.values() for p in itertools.combinations(members, 2)}


def score(bin_dir, entities, clusters):
    """Precision, recall and F1 of `clusters` against `entities` (one each per record), as
    `sluice-eval pairs` in `bin_dir` counts them."""
    counted = pairwise_score(stage_path(bin_dir, "eval"), entities, clusters)
    return counted["precision"], counted["recall"], counted["f1"]


def dedupe(binary, data, extra):
    result = subprocess.run([binary] + data.arguments + extra + ["--quiet", data.path], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"sluice-dedupe exited with {result.returncode}: {result.stderr}")
    return result.stdout


def clusters(binary, data, extra):
    member = describe(binary, data.arguments + extra)
    return [member.of(json.loads(line))[member.cluster] for line in dedupe(binary, data, extra).splitlines()]


def answer(data, pairs, path):
    with open(path, "a", encoding="utf-8") as out:
        for pair in pairs:
            label = "match" if data.same(pair) else "distinct"
            out.write(json.dumps({"a": pair["a"], "b": pair["b"], "label": label}, separators=(",", ":")) + "\n")


def row(name, labelling, answers, figures, seconds):
    matches = f"{answers[0]}/{answers[0] + answers[1]}" if answers else ""
    print(f"{name:<8} {labelling:<28} {matches:>9} {figures[0]:>9.4f} {figures[1]:>7.4f} {figures[2]:>7.4f} {seconds:>7.2f}", flush=True)


def counted(path):
    lines = open(path, encoding="utf-8").read().splitlines() if os.path.exists(path) else []
    matches = sum(1 for line in lines if line.endswith('"match"}'))
    return matches, len(lines) - matches


def evaluate(binary, data, folder):
    start = time.perf_counter()
    compared = os.path.join(folder, data.name + ".pairs.ndjson")
    row(data.name, "unsupervised", None, score(os.path.dirname(binary), data.entities, clusters(binary, data, ["--pairs", compared])), time.perf_counter() - start)
    with open(compared, encoding="utf-8") as lines:
        pairs = [json.loads(line) for line in lines]
    drawn = random.Random(SEED).sample(pairs, min(len(pairs), ROUNDS * PER_ROUND))
    labels = os.path.join(folder, data.name + ".random.ndjson")
    for round in range(1, ROUNDS + 1):
        answer(data, drawn[(round - 1) * PER_ROUND : round * PER_ROUND], labels)
        start = time.perf_counter()
        figures = score(os.path.dirname(binary), data.entities, clusters(binary, data, ["--labels", labels]))
        row(data.name, f"{round * PER_ROUND} random compared pairs", counted(labels), figures, time.perf_counter() - start)
    labels = os.path.join(folder, data.name + ".suggested.ndjson")
    for round in range(1, ROUNDS + 1):
        known = ["--labels", labels] if os.path.exists(labels) else []
        start = time.perf_counter()
        suggested = [json.loads(line) for line in dedupe(binary, data, known + ["--suggest", str(PER_ROUND)]).splitlines()]
        answer(data, suggested, labels)
        figures = score(os.path.dirname(binary), data.entities, clusters(binary, data, ["--labels", labels]))
        row(data.name, f"{round * PER_ROUND} answers to --suggest", counted(labels), figures, time.perf_counter() - start)
    return labels


def missed(binary, data, labels, folder):
    """Prints the last labelled run's mistakes by comparison pattern (see --missed)."""
    path = os.path.join(folder, data.name + ".labelled-pairs.ndjson")
    found = clusters(binary, data, ["--labels", labels, "--pairs", path])
    truth, linked = true_pairs(data.entities), true_pairs(found)
    compared = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            pair = json.loads(line)
            a, b = data.record(pair["a"]), data.record(pair["b"])
            compared[(min(a, b), max(a, b))] = pair
    print(f"{data.name}: {len(truth)} true pairs, {sum(1 for p in truth if p not in compared)} never compared")

    def by_pattern(title, pairs):
        groups = defaultdict(list)
        for key in pairs:
            if key in compared:
                fields = compared[key]["fields"]
                groups[" ".join(f"{name}={field['level']}" for name, field in fields.items())].append(compared[key]["probability"])
        print(f"{title}: {len(pairs)}, by pattern (count, probability range):")
        for pattern, values in sorted(groups.items(), key=lambda item: -len(item[1]))[:15]:
            print(f"  {len(values):5} {min(values):.3f}-{max(values):.3f}  {pattern}")

    by_pattern("true pairs left apart", truth - linked)
    by_pattern("false pairs linked", linked - truth)
    scored = sorted(((pair["probability"], key in truth) for key, pair in compared.items()), reverse=True)
    print("compared pairs at other thresholds (pairwise, before clustering):")
    for threshold in (0.99, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1):
        chosen = [same for probability, same in scored if probability >= threshold]
        hits = sum(chosen)
        print(f"  {threshold:<5} precision {hits / max(1, len(chosen)):.4f} recall {hits / max(1, len(truth)):.4f}")


def febrl_set(binary, directory, number, folder):
    provenance = fetched(binary)
    path = os.path.join(folder, f"febrl{number}.ndjson")
    entities = []
    with open(os.path.join(directory, f"dataset{number}.csv"), encoding="utf-8") as source, open(path, "w", encoding="utf-8") as out:
        header = [cell.strip() for cell in source.readline().split(",")]
        for row_number, line in enumerate(source, 1):
            values = [cell.strip() for cell in line.rstrip("\n").split(",")]
            record = dict(zip(header, values))
            record[provenance.name] = {provenance.source: f"dataset{number}.csv", provenance.row: row_number}
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            entities.append(values[0].split("-")[1])
    return LabelledSet(f"febrl{number}", path, entities, FEBRL_ARGS, provenance)


def food_set(binary, directory, folder):
    import csv

    provenance = fetched(binary)
    raw, path = os.path.join(folder, "food.raw.ndjson"), os.path.join(folder, "food.ndjson")
    entities = []
    with open(raw, "w", encoding="utf-8") as out:
        for file, id_column in [("businesses_ds100_older.csv", "business_id"), ("bus_ds100_2019.csv", "business id column")]:
            with open(os.path.join(directory, file), encoding="utf-8") as source:
                for number, cells in enumerate(csv.DictReader(source), 1):
                    value = lambda key: None if cells[key].strip() in ("", "-9999") else cells[key].strip()  # noqa: E731
                    record = {key: value(column) for key, column in [("name", "name"), ("address", "address"), ("city", "city"), ("phone", "phone_number")]}
                    record[provenance.name] = {provenance.source: file, provenance.row: number}
                    out.write(json.dumps(record, separators=(",", ":")) + "\n")
                    entities.append(cells[id_column])
    with open(raw, "rb") as source, open(path, "wb") as out:
        subprocess.run([os.path.join(binary, "sluice-sanitize"), "--field", "address", "--as", "addr", "--quiet"], stdin=source, stdout=out, check=True)
    return LabelledSet("food", path, entities, FOOD_ARGS, provenance)


def films_set(binary, folder, seed=None):
    raw, path = os.path.join(folder, "films.raw.ndjson"), os.path.join(folder, "films.ndjson")
    seeded = ["--seed", str(seed)] if seed is not None else []
    generate = [os.path.join(binary, "sluice-bench"), "generate", "--records", "10000"] + seeded + ["--out", raw]
    subprocess.run(generate, check=True, capture_output=True)
    os.replace(os.path.join(folder, "films.raw.truth.csv"), os.path.join(folder, "films.truth.csv"))
    with open(raw, "rb") as source, open(path, "wb") as out:
        subprocess.run([os.path.join(binary, "sluice-sanitize"), "--field", "locations", "--as", "loc", "--quiet"], stdin=source, stdout=out, check=True)
    with open(path, encoding="utf-8") as lines:
        entities = list(range(1, sum(1 for _ in lines) + 1))
    with open(os.path.join(folder, "films.truth.csv"), encoding="utf-8") as truth:
        for line in truth.read().splitlines()[1:]:
            duplicate, original = (int(cell) for cell in line.split(","))
            entities[duplicate - 1] = original
    return LabelledSet("films", path, entities, FILMS_ARGS, fetched(binary))


def run_peers(bin_dir, data, febrl_directory):
    if data.name.startswith("febrl"):
        sys.path.insert(0, HERE)
        sys.dont_write_bytecode = True  # no scripts/__pycache__ in the work tree
        import eval_dedupe_peers as febrl

        peers = []
        if febrl.installed("recordlinkage"):
            peers.append(("recordlinkage", febrl.recordlinkage_classic))
        else:
            print("recordlinkage: not installed, skipped (pip install recordlinkage)")
        if febrl.installed("splink"):
            peers.append(("Splink EM", febrl.splink_em))
        else:
            print("splink: not installed, skipped (pip install splink)")
        # The records are read with pandas, which comes with the peers: not without them.
        frame = febrl.load(febrl_directory, "dataset" + data.name[-1]) if peers else None
        for peer, run in peers:
            start = time.perf_counter()
            labels = run(frame)
            row(data.name, peer, None, score(bin_dir, data.entities, labels), time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=".build/release", help="where sluice-dedupe, sluice-sanitize, sluice-bench and sluice-eval are")
    parser.add_argument("--febrl", default=os.environ.get("SLUICE_FEBRL", "../shared/data/febrl"))
    parser.add_argument("--food", default="../shared/data/gazetteer-sources/food-businesses")
    parser.add_argument("--sets", default="febrl1,febrl2,febrl3,food,films")
    parser.add_argument("--films-seed", type=int, help="the bench generator's seed for films (default: its own)")
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--missed", action="store_true", help="after each set, the last labelled run's mistakes by comparison pattern")
    options = parser.parse_args()
    binary = os.path.join(options.bin, "sluice-dedupe")
    print(f"{'set':<8} {'sluice-dedupe / peer':<28} {'matches':>9} {'precision':>9} {'recall':>7} {'F1':>7} {'seconds':>7}")
    with tempfile.TemporaryDirectory(prefix="sluice-eval-labels-") as folder:
        for name in options.sets.split(","):
            if name.startswith("febrl"):
                data = febrl_set(options.bin, options.febrl, int(name[-1]), folder)
            elif name == "food":
                data = food_set(options.bin, options.food, folder)
            else:
                data = films_set(options.bin, folder, options.films_seed)
            labels = evaluate(binary, data, folder)
            if options.missed:
                missed(binary, data, labels, folder)
            if not options.no_peers:
                run_peers(options.bin, data, options.febrl)
    return 0


if __name__ == "__main__":
    sys.exit(main())
