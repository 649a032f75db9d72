#!/usr/bin/env python3
"""Measures the error of sluice-stats' estimates against exact counts (`make stats-error`).

    python3 scripts/stats_sketch_error.py --stats .build/release/sluice-stats [--exact-limit N] FILE.ndjson

Runs sluice-stats twice on FILE — as it comes (exact up to --exact-limit, then sketches; a small
limit puts every field through the sketches) and with --exact — and, for every field path where
the first run estimated:
- distinct: the HyperLogLog estimate against the exact count (relative error);
- top values: recall of the exact top 10 among the values reported (those whose Misra-Gries
  count exceeds its error bound), the same for the top-10 values whose true count exceeds the
  bound (the ones the summary guarantees to find), and whether each reported count lies within
  [true - top_undercount, true];
- p1/p50/p99: the KLL answer's rank error, |rank of the answer - ceil(q n)| / n, the rank of a
  value being any position it holds among the sorted numbers (read here from FILE).
Prints a Markdown table and the largest errors. Stdlib only.
"""
import argparse
import bisect
import json
import subprocess
import sys

QUANTILES = [("p1", 1, 100), ("p50", 50, 100), ("p99", 99, 100)]


def run_stats(binary, path, *options):
    result = subprocess.run([binary, "--ndjson", "--quiet", "--top", "1000", *options, path],
                            check=True, capture_output=True, text=True)
    return {field["path"]: field for field in map(json.loads, result.stdout.splitlines())}


def numbers_at(path, wanted):
    """Every number at each wanted path (dotted, [] for array elements), read from the file."""
    steps = {name: name.replace("[]", ".[]").split(".") for name in wanted}
    found = {name: [] for name in wanted}

    def walk(value, parts, out):
        if not parts:
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                out.append(float(value))
            return
        head, rest = parts[0], parts[1:]
        if head == "[]":
            if isinstance(value, list):
                for element in value:
                    walk(element, rest, out)
        elif isinstance(value, dict) and head in value:
            walk(value[head], rest, out)

    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                record = json.loads(line)
                for name, parts in steps.items():
                    walk(record, [part for part in parts if part != ""], found[name])
    return {name: sorted(values) for name, values in found.items()}


def key(item):
    return json.dumps(item["value"], ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stats", required=True, help="the sluice-stats executable")
    parser.add_argument("--exact-limit", type=int, help="passed to the estimating run")
    parser.add_argument("file")
    arguments = parser.parse_args()
    limit = ["--exact-limit", str(arguments.exact_limit)] if arguments.exact_limit else []
    estimated = run_stats(arguments.stats, arguments.file, *limit)
    exact = run_stats(arguments.stats, arguments.file, "--exact")
    rows = []
    worst = {"distinct": 0.0, "rank": 0.0, "recall": 1.0, "guaranteed_recall": 1.0, "count_outside_bound": 0}
    for path, field in estimated.items():
        truth = exact[path]
        if "distinct" in field and not field["distinct_exact"]:
            error = (field["distinct"] - truth["distinct"]) / truth["distinct"]
            worst["distinct"] = max(worst["distinct"], abs(error))
            rows.append((path, "distinct", truth["distinct"], field["distinct"], f"{error * 100:+.2f}%"))
        if "top" in field and not field["top_exact"]:
            true_counts = {key(item): item["count"] for item in truth["top"]}
            top10 = [key(item) for item in truth["top"][:10]]
            reported = [key(item) for item in field["top"][:10]]
            recall = len(set(top10) & set(reported)) / len(top10)
            worst["recall"] = min(worst["recall"], recall)
            bound = field["top_undercount"]
            guaranteed = [value for value in top10 if true_counts[value] > bound]
            guaranteed_recall = len(set(guaranteed) & set(reported)) / len(guaranteed) if guaranteed else None
            if guaranteed_recall is not None:
                worst["guaranteed_recall"] = min(worst["guaranteed_recall"], guaranteed_recall)
            outside = sum(1 for item in field["top"]
                          if not (true_counts.get(key(item), 0) - bound <= item["count"] <= true_counts.get(key(item), 0)))
            worst["count_outside_bound"] += outside
            above = f"{guaranteed_recall:.2f} of the {len(guaranteed)} above it" if guaranteed else "none of the top 10 is above it"
            note = (f"recall {recall:.2f}; bound {bound}: {above} ({len(reported)} reported; "
                    f"true counts {truth['top'][0]['count']} to {truth['top'][min(9, len(truth['top']) - 1)]['count']})")
            rows.append((path, "top 10", ", ".join(top10[:3]) + ", …", ", ".join(reported[:3]) + (", …" if reported else "(none)"), note))
    sketched = [path for path, field in estimated.items() if "number" in field and not field["number"]["quantiles_exact"]]
    if sketched:
        values = numbers_at(arguments.file, sketched)
        for path in sketched:
            ordered = values[path]
            count = len(ordered)
            for name, numerator, denominator in QUANTILES:
                answer = estimated[path]["number"][name]
                target = max(1, (numerator * count + denominator - 1) // denominator)
                low = bisect.bisect_left(ordered, answer) + 1
                high = bisect.bisect_right(ordered, answer)
                distance = 0 if low <= target <= high else min(abs(target - low), abs(target - high))
                worst["rank"] = max(worst["rank"], distance / count)
                rows.append((path, name, exact[path]["number"][name], answer, f"rank error {distance / count * 100:.3f}%"))
    print("| path | figure | exact | estimate | error |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
    print()
    print(f"largest distinct error: {worst['distinct'] * 100:.2f}%")
    print(f"smallest top-10 recall: {worst['recall']:.2f}; of the top-10 values above the error bound: "
          f"{worst['guaranteed_recall']:.2f}; reported counts outside their bound: {worst['count_outside_bound']}")
    print(f"largest quantile rank error: {worst['rank'] * 100:.3f}% of the count")
    return 0


if __name__ == "__main__":
    sys.exit(main())
