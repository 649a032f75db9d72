#!/usr/bin/env python3
"""Pairwise precision, recall and F1 of two peers of sluice-dedupe on the Febrl dedupe sets,
measured the same way as `sluice-eval dedupe` (all pairs inside a predicted cluster against all
pairs of one entity), so the figures can stand side by side:

- recordlinkage's classic setup (the one in ../shared/data/febrl/SOURCE.md): blocking on given
  name | surname | sorted neighbourhood on date of birth; six comparisons; a match when at
  least 4 agree; matched pairs are clustered by connected components.
- Splink (DuckDB): the same fields and blocking rules as sluice-eval dedupe, u by random
  sampling, m by EM, match probability >= 0.9, clustered at that threshold.

Each peer is skipped, with a note, when its package is not installed
(`pip install recordlinkage splink`). sluice-dedupe's own figures come first, from the built
`sluice-eval dedupe` (release build if there is one, else debug; `--ours PATH` to choose).

    python3 scripts/eval_dedupe_peers.py [--data DIR] [--ours PATH]   # DIR: ../shared/data/febrl
"""
import argparse
import importlib.util
import logging
import os
import subprocess
import sys
import time

from sluice_contract import components, pairwise_score

SETS = ["dataset1", "dataset2", "dataset3"]
THRESHOLD = 0.9



def installed(module):
    """True when a peer's Python package can be imported (the peers are optional)."""
    return importlib.util.find_spec(module) is not None

def load(directory, name):
    import pandas as pd

    frame = pd.read_csv(os.path.join(directory, name + ".csv"), skipinitialspace=True, dtype=str, keep_default_na=False)
    frame.columns = [c.strip() for c in frame.columns]
    for column in frame.columns:
        frame[column] = frame[column].str.strip().replace("", None)
    frame["entity"] = frame["rec_id"].str.split("-").str[1]
    return frame.reset_index(drop=True)


def score(eval_executable, frame, labels):
    """True and predicted pairs, precision, recall and F1 of a peer's `labels` (one per row of
    `frame`) against the Febrl entities, as `sluice-eval pairs` counts them."""
    counted = pairwise_score(eval_executable, frame["entity"].tolist(), labels)
    return counted["true_pairs"], counted["predicted_pairs"], counted["precision"], counted["recall"], counted["f1"]


def recordlinkage_classic(frame):
    import recordlinkage

    indexer = recordlinkage.Index()
    indexer.block("given_name")
    indexer.block("surname")
    indexer.sortedneighbourhood("date_of_birth")
    candidates = indexer.index(frame)
    compare = recordlinkage.Compare()
    compare.string("given_name", "given_name", method="jarowinkler", threshold=0.85)
    compare.string("surname", "surname", method="jarowinkler", threshold=0.85)
    compare.exact("date_of_birth", "date_of_birth")
    compare.exact("suburb", "suburb")
    compare.exact("state", "state")
    compare.string("address_1", "address_1", threshold=0.85)
    features = compare.compute(candidates, frame)
    matches = features[features.sum(axis=1) >= 4].index
    return list(components(range(len(frame)), [(int(a), int(b)) for a, b in matches]).values())


def splink_em(frame):
    import splink.comparison_library as cl
    from splink import DuckDBAPI, Linker, SettingsCreator, block_on

    frame = frame.copy()
    frame["unique_id"] = range(len(frame))
    rules = [block_on("given_name"), block_on("surname"), block_on("date_of_birth"), block_on("soc_sec_id")]
    settings = SettingsCreator(
        link_type="dedupe_only",
        comparisons=[
            cl.JaroWinklerAtThresholds("given_name").configure(term_frequency_adjustments=True),
            cl.JaroWinklerAtThresholds("surname").configure(term_frequency_adjustments=True),
            cl.LevenshteinAtThresholds("street_number"),
            cl.JaroWinklerAtThresholds("address_1"),
            cl.JaroWinklerAtThresholds("address_2"),
            cl.JaroWinklerAtThresholds("suburb"),
            cl.LevenshteinAtThresholds("postcode"),
            cl.ExactMatch("state"),
            cl.LevenshteinAtThresholds("date_of_birth"),
            cl.LevenshteinAtThresholds("soc_sec_id"),
        ],
        blocking_rules_to_generate_predictions=rules,
        retain_intermediate_calculation_columns=False,
    )
    db_api = DuckDBAPI()
    linker = Linker(db_api.register(frame.drop(columns=["entity"])), settings, log_level=logging.WARNING)
    linker.training.estimate_probability_two_random_records_match(rules, recall=0.9)
    linker.training.estimate_u_using_random_sampling(max_pairs=1e6)
    for rule in [block_on("given_name"), block_on("surname"), block_on("date_of_birth")]:
        linker.training.estimate_parameters_using_expectation_maximisation(rule)
    predictions = linker.inference.predict(threshold_match_probability=THRESHOLD)
    clusters = linker.clustering.cluster_pairwise_predictions_at_threshold(predictions, THRESHOLD).as_pandas_dataframe()
    label = dict(zip(clusters["unique_id"], clusters["cluster_id"]))
    return [label.get(i, ("alone", i)) for i in range(len(frame))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=os.environ.get("SLUICE_FEBRL", "../shared/data/febrl"))
    parser.add_argument("--ours", help="the sluice-eval executable")
    options = parser.parse_args()
    candidates = [options.ours] if options.ours else [".build/release/sluice-eval", ".build/debug/sluice-eval"]
    ours = next((path for path in candidates if path and os.access(path, os.X_OK)), None)
    if ours:
        print("sluice-dedupe (" + ours + "):", flush=True)
        subprocess.run([ours, "dedupe", "--data", options.data], check=True)
        print()
    else:
        print("sluice-eval: not built, skipped (swift build)")
    peers = []
    if installed("recordlinkage"):
        peers.append(("recordlinkage", recordlinkage_classic))
    else:
        print("recordlinkage: not installed, skipped (pip install recordlinkage)")
    if installed("splink"):
        peers.append(("splink", splink_em))
    else:
        print("splink: not installed, skipped (pip install splink)")
    if not peers:
        return 0
    if not ours:
        sys.exit("sluice-eval: not built, and it scores the peers too (swift build)")
    print(f"{'peer':<14} {'set':<9} {'true pairs':>10} {'predicted':>9} {'precision':>9} {'recall':>7} {'F1':>7} {'seconds':>7}")
    for name in SETS:
        frame = load(options.data, name)
        for peer, run in peers:
            start = time.perf_counter()
            labels = run(frame)
            seconds = time.perf_counter() - start
            truth, predicted, precision, recall, f1 = score(ours, frame, labels)
            print(f"{peer:<14} {name:<9} {truth:>10} {predicted:>9} {precision:>9.4f} {recall:>7.4f} {f1:>7.4f} {seconds:>7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
