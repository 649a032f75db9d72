#!/usr/bin/env python3
"""Peer of sluice-dedupe for `sluice-bench`: Splink (4 or 5) on DuckDB, unsupervised, on the fetched
NDJSON on stdin; writes `row,cluster` CSV (see dedupe_common.py).

The model mirrors the sluice-dedupe options the bench uses: block on locations (normalised);
compare title and locations with Jaro-Winkler levels, director exactly, release year exactly;
u by random sampling, m by EM on the locations block, clustered at match probability >= 0.9.

    python3 scripts/bench/dedupe_splink.py < fetched.ndjson > clusters.csv   # pip install splink
"""
import logging
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dedupe_common import read_records, write_clusters  # noqa: E402

THRESHOLD = 0.9


def main():
    logging.disable(logging.WARNING)
    import splink.comparison_library as cl
    from splink import DuckDBAPI, Linker, SettingsCreator, block_on

    frame = read_records().rename(columns={"row": "unique_id"})
    rules = [block_on("locations")]
    settings = SettingsCreator(
        link_type="dedupe_only",
        blocking_rules_to_generate_predictions=rules,
        comparisons=[
            cl.JaroWinklerAtThresholds("title", [0.92, 0.84]),
            cl.JaroWinklerAtThresholds("locations", [0.92, 0.84]),
            cl.ExactMatch("director"),
            cl.ExactMatch("release_year"),
        ],
    )
    linker = Linker(DuckDBAPI().register(frame), settings, log_level=logging.WARNING)
    linker.training.estimate_probability_two_random_records_match(rules, recall=0.9)
    linker.training.estimate_u_using_random_sampling(max_pairs=1e6)
    # EM on the locations block only: inside a title block, "the same film" dominates the
    # pairs and EM learns it as the match (every location of a film would become one cluster).
    # The locations comparison keeps Splink's default m values.
    linker.training.estimate_parameters_using_expectation_maximisation(block_on("locations"))
    predictions = linker.inference.predict(threshold_match_probability=THRESHOLD)
    pairs = predictions.as_pandas_dataframe()[["unique_id_l", "unique_id_r"]].itertuples(index=False)
    write_clusters(list(frame["unique_id"]), [(int(a), int(b)) for a, b in pairs])


if __name__ == "__main__":
    main()
