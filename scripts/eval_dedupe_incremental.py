#!/usr/bin/env python3
"""Incremental equals one-shot? sluice-dedupe --against on the labelled sets of
eval_dedupe_labels.py (Febrl 1-3, food, films): the records are shuffled (seed 29) and cut into
batches; batch 1 is deduplicated alone, each later batch `--against` the outputs before it
(merge lines applied). Pairwise precision, recall and F1 over all records, beside one run over
everything, with the same model (`--model`, the one the one-shot run wrote with --model-out)
and with the model learnt on batch 1 alone; and the seconds of the last batch's run beside the
one-shot's. Each incremental run is checked: known records keep their ids but by the merge
lines, and its summary line counts the records that took a known id (`ids_kept`).

    python3 scripts/eval_dedupe_incremental.py [--bin DIR] [--sets febrl1,febrl2,...] [--batches 2,5]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eval_dedupe_labels import febrl_set, films_set, food_set, score  # noqa: E402
from sluice_contract import describe, stage_path  # noqa: E402

SEED = 29


def run(binary, arguments, path, out_path):
    start = time.monotonic()
    with open(out_path, "w", encoding="utf-8") as out:
        result = subprocess.run([os.path.join(binary, "sluice-dedupe")] + arguments + ["--quiet", path], stdout=out, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"sluice-dedupe exited with {result.returncode}: {result.stderr}")
    return time.monotonic() - start


def clusters_of(paths, dedupe):
    """Each record's cluster id over outputs in order, later merge lines applied to all.
    `dedupe`: sluice-dedupe's member as it describes it (sluice_contract)."""
    ids, merges = [], {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                mark = dedupe.of(json.loads(line))
                if "merge" in mark:
                    merges[mark["merge"]["absorbed"]] = mark["merge"]["into"]
                elif "against" in mark:
                    continue
                else:
                    ids.append(mark[dedupe.cluster])

    def final(cluster):
        seen = 0
        while cluster in merges and seen <= len(merges):
            cluster, seen = merges[cluster], seen + 1
        return cluster

    return [final(c) for c in ids]


def ids_kept(paths, dedupe):
    """Every known record keeps its cluster id unless a merge line says otherwise: each merge
    line of a later run absorbs an id known records held (as many as it says) into another
    known id, and no new record of a later run takes a known id except by joining it (it is
    then counted as joined on the run's summary line). Returns the problems found."""
    held, problems = {}, []
    for number, path in enumerate(paths):
        known = dict(held)
        joined, summary = 0, None
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                mark = dedupe.of(json.loads(line))
                if "merge" in mark:
                    merge = mark["merge"]
                    if known.get(merge["absorbed"]) != merge["records"] or merge["into"] not in known:
                        problems.append(f"run {number + 1}: merge {merge} of ids not known so")
                    held[merge["into"]] = held.get(merge["into"], 0) + held.pop(merge["absorbed"], 0)
                elif "against" in mark:
                    summary = mark["against"]
                else:
                    joined += mark[dedupe.cluster] in known
                    held[mark[dedupe.cluster]] = held.get(mark[dedupe.cluster], 0) + 1
        if number > 0 and (summary is None or summary["joined"] != joined):
            problems.append(f"run {number + 1}: {joined} records took known ids, summary says {summary}")
    return problems


def incremental(binary, data, lines, batches, model, folder, name):
    """Runs the batches; returns the clusters (in `lines` order) and the last run's seconds,
    and the number of merge lines written. With model None, batch 1 learns one for the rest."""
    size = (len(lines) + batches - 1) // batches
    outputs, seconds, merges = [], 0.0, 0
    for number in range(batches):
        batch = os.path.join(folder, f"{name}.batch{number}.ndjson")
        with open(batch, "w", encoding="utf-8") as out:
            out.writelines(lines[number * size:(number + 1) * size])
        options = list(data.arguments)
        if model is None and number == 0:
            model_path = os.path.join(folder, f"{name}.batch-model.json")
            options += ["--model-out", model_path]
        else:
            options += ["--model", model or os.path.join(folder, f"{name}.batch-model.json")]
        if outputs:
            known = os.path.join(folder, f"{name}.known{number}.ndjson")
            with open(known, "w", encoding="utf-8") as out:
                for path in outputs:
                    with open(path, encoding="utf-8") as source:
                        out.write(source.read())
            options += ["--against", known]
        output = os.path.join(folder, f"{name}.out{number}.ndjson")
        seconds = run(binary, options, batch, output)
        with open(output, encoding="utf-8") as source:
            merges += sum(1 for line in source if '"merge":{' in line)
        outputs.append(output)
    dedupe = describe(stage_path(binary, "dedupe"), data.arguments)
    for problem in ids_kept(outputs, dedupe):
        sys.exit(f"{name}: {problem}")
    return clusters_of(outputs, dedupe), seconds, merges


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release"))
    parser.add_argument("--sets", default="febrl1,febrl2,febrl3,food,films")
    parser.add_argument("--batches", default="2,5")
    arguments = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data")
    with tempfile.TemporaryDirectory() as folder:
        print("set | records | run | batches | precision | recall | F1 | seconds (last run) | merges")
        for name in arguments.sets.split(","):
            if name.startswith("febrl"):
                data = febrl_set(arguments.bin, os.path.join(root, "febrl"), int(name[5:]), folder)
            elif name == "food":
                data = food_set(arguments.bin, os.path.join(root, "gazetteer-sources", "food-businesses"), folder)
            else:
                data = films_set(arguments.bin, folder)
            with open(data.path, encoding="utf-8") as source:
                lines = source.readlines()
            order = list(range(len(lines)))
            random.Random(SEED).shuffle(order)
            shuffled = [lines[i] for i in order]
            entities = [data.entities[i] for i in order]
            every = os.path.join(folder, f"{name}.shuffled.ndjson")
            with open(every, "w", encoding="utf-8") as out:
                out.writelines(shuffled)
            model = os.path.join(folder, f"{name}.model.json")
            seconds = run(arguments.bin, data.arguments + ["--model-out", model], every, os.path.join(folder, f"{name}.all.ndjson"))
            dedupe = describe(stage_path(arguments.bin, "dedupe"), data.arguments)
            p, r, f = score(arguments.bin, entities, clusters_of([os.path.join(folder, f"{name}.all.ndjson")], dedupe))
            print(f"{name} | {len(lines)} | one-shot | 1 | {p:.3f} | {r:.3f} | {f:.3f} | {seconds:.2f} | 0")
            for batches in (int(b) for b in arguments.batches.split(",")):
                for label, used in [("same model", model), ("batch-1 model", None)]:
                    found, seconds, merges = incremental(arguments.bin, data, shuffled, batches, used, folder, f"{name}.{batches}.{label[0]}")
                    p, r, f = score(arguments.bin, entities, found)
                    print(f"{name} | {len(lines)} | {label} | {batches} | {p:.3f} | {r:.3f} | {f:.3f} | {seconds:.2f} | {merges}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
