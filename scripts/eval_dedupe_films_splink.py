#!/usr/bin/env python3
"""sluice-dedupe beside Splink on the bench's own films, unsupervised, in one run (issue 29, item 4):
the generator's films (`sluice-bench generate`, 100,000 records by default, with planted
near-duplicates and their truth file), the same five fields and the same three blocking rules
for both, on normalised text (lower case, spacing collapsed, as dedupe_common.normalise does;
sluice-dedupe normalises its own input the same way and more: accents and punctuation go).
Splink runs twice: on that text, then on the text sluice-dedupe compares, so the two tools'
models are also seen on the same blocks:

- compare: title, locations, director, actor_1 (Jaro-Winkler levels), release_year (exact);
- block: title+locations, release_year+locations, director+locations;
- Splink 5 on DuckDB: u by random sampling (1e6 pairs), the prior from the blocking rules
  (recall 0.9), EM once per blocking rule, match probability >= 0.9, clustered at it;
- sluice-dedupe: its defaults (threshold 0.9), no labels.

Pairwise precision, recall and F1 over all records (every pair inside a predicted cluster against
every pair of one entity) and wall-clock seconds of each tool (Splink's includes loading the
frame; sluice-dedupe's the whole process). Evaluation only.

    python3 scripts/eval_dedupe_films_splink.py [--bin .build/release] [--records 100000] [--seed S] [--no-splink] [--runs 1]
"""
import argparse
import json
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no scripts/__pycache__ in the work tree
from eval_dedupe_labels import score  # noqa: E402
from eval_dedupe_peers import installed  # noqa: E402
from sluice_contract import describe, stage_path  # noqa: E402

SLUICE_ARGS = [
    "--compare", "title,locations,director,actor_1,release_year:exact",
    "--block", "title+locations", "--block", "release_year+locations", "--block", "director+locations",
]
THRESHOLD = 0.9


def normalise(text):
    if text is None:
        return None
    text = " ".join(str(text).lower().split())
    return text or None


def normalise_as_sluice(text):
    """What sluice-dedupe's TextNormalizer makes of a value: case and accents folded, apostrophes
    dropped, every other run of characters that are not letters or digits one space."""
    if text is None:
        return None
    folded = "".join(c for c in unicodedata.normalize("NFKD", str(text).lower()) if not unicodedata.combining(c))
    words = "".join(c if c.isalnum() else " " for c in folded.replace("'", "").replace("\u2019", ""))
    return " ".join(words.split()) or None


def generate(binary, folder, records, seed=None):
    path = os.path.join(folder, "films.ndjson")
    command = [os.path.join(binary, "sluice-bench"), "generate", "--records", str(records), "--out", path]
    command += ["--seed", str(seed)] if seed is not None else []
    subprocess.run(command, check=True, capture_output=True)
    with open(path, encoding="utf-8") as lines:
        count = sum(1 for _ in lines)
    entities = list(range(1, count + 1))
    with open(os.path.join(folder, "films.truth.csv"), encoding="utf-8") as truth:
        for line in truth.read().splitlines()[1:]:
            duplicate, original = (int(cell) for cell in line.split(","))
            entities[duplicate - 1] = original
    return path, entities


def sluice(binary, path, extra):
    start = time.perf_counter()
    result = subprocess.run([os.path.join(binary, "sluice-dedupe")] + SLUICE_ARGS + extra + [path], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"sluice-dedupe exited with {result.returncode}: {result.stderr}")
    dedupe = describe(stage_path(binary, "dedupe"), SLUICE_ARGS + extra)
    clusters = [dedupe.of(json.loads(line))[dedupe.cluster] for line in result.stdout.splitlines()]
    return clusters, seconds, result.stderr


def splink(path, text=normalise):
    logging.disable(logging.WARNING)
    import pandas as pd
    import splink.comparison_library as cl
    from splink import DuckDBAPI, Linker, SettingsCreator, block_on

    start = time.perf_counter()
    rows = []
    with open(path, encoding="utf-8") as lines:
        for index, line in enumerate(lines):
            record = json.loads(line)
            rows.append({"unique_id": index, **{f: text(record.get(f)) for f in ["title", "locations", "director", "actor_1", "release_year"]}})
    frame = pd.DataFrame(rows)
    rules = [block_on("title", "locations"), block_on("release_year", "locations"), block_on("director", "locations")]
    settings = SettingsCreator(
        link_type="dedupe_only",
        blocking_rules_to_generate_predictions=rules,
        comparisons=[
            cl.JaroWinklerAtThresholds("title"),
            cl.JaroWinklerAtThresholds("locations"),
            cl.JaroWinklerAtThresholds("director"),
            cl.JaroWinklerAtThresholds("actor_1"),
            cl.ExactMatch("release_year"),
        ],
        retain_intermediate_calculation_columns=False,
    )
    linker = Linker(DuckDBAPI().register(frame), settings, log_level=logging.WARNING)
    linker.training.estimate_probability_two_random_records_match(rules, recall=0.9)
    linker.training.estimate_u_using_random_sampling(max_pairs=1e6)
    for rule in rules:
        linker.training.estimate_parameters_using_expectation_maximisation(rule)
    predictions = linker.inference.predict(threshold_match_probability=THRESHOLD)
    clusters = linker.clustering.cluster_pairwise_predictions_at_threshold(predictions, THRESHOLD).as_pandas_dataframe()
    label = dict(zip(clusters["unique_id"], clusters["cluster_id"]))
    seconds = time.perf_counter() - start
    return [label.get(i, ("alone", i)) for i in range(len(frame))], seconds


def line(tool, figures, seconds):
    print(f"{tool:<34} {figures[0]:>9.4f} {figures[1]:>7.4f} {figures[2]:>7.4f} {seconds:>8.2f}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=".build/release", help="where sluice-dedupe, sluice-bench and sluice-eval are")
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, help="the generator's seed (default: the bench's)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each tool; the median seconds is printed")
    parser.add_argument("--no-splink", action="store_true")
    parser.add_argument("--explain-model", action="store_true", help="print sluice-dedupe's --explain-model")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sluice-films-splink-") as folder:
        path, entities = generate(options.bin, folder, options.records, options.seed)
        print(f"films: {len(entities)} records, {len(entities) - len(set(entities))} planted duplicates")
        print(f"{'tool':<34} {'precision':>9} {'recall':>7} {'F1':>7} {'seconds':>8}")
        times, stderr = [], ""
        for _ in range(options.runs):
            clusters, seconds, stderr = sluice(options.bin, path, ["--explain-model"] if options.explain_model else [])
            times.append(seconds)
        line("sluice-dedupe", score(options.bin, entities, clusters), statistics.median(times))
        if options.explain_model or "warning" in stderr:
            print(stderr, end="")
        if options.no_splink:
            return
        if not installed("splink"):
            print("splink: not installed, skipped (pip install splink)")
            return
        for name, text in [("splink (DuckDB)", normalise), ("splink, sluice's normalised text", normalise_as_sluice)]:
            times = []
            for _ in range(options.runs):
                labels, seconds = splink(path, text)
                times.append(seconds)
            line(name, score(options.bin, entities, labels), statistics.median(times))


if __name__ == "__main__":
    main()
