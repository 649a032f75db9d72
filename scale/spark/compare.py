#!/usr/bin/env python3
"""The Spark driver against the shell pipeline, on the same input with the same executables.

    python3 scale/spark/compare.py --bin .build-static/release --out build/spark/compare sf-exact sf-fuzzy bench-exact bench-fuzzy

For each case: the stages piped in bash (`set -o pipefail`, every stage with --rejects), then
sluice_spark.py; then checks that
- the records are the same, byte for byte, after sorting by provenance;
- the clusters are the same (each cluster id with the same members);
- the databases hold the same rows in every table (ids included; _sluice_runs aside, its
  times and sources differ), with the same schema;
- the Parquet files hold every record with every value (read back by Spark).
`--fuzzy blocked` cases print their pairwise agreement with the single machine's clusters and
check every record once and byte for byte the single machine's (with one model, whole blocks
and whole components; fuzzy_blocks.py says why). Ends with `spark-example: N passed, M failed`.
"""

import argparse
import json
import os
import shlex
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import record_keys  # noqa: E402
from sluice_contract import pairwise_score  # noqa: E402  (record_keys puts scripts/ on the path)

SANITIZE = '--field locations --city "San Francisco" --state CA'
SF_CSV = "data/Film_Locations_in_San_Francisco.csv"
SF_LOAD = (
    "--table film_locations --pk provenance_source,provenance_row --extract title,release_year:films "
    "--extract address.key,address.kind,geo.lat,geo.lon,geo.precision,geo.matched:locations "
    "--index films_id,locations_id --fts locations,fun_facts"
)
BENCH_LOAD = "--table films --pk provenance_source,provenance_row"
EXACT = "--key address.key --mark"
# The README's places setup for the SF data; the bench's own fuzzy setup for its records.
SF_FUZZY = "--no-tf --compare address.key:tokens,geo:geo=100 --block address.key:fingerprint --block geo:geohash7 --mark"
BENCH_FUZZY = "--compare title,locations:tokens,director,release_year:num --block locations:fingerprint --mark"


