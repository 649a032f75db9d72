#!/usr/bin/env python3
"""Compare two gazetteer CSVs row by row: report whether they differ only in the town columns
(city, state, zip) and how many rows of each kind carry each column in the new one.

    python3 scripts/gazetteer_town_diff.py OLD.csv NEW.csv

An old file of format 1.0 (no town columns) compares as if its town columns were empty.
Exit 0 when every other column is equal, 1 otherwise (the first differences are printed)."""
import csv
import sys
from collections import Counter

TOWN = ("city", "state", "zip")


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        first = f.readline()
        if not first.startswith("# sluice-gazetteer"):
            f.seek(0)
        reader = csv.DictReader(f)
        for row in reader:
            yield row


def main(old_path, new_path):
    old, new = list(rows(old_path)), list(rows(new_path))
    if len(old) != len(new):
        print(f"row counts differ: {len(old)} old, {len(new)} new")
    others = [c for c in (new[0].keys() if new else []) if c not in TOWN]
    differing = 0
    carried = Counter()
    kinds = Counter()
    values = {c: Counter() for c in TOWN}
    for index, (a, b) in enumerate(zip(old, new)):
        if any((a.get(c) or "") != (b.get(c) or "") for c in others):
            differing += 1
            if differing <= 5:
                print(f"row {index + 3} differs outside the town columns:\n  old {a}\n  new {b}")
        kinds[b["kind"]] += 1
        for c in TOWN:
            if b.get(c):
                carried[(b["kind"], c)] += 1
                values[c][b[c]] += 1
    print(f"{len(new)} rows; {differing} differ outside city, state, zip")
    for kind in sorted(kinds):
        print(f"  {kind}: {kinds[kind]} rows, " + ", ".join(f"{carried[(kind, c)]} with {c}" for c in TOWN))
    for c in TOWN:
        print(f"  distinct {c}: {len(values[c])} ({', '.join(v for v, _ in values[c].most_common(3))}{', …' if len(values[c]) > 3 else ''})")
    return 0 if differing == 0 and len(old) == len(new) else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
