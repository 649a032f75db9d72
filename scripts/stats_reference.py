#!/usr/bin/env python3
"""The figures sluice-stats reports as exact, computed independently in plain Python (stdlib only),
for the test that checks sluice-stats against them (Tests/EndToEndTests/StatsReferenceTests.swift).

    python3 scripts/stats_reference.py [--top N] FILE.ndjson [...]

Prints one JSON object per field path, in the shape of `sluice-stats --ndjson`: path, records,
present, values, null, empty, types, distinct, top, number {count, min, max, mean, stddev, p1, p50,
p99}, string {count, min_length, max_length, mean_length, longest_lines}. Paths are listed in the
order their first value appears (a parent before its children); the test matches them by name.

The definitions, written out here as sluice-stats --help states them:
- a path: keys joined by "." from the record down, "[]" for the elements of an array;
- types: string, number, boolean, null, object, array; most frequent first, ties in that order;
  first_lines: the first 3 distinct line numbers holding that type;
- empty: "", [] or {}; distinct and top: strings, numbers and booleans, a number by its text as
  written ("1" the string and 1 the number differ; 1 and 1.0 differ); top: count descending, ties
  by first appearance;
- min/max: the text of the first smallest/largest number (compared as doubles); mean:
  math.fsum / count; stddev: the sample standard deviation; p1/p50/p99: the value of rank
  ceil(q * n) among the sorted numbers (nearest rank);
- string lengths: len() of the decoded string (code points); longest_lines: the lines of the 3
  longest strings, each line once with its longest string, ties by line.
"""
import argparse
import json
import math
import statistics
import sys

TYPE_ORDER = ["string", "number", "boolean", "null", "object", "array"]
LINES_KEPT = 3


class Number(str):
    """A JSON number, kept as the text it was written as."""


class Members(list):
    """A JSON object as its (key, value) pairs, in order, duplicates kept."""


class Field:
    def __init__(self):
        self.present = 0
        self.last_record = -1
        self.types = {name: 0 for name in TYPE_ORDER}
        self.first_lines = {name: [] for name in TYPE_ORDER}
        self.empty = 0
        self.values = {}  # (kind, text) -> [count, first index]
        self.numbers = []  # (float, text)
        self.lengths = []  # (length, line)


def type_of(value):
    if isinstance(value, Members):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, Number):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    return "null"


def visit(fields, order, path, value, record, line):
    field = fields.get(path)
    if field is None:
        field = fields[path] = Field()
        order.append(path)
    if field.last_record != record:
        field.last_record = record
        field.present += 1
    kind = type_of(value)
    field.types[kind] += 1
    lines = field.first_lines[kind]
    if len(lines) < LINES_KEPT and (not lines or lines[-1] != line):
        lines.append(line)
    if kind in ("string", "array", "object") and len(value) == 0:
        field.empty += 1
    if kind in ("string", "number", "boolean"):
        text = ("true" if value else "false") if kind == "boolean" else str(value)
        key = (kind, text)
        if key not in field.values:
            field.values[key] = [0, len(field.values)]
        field.values[key][0] += 1
    if kind == "number":
        field.numbers.append((float(value), str(value)))
    if kind == "string":
        field.lengths.append((len(value), line))
    if kind == "object":
        for key, member in value:
            visit(fields, order, key if not path else path + "." + key, member, record, line)
    if kind == "array":
        for element in value:
            visit(fields, order, path + "[]", element, record, line)


def nearest_rank(sorted_values, numerator, denominator):
    rank = max(1, (numerator * len(sorted_values) + denominator - 1) // denominator)
    return sorted_values[rank - 1]


def number_or_text(text):
    """A JSON number's text as the value JSON output carries (an int or a float)."""
    return json.loads(text)


def report(path, field, records, top):
    values = sum(field.types.values())
    ranked = sorted((name for name in TYPE_ORDER if field.types[name] > 0),
                    key=lambda name: (-field.types[name], TYPE_ORDER.index(name)))
    out = {
        "path": path,
        "records": records,
        "present": field.present,
        "values": values,
        "null": field.types["null"],
        "empty": field.empty,
        "types": [{"type": name, "count": field.types[name], "first_lines": field.first_lines[name]} for name in ranked],
    }
    if field.values:
        out["distinct"] = len(field.values)
        best = sorted(field.values.items(), key=lambda item: (-item[1][0], item[1][1]))[:top]
        out["top"] = [{"kind": kind, "value": text, "count": count} for (kind, text), (count, _) in best]
    if field.numbers:
        floats = [value for value, _ in field.numbers]
        minimum = min(field.numbers, key=lambda item: item[0])
        maximum = max(field.numbers, key=lambda item: item[0])
        ordered = sorted(floats)
        out["number"] = {
            "count": len(floats),
            "min": minimum[1],
            "max": maximum[1],
            "mean": math.fsum(floats) / len(floats),
            "stddev": statistics.stdev(floats) if len(floats) > 1 else None,
            "p1": nearest_rank(ordered, 1, 100),
            "p50": nearest_rank(ordered, 50, 100),
            "p99": nearest_rank(ordered, 99, 100),
        }
    if field.lengths:
        longest_per_line = {}
        for length, line in field.lengths:
            longest_per_line[line] = max(length, longest_per_line.get(line, -1))
        longest = sorted(longest_per_line.items(), key=lambda item: (-item[1], item[0]))[:LINES_KEPT]
        total = sum(length for length, _ in field.lengths)
        out["string"] = {
            "count": len(field.lengths),
            "min_length": min(length for length, _ in field.lengths),
            "max_length": max(length for length, _ in field.lengths),
            "mean_length": total / len(field.lengths),
            "longest_lines": [line for line, _ in longest],
        }
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("files", nargs="+")
    arguments = parser.parse_args()
    fields, order = {}, []
    records = 0
    lines_before = 0
    for name in arguments.files:
        with open(name, "rb") as handle:
            raw_lines = handle.read().split(b"\n")
        if raw_lines and raw_lines[-1] == b"":
            raw_lines.pop()
        for number, raw in enumerate(raw_lines, start=1):
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            if raw.strip(b" \t") == b"":
                continue
            record = json.loads(raw.decode("utf-8"), object_pairs_hook=Members,
                                parse_int=Number, parse_float=Number)
            if not isinstance(record, Members):
                continue
            visit(fields, order, "", record, records, lines_before + number)
            records += 1
        lines_before += len(raw_lines)
    for path in order:
        if path == "":
            continue
        print(json.dumps(report(path, fields[path], records, arguments.top), ensure_ascii=False))


if __name__ == "__main__":
    sys.exit(main())