def cases(bench_file):
    sf = {"inputs": [SF_CSV], "fetch": "--keys snake_case --infer-types", "load": SF_LOAD}
    bench = {"inputs": [bench_file], "fetch": "", "load": BENCH_LOAD}
    return {
        "sf-exact": dict(sf, dedupe=EXACT),
        "sf-fold-merge": dict(sf, dedupe="--key title,locations --fold --merge"),
        "sf-fuzzy": dict(sf, dedupe=SF_FUZZY),
        "sf-blocked": dict(sf, dedupe=SF_FUZZY, fuzzy="blocked", reference="sf-fuzzy"),
        "sf-blocked-merge": dict(sf, dedupe=SF_FUZZY.replace("--mark", "--merge"), fuzzy="blocked"),
        "bench-exact": dict(bench, dedupe=EXACT),
        "bench-fuzzy": dict(bench, dedupe=BENCH_FUZZY),
        "bench-blocked": dict(bench, dedupe=BENCH_FUZZY, fuzzy="blocked", reference="bench-fuzzy"),
    }


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        print(f"  {'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1


def run_shell(case, options, work):
    """The single-machine pipeline, as README's 'Piping stages by hand' shows it."""
    os.makedirs(work, exist_ok=True)
    b = shlex.quote(os.path.abspath(options.bin))
    rejects = lambda name: f"--rejects {shlex.quote(os.path.join(work, name + '.rejects.ndjson'))}"  # noqa: E731
    inputs = " ".join(shlex.quote(path) for path in case["inputs"])
    records = os.path.join(work, "records.ndjson")
    db = os.path.join(work, "films.db")
    for old in (db, db + "-wal", db + "-shm"):
        if os.path.exists(old):
            os.remove(old)
    script = (
        "set -euo pipefail\n"
        f"{b}/sluice-fetch {case['fetch']} {rejects('fetch')} {inputs}"
        f" | {b}/sluice-sanitize {SANITIZE} {rejects('sanitize')}"
        f" | {b}/sluice-geocode --gazetteer {shlex.quote(options.gazetteer)} {rejects('geocode')}"
        f" | {b}/sluice-dedupe {case['dedupe']} {rejects('dedupe')} > {shlex.quote(records)}\n"
    )
    began = time.monotonic()
    subprocess.run(["bash", "-c", script], check=True, stderr=open(os.path.join(work, "stderr.log"), "w"))
    pipe_seconds = time.monotonic() - began
    subprocess.run(["bash", "-c", f"{b}/sluice-load {shlex.quote(db)} {case['load']} --quiet {shlex.quote(records)}"], check=True)
    return records, db, pipe_seconds, time.monotonic() - began


def run_spark(case, options, work):
    driver = [
        sys.executable, os.path.join(HERE, "sluice_spark.py"), "--master", options.master, "--bin", options.bin,
        "--gazetteer", options.gazetteer, "--out", work, "--rejects", "--fetch", case["fetch"], "--sanitize", SANITIZE,
        "--dedupe", case["dedupe"], "--fuzzy", case.get("fuzzy", "global"),
        "--load", f"{shlex.quote(os.path.join(work, 'films.db'))} {case['load']} --quiet",
    ] + (["--no-parquet"] if options.no_parquet else []) + case["inputs"]
    db = os.path.join(work, "films.db")
    for old in (db, db + "-wal", db + "-shm"):
        if os.path.exists(old):
            os.remove(old)
    began = time.monotonic()
    result = subprocess.run(driver, stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - began
    steps = [line for line in result.stderr.splitlines() if line.startswith(("sluice-spark:", "sluice-"))]
    with open(os.path.join(work, "driver.log"), "w") as log:
        log.write(result.stderr)
    if result.returncode != 0:
        print(result.stderr[-3000:], file=sys.stderr)
        raise SystemExit(f"compare: the Spark driver failed (exit {result.returncode})")
    lines = []
    records_dir = os.path.join(work, "records")
    for name in sorted(os.listdir(records_dir)):
        if name.startswith("part-"):
            with open(os.path.join(records_dir, name), encoding="utf-8") as part:
                lines.extend(line.rstrip("\n") for line in part)
    return lines, db, seconds, steps


def read_lines(path):
    with open(path, encoding="utf-8") as file:
        return [line.rstrip("\n") for line in file]


def by_provenance(lines, keys):
    return sorted(lines, key=lambda line: (keys.provenance(line), line))


def clusters(lines, keys):
    """Cluster id -> its records' (source, row); a --merge line names its records in `members`."""
    members = {}
    source, row = keys.provenance_member.source, keys.provenance_member.row
    for line in lines:
        value, _ = keys.dedupe_member(line)
        merged = value.get(keys.dedupe.members)
        places = [(m[source], m[row]) for m in merged] if merged is not None else [keys.provenance(line)]
        members.setdefault(value[keys.dedupe.cluster], []).extend(places)
    return {cluster: sorted(group) for cluster, group in members.items()}


def table_rows(db):
    """Every table's schema and rows (sorted), _sluice_runs and the virtual tables themselves
    aside (their shadow tables hold their contents and are compared)."""
    connection = sqlite3.connect(db)
    tables = {}
    for name, sql in connection.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name"):
        if name == "_sluice_runs" or name.startswith("sqlite_") or sql.upper().startswith("CREATE VIRTUAL"):
            continue
        rows = connection.execute(f'SELECT * FROM "{name}"').fetchall()
        tables[name] = (sql, sorted(rows, key=repr))
    connection.close()
    return tables


def pair_agreement(bin_dir, reference, found):
    """Pairwise precision and recall of `found` clusters against `reference` ones (each cluster
    id -> its records), and the pairs of each, as `sluice-eval pairs` in `bin_dir` counts them.

    >>> by_record({"c1": [("a", 1), ("a", 2)], "c2": [("b", 1)]})
    {('a', 1): 'c1', ('a', 2): 'c1', ('b', 1): 'c2'}
    """
    counted = pairwise_score(os.path.join(bin_dir, "sluice-eval"), by_record(reference), by_record(found))
    return counted["precision"], counted["recall"], counted["true_pairs"], counted["predicted_pairs"]


def by_record(groups):
    """Each record's cluster, from cluster id -> its records."""
    return {record: cluster for cluster, group in groups.items() for record in group}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="+")
    parser.add_argument("--bin", default=".build-static/release")
    parser.add_argument("--gazetteer", default="data/sf-gazetteer.csv")
    parser.add_argument("--out", default="build/spark/compare")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--bench-records", type=int, default=100_000)
    parser.add_argument("--no-parquet", action="store_true")
    options = parser.parse_args(argv)
    # The cases keep fetch's and dedupe's member names (no --as): as the stages describe them.
    keys = record_keys.RecordKeys.describe(options.bin, (), [])

    bench_file = os.path.join(options.out, f"bench-{options.bench_records}.ndjson")
    if any(name.startswith("bench") for name in options.cases) and not os.path.exists(bench_file):
        os.makedirs(options.out, exist_ok=True)
        subprocess.run([os.path.join(options.bin, "sluice-bench"), "generate", "--records", str(options.bench_records), "--out", bench_file], check=True)
    table = cases(bench_file)
    checks = Checks()
    shell_clusters, parquet_checks = {}, []
    for name in options.cases:
        if name == "failures":
            check_failures(options, checks)
            continue
        case = table[name]
        print(f"{name}: {' '.join(case['inputs'])}, dedupe {case['dedupe']}" + (" (--fuzzy blocked)" if case.get("fuzzy") else ""), flush=True)
        work = os.path.join(options.out, name)
        reference = case.get("reference")
        if reference and reference in shell_clusters:
            expected_clusters, shell_lines = shell_clusters[reference]
        else:
            shell_records, shell_db, pipe_seconds, shell_seconds = run_shell(case, options, os.path.join(work, "shell"))
            shell_lines = read_lines(shell_records)
            expected_clusters = clusters(shell_lines, keys)
            shell_clusters[name] = (expected_clusters, shell_lines)
            print(f"  shell pipe {pipe_seconds:.2f} s, with sluice-load {shell_seconds:.2f} s", flush=True)
        spark_lines, spark_db, spark_seconds, steps = run_spark(case, options, os.path.join(work, "spark"))
        print(f"  spark ({options.master}) {spark_seconds:.2f} s", flush=True)
        for step in steps:
            print(f"    {step}")
        found = clusters(spark_lines, keys)
        if case.get("fuzzy") == "blocked":
            precision, recall, want, got = pair_agreement(options.bin, expected_clusters, found)
            print(f"  blocked against one machine: {len(found)} clusters (one machine {len(expected_clusters)}); pairs: precision {precision:.4f}, recall {recall:.4f} ({got} pairs, one machine {want})")
            checks.check("every record once", sum(len(g) for g in found.values()) == sum(len(g) for g in expected_clusters.values()))
            # One model, whole blocks and whole components: blocked mode writes what one machine does.
            by_place = {keys.provenance(line): line for line in shell_lines}
            same = sum(1 for line in spark_lines if by_place.get(keys.provenance(line)) == line)
            checks.check(f"records byte for byte the single machine's ({same} of {len(shell_lines)})", same == len(shell_lines) == len(spark_lines))
            continue
        expected = by_provenance(shell_lines, keys)
        got = by_provenance(spark_lines, keys)
        first = next((i for i, (a, b) in enumerate(zip(expected, got)) if a != b), None)
        checks.check(
            f"records byte for byte ({len(got)} from Spark, {len(expected)} from the shell)",
            expected == got,
            "" if expected == got else f"first difference at {first}:\n    shell {expected[first][:300] if first is not None else ''}\n    spark {got[first][:300] if first is not None else ''}",
        )
        checks.check(f"clusters ({len(found)}, {sum(len(g) > 1 for g in found.values())} with duplicates)", found == expected_clusters)
        shell_tables, spark_tables = table_rows(shell_db), table_rows(spark_db)
        same = shell_tables == spark_tables
        rows = sum(len(rows) for _, rows in shell_tables.values())
        differing = [t for t in set(shell_tables) | set(spark_tables) if shell_tables.get(t) != spark_tables.get(t)]
        checks.check(f"database rows ({len(shell_tables)} tables, {rows} rows)", same, f"differing tables {sorted(differing)}" if not same else "")
        if not options.no_parquet:
            parquet_checks.append((name, os.path.join(work, "spark", "records.parquet"), spark_lines))
    if parquet_checks:
        check_parquet(parquet_checks, checks, keys)
    print(f"spark-example: {checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


def check_failures(options, checks):
    """A stage failing inside a task fails the job with the stage's own message and exit status;
    with --rejects the bad line is kept and the rest goes on."""
    print("failures: a bad line and a bad option, on the executors", flush=True)
    work = os.path.join(options.out, "failures")
    os.makedirs(work, exist_ok=True)
    bad = os.path.join(work, "bad.ndjson")
    with open(bad, "w") as file:
        file.write('{"locations":"Pier 39"}\n{"locations": broken\n{"locations":"Coit Tower"}\n')

    def driver(out, *extra):
        command = [sys.executable, os.path.join(HERE, "sluice_spark.py"), "--master", options.master, "--bin", options.bin,
                   "--gazetteer", options.gazetteer, "--out", os.path.join(work, out), "--no-parquet", *extra, bad]
        return subprocess.run(command, stderr=subprocess.PIPE, text=True)

    stopped = driver("stopped", "--sanitize", "--field locations")
    said = f"sluice-fetch: {bad}:2: error: invalid JSON"
    checks.check("a bad line stops the job with sluice-fetch's message and status 65", stopped.returncode == 65 and said in stopped.stderr, f"exit {stopped.returncode}")
    kept = driver("kept", "--rejects", "--sanitize", "--field locations")
    rejects = read_lines(os.path.join(work, "kept", "rejects.ndjson")) if kept.returncode == 0 else []
    records = [line for name in sorted(os.listdir(os.path.join(work, "kept", "records"))) if name.startswith("part-") for line in read_lines(os.path.join(work, "kept", "records", name))] if kept.returncode == 0 else []
    reject = json.loads(rejects[0]) if len(rejects) == 1 else {}
    checks.check(
        "with --rejects the bad line is kept (line 2, invalid_json) and the 2 others go through",
        kept.returncode == 0 and reject.get("line") == 2 and reject.get("reason") == "invalid_json" and len(records) == 2,
        f"exit {kept.returncode}, {len(rejects)} rejects, {len(records)} records",
    )
    usage = driver("usage", "--rejects", "--sanitize", "--city Nowhere")
    checks.check(
        "a stage failing in a partition (sanitize without --field) fails the job with its message and status 64",
        usage.returncode == 64 and "sluice-sanitize in partition" in usage.stderr and "See 'sluice-sanitize --help'" in usage.stderr,
        f"exit {usage.returncode}",
    )


def check_parquet(parquet_checks, checks, keys):
    """Every record's values in the Parquet rows, read back by Spark (one session for all)."""
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    for name, path, lines in parquet_checks:
        rows = {}
        for row in spark.read.parquet(path).toLocalIterator():
            record = row.asDict(recursive=True)
            provenance = keys.provenance_member.of(record)
            rows[(provenance[keys.provenance_member.source], provenance[keys.provenance_member.row])] = record
        missing = 0
        for line in lines:
            record = json.loads(line)
            stored = rows.get(keys.provenance(line))
            if stored is None or not same_values(record, stored):
                missing += 1
        checks.check(f"{name}: Parquet holds every record with its values ({len(rows)} rows)", missing == 0 and len(rows) == len(lines), f"{missing} records differ" if missing else "")
    spark.stop()


def same_values(json_value, stored):
    """A JSON value against Spark's reading of it: objects as structs (members another record
    has are null), numbers as long or double, mixed types as JSON text."""
    if isinstance(json_value, dict):
        if not isinstance(stored, dict):
            return isinstance(stored, str) and json.loads(stored) == json_value
        return all(same_values(json_value.get(key), stored.get(key)) for key in set(json_value) | set(stored))
    if isinstance(json_value, list):
        if isinstance(stored, str):
            return json.loads(stored) == json_value
        return isinstance(stored, list) and len(stored) == len(json_value) and all(map(same_values, json_value, stored))
    if isinstance(stored, str) and not isinstance(json_value, str) and json_value is not None:
        return json.loads(stored) == json_value
    if isinstance(json_value, (int, float)) and isinstance(stored, (int, float)) and not isinstance(json_value, bool):
        return float(json_value) == float(stored)
    return json_value == stored


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
