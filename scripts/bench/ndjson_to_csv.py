#!/usr/bin/env python3
"""Writes NDJSON records from stdin as CSV on stdout, for csvstat in `sluice-bench run --stages
stats`: the same records sluice-stats reads, nested members flattened to dotted columns
(provenance.source, provenance.row), null as an empty cell, columns in the order first seen.

    python3 scripts/bench/ndjson_to_csv.py < fetched-100k.ndjson > fetched-100k.csv
"""
import csv
import json
import sys


def flatten(value, prefix, out):
    for key, member in value.items():
        name = prefix + key
        if isinstance(member, dict):
            flatten(member, name + ".", out)
        elif isinstance(member, list):
            out[name] = json.dumps(member, ensure_ascii=False)
        elif member is None:
            out[name] = ""
        else:
            out[name] = member


def main():
    rows = []
    columns = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        row = {}
        flatten(json.loads(line), "", row)
        for name in row:
            columns.setdefault(name, None)
        rows.append(row)
    writer = csv.DictWriter(sys.stdout, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


if __name__ == "__main__":
    main()
