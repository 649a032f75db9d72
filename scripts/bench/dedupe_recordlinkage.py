#!/usr/bin/env python3
"""Peer of sluice-dedupe for `sluice-bench`: recordlinkage's classic setup on the fetched NDJSON
on stdin; writes `row,cluster` CSV (see dedupe_common.py).

Candidate pairs: the same (normalised) locations, the block the bench gives sluice-dedupe; features: title and locations Jaro-Winkler >= 0.85, director and release year
exact; a match when the locations agree and at least two of the other three do (title, director
and year alone agree for every location of a film); clusters by connected components.

    python3 scripts/bench/dedupe_recordlinkage.py < fetched.ndjson > clusters.csv   # pip install recordlinkage
"""
import logging
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dedupe_common import read_records, write_clusters  # noqa: E402


def main():
    logging.disable(logging.WARNING)
    import recordlinkage

    frame = read_records().set_index("row")
    indexer = recordlinkage.Index()
    indexer.block("locations")
    candidates = indexer.index(frame)
    compare = recordlinkage.Compare()
    compare.string("title", "title", method="jarowinkler", threshold=0.85)
    compare.string("locations", "locations", method="jarowinkler", threshold=0.85)
    compare.exact("director", "director")
    compare.exact("release_year", "release_year")
    features = compare.compute(candidates, frame)
    features.columns = ["title", "locations", "director", "release_year"]
    others = features[["title", "director", "release_year"]].sum(axis=1)
    matches = features[(features["locations"] == 1) & (others >= 2)].index
    write_clusters(list(frame.index), [(int(a), int(b)) for a, b in matches])


if __name__ == "__main__":
    main()
