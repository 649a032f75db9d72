#!/usr/bin/env python3
"""sluice_spark.py: the Sluice stages, unchanged, on Apache Spark.

    python3 scale/spark/sluice_spark.py --master 'local[2]' --bin .build-static/release \\
        --gazetteer data/sf-gazetteer.csv --out build/spark/sf \\
        --fetch '--keys snake_case --infer-types' \\
        --sanitize '--field locations --city "San Francisco" --state CA' \\
        --dedupe '--key address.key --mark' \\
        --load 'build/spark/sf/films.db --table film_locations --pk provenance_source,provenance_row' \\
        data/Film_Locations_in_San_Francisco.csv

1. sluice-fetch runs once per input file (a task each; `row` counts within a file), then the
   records are spread over --partitions and each partition is streamed through
   `sluice-sanitize | sluice-geocode` (stage_pipe.py: RDD.pipe's mechanism, with stderr, exit
   statuses and rejects kept). The executables and the gazetteer travel with SparkContext.addFile.
2. sluice-dedupe, exact mode (--key): a first `sluice-dedupe --mark` at the end of that chain
   writes each record's cluster id (the hash of its key); records are hash-partitioned on it, so
   every cluster is whole in one partition, sorted there in input order, and piped through the
   stage again: ids, sizes, canonical records and bytes are the single machine's (dedupe_plan.py).
   Fuzzy mode (--compare): --fuzzy global, the default, runs the stage once over every record
   (the single machine's clusters); --fuzzy blocked learns the model once (--model-out over all
   records), links records per partition of the blocking keys the stage writes (--block-keys)
   with that model (--model), joins the links into components by label propagation, and has the
   stage write each component, whole in one partition: one machine's output (fuzzy_blocks.py
   says why).
3. The records, in input order, as NDJSON part files and as Parquet (Spark's writer); with
   --load, sluice-load on the driver when there are at most --load-max-records.
Everything the stages said is in OUT/logs/, their rejects in OUT/rejects.ndjson (--rejects);
--fuzzy blocked keeps the model it learnt in OUT/dedupe-model.json.
"""

import argparse
import os
import re
import shlex
import shutil
import sys
import time
from subprocess import PIPE, Popen

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import dedupe_plan  # noqa: E402
import fuzzy_blocks  # noqa: E402
import record_keys  # noqa: E402
import stage_pipe  # noqa: E402

SHIPPED = "sparkfile:"
KEY_PASS = "sluice-dedupe (partitioning key)"
KEYS_PASS = "sluice-dedupe (blocking keys)"
MODEL_PASS = "sluice-dedupe (model, --model-out)"
LINK_PASS = "sluice-dedupe (links per block)"
RECORDS_PER_OUTPUT = 100_000
# The stages of Package.swift's `stages` that run here, in order (StageListTests checks them).
STAGE_ORDER = ["sluice-fetch", "sluice-sanitize", "sluice-geocode", KEY_PASS, KEYS_PASS, MODEL_PASS, LINK_PASS, "sluice-dedupe"]
COUNT = re.compile(r"(\d+) ([^(]+?)(?: \((\d+) ([^)]*)\))?")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="sluice_spark.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="files every executor can read (NDJSON, CSV, JSON: what sluice-fetch reads)")
    parser.add_argument("--master", default="local[2]", help="Spark master (default local[2])")
    parser.add_argument("--bin", default=".build-static/release", help="where the sluice-* executables are")
    parser.add_argument("--no-ship", action="store_true", help="run the executables from --bin on the executors instead of shipping them with addFile")
    parser.add_argument("--gazetteer", default="data/sf-gazetteer.csv", help="sluice-geocode's gazetteer, shipped to the executors")
    parser.add_argument("--out", required=True, help="output folder: records/ (NDJSON), records.parquet/, logs/, rejects.ndjson")
    parser.add_argument("--partitions", type=int, default=0, help="partitions for every step (default: Spark's default parallelism)")
    parser.add_argument("--stage-threads", type=int, default=1, help="--threads for sanitize and geocode in a task (default 1: one task, one core)")
    for stage in ("fetch", "sanitize", "geocode", "dedupe"):
        parser.add_argument(f"--{stage}", default=None if stage in ("sanitize", "dedupe") else "", metavar="ARGS", help=f"sluice-{stage}'s options, one string")
    parser.add_argument("--fuzzy", choices=("global", "blocked"), default="global", help="fuzzy dedupe: one task over all records, or linked per block with one model learnt over all records (the same output)")
    parser.add_argument("--load", metavar="ARGS", help="sluice-load's arguments (DATABASE --table …): load on the driver")
    parser.add_argument("--load-max-records", type=int, default=20_000_000, help="load only up to this many records (default 20,000,000)")
    parser.add_argument("--no-parquet", action="store_true", help="do not write records.parquet")
    parser.add_argument("--rejects", action="store_true", help="every stage keeps going past bad records (--rejects): they go to OUT/rejects.ndjson")
    parser.add_argument("--driver-memory", default="2g", help="the driver JVM's heap (default 2g; in local mode the executors share it)")
    return parser.parse_args(argv)


def resolve(argv):
    """Turns shipped-file markers into the executor's local paths (SparkFiles lives there)."""
    from pyspark import SparkFiles

    return [SparkFiles.get(arg[len(SHIPPED) :]) if arg.startswith(SHIPPED) else arg for arg in argv]


def run_stages(items, stages, keep_rejects):
    return stage_pipe.pipe_partition(items, [(name, resolve(argv)) for name, argv in stages], keep_rejects)


def fetch_files(files, argv, keep_rejects):
    """One sluice-fetch per input file of this task, its path as given (the provenance source)."""
    for _, path in files:
        yield from run_stages(iter(()), [("sluice-fetch", argv + [path])], keep_rejects)


class Timer:
    def __init__(self):
        self.start = time.monotonic()
        self.steps = []

    def step(self, name, body):
        began = time.monotonic()
        result = body()
        self.steps.append((name, time.monotonic() - began))
        print(f"sluice-spark: {self.steps[-1][1]:8.2f} s  {name}", file=sys.stderr, flush=True)
        return result


def main(argv):
    options = parse_arguments(argv)
    timer = Timer()
    from pyspark import StorageLevel
    from pyspark.sql import SparkSession

    def start_session():
        return (
            SparkSession.builder.master(options.master)
            .appName("sluice")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.driver.memory", options.driver_memory)
            .config("spark.python.worker.reuse", "true")
            .getOrCreate()
        )

    spark = timer.step("start Spark (JVM, session)", start_session)
    sc = spark.sparkContext
    sc.setLogLevel("ERROR")
    for module in ("stage_pipe.py", "record_keys.py", "dedupe_plan.py", "fuzzy_blocks.py"):
        sc.addPyFile(os.path.join(HERE, module))
    sc.addPyFile(sys.modules[record_keys.Member.__module__].__file__)  # scripts/sluice_contract.py
    partitions = options.partitions or sc.defaultParallelism

    def executable(name):
        path = os.path.abspath(os.path.join(options.bin, name))
        if not os.access(path, os.X_OK):
            sys.exit(f"sluice_spark.py: {path} is missing: build it (make static)")
        if options.no_ship:
            return path
        sc.addFile(path)
        return SHIPPED + name

    sc.addFile(os.path.abspath(options.gazetteer))
    keep = options.rejects
    index = {path: number for number, path in enumerate(options.inputs)}
    if len(index) != len(options.inputs):
        sys.exit("sluice_spark.py: an input is named twice")
    # Members and fields as the stages name them, run with these options (--as): --describe-output.
    keys = record_keys.RecordKeys.describe(options.bin, shlex.split(options.fetch), shlex.split(options.dedupe) if options.dedupe is not None else None)

    # 1. fetch per file, then sanitize | geocode per partition.
    fetch = [executable("sluice-fetch")] + shlex.split(options.fetch)
    files = sc.parallelize(list(enumerate(options.inputs)), len(options.inputs))
    records = files.mapPartitions(lambda part: fetch_files(part, fetch, keep))
    chain = []
    if options.sanitize is not None:
        sanitize = [executable("sluice-sanitize")] + shlex.split(options.sanitize)
        chain.append(("sluice-sanitize", sanitize + threads(sanitize, options.stage_threads)))
    geocode = [executable("sluice-geocode"), "--gazetteer", SHIPPED + os.path.basename(options.gazetteer)] + shlex.split(options.geocode)
    chain.append(("sluice-geocode", geocode + threads(geocode, options.stage_threads)))
    if options.dedupe is not None:
        dedupe_args = shlex.split(options.dedupe)
        dedupe = [executable("sluice-dedupe")] + dedupe_args
        plan = dedupe_plan.DedupePlan(dedupe_args, keys)
        if not plan.fuzzy:
            # Exact mode: the stage marks each record with its cluster id, the partitioning key.
            chain.append((KEY_PASS, plan.key_pass(dedupe)))
        elif options.fuzzy == "blocked":
            # Blocked mode: the stage writes each record's blocking keys, the partitioning keys.
            chain.append((KEYS_PASS, fuzzy_blocks.keys_pass(dedupe)))
    records = records.repartition(partitions).mapPartitions(lambda part: run_stages(part, chain, keep))

    # 2. dedupe, each cluster whole in one partition.
    if options.dedupe is not None:
        if plan.fuzzy and options.fuzzy == "blocked":
            def ship(name, text):
                """A file the driver keeps in OUT and every executor gets (the learnt model)."""
                os.makedirs(options.out, exist_ok=True)
                path = os.path.abspath(os.path.join(options.out, name))
                with open(path, "w", encoding="utf-8") as file:
                    file.write(text)
                sc.addFile(path)
                return SHIPPED + name

            # The model is learnt and label propagation runs (jobs, each timed); the last pass
            # runs with the steps below.
            passes = (MODEL_PASS, LINK_PASS, "sluice-dedupe")
            records = fuzzy_blocks.blocked(records, dedupe, plan, partitions, index, keep, run_stages, ship, passes, timer.step)
        else:
            dedupe_partitions = partitions if not plan.fuzzy else 1
            keyed = records.keyBy(lambda item: plan.partition_key(item, dedupe_partitions, index))
            ordered_parts = keyed.repartitionAndSortWithinPartitions(dedupe_partitions, partitionFunc=lambda key: key[0])
            records = ordered_parts.values().mapPartitions(lambda part: run_stages(part, [("sluice-dedupe", dedupe)], keep))

    results = records.persist(StorageLevel.MEMORY_AND_DISK)
    sides = timer.step("fetch, sanitize, geocode, dedupe (the stages)", lambda: results.filter(lambda item: not isinstance(item, str)).collect())
    lines = results.filter(lambda item: isinstance(item, str))
    if options.dedupe is not None and plan.checks_whole_clusters:
        timer.step("check every cluster is whole", lambda: check_whole_clusters(lines, keys))

    # 3. outputs, in input order.
    # Output partitions of at most RECORDS_PER_OUTPUT records: the load on the driver holds two
    # at a time (toLocalIterator), and the part files stay a readable size.
    count = timer.step("count the records", lines.count)
    output_partitions = max(partitions, -(-count // RECORDS_PER_OUTPUT))
    # sortByKey samples the keys (a job) to find its ranges.
    keyed = lines.keyBy(lambda line: keys.order_key(line, index))
    by_order = timer.step("sort in input order", lambda: keyed.sortByKey(numPartitions=output_partitions))
    ordered = by_order.values().persist(StorageLevel.MEMORY_AND_DISK)
    out = options.out
    os.makedirs(out, exist_ok=True)
    for old in ("records", "records.parquet", "logs"):
        shutil.rmtree(os.path.join(out, old), ignore_errors=True)
    timer.step("write records/ (NDJSON)", lambda: ordered.saveAsTextFile(os.path.join(out, "records")))
    if not options.no_parquet:
        # Read back from the part files by Spark's own JSON reader: no record crosses into Python.
        # Hadoop reads a path as a glob: brackets in it (an OUT named after local[2]) are escaped.
        written = re.sub(r"([\[\]{}*?\\])", r"\\\1", os.path.abspath(os.path.join(out, "records")))
        parquet = lambda: spark.read.json(written).write.parquet(os.path.join(out, "records.parquet"))  # noqa: E731
        timer.step("write records.parquet", parquet)
    write_sides(sides, out, keep)
    status = 0
    if options.load:
        status = timer.step("sluice-load on the driver", lambda: load(ordered, count, options))
    spark.stop()
    print(f"sluice-spark: {time.monotonic() - timer.start:8.2f} s  total", file=sys.stderr)
    return status


def threads(argv, count):
    return [] if "--threads" in argv or count <= 0 else ["--threads", str(count)]


def check_whole_clusters(lines, keys):
    """Exact --mark: a cluster's records counted over all partitions must equal the size the
    stage wrote in each: a cluster cut in two by the partitioning would show two smaller sizes."""

    def cluster(line):
        value, _ = keys.dedupe_member(line)
        return (value[keys.dedupe.cluster], (1, value[keys.dedupe.size]))

    counts = lines.map(cluster).reduceByKey(lambda a, b: (a[0] + b[0], a[1]))
    broken = counts.filter(lambda kv: kv[1][0] != kv[1][1]).take(5)
    if broken:
        raise RuntimeError(f"sluice-spark: clusters split across partitions (id, (records, size)): {broken}")


def write_sides(sides, out, keep):
    """OUT/logs/<stage>.log (each partition's stderr), OUT/rejects.ndjson, and the summed
    accounting line of every stage on stderr."""
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    logs = {}
    for item in sides:
        if item[0] == "log":
            logs.setdefault(item[1], []).append((item[2], item[3]))
    for stage, parts in sorted(logs.items(), key=lambda kv: STAGE_ORDER.index(kv[0])):
        with open(os.path.join(out, "logs", f"{stage}.log"), "w", encoding="utf-8") as log:
            for partition, text in sorted(parts):
                log.write(f"# partition {partition}\n{text}")
        print(summed_accounting(stage, [text for _, text in parts]), file=sys.stderr)
    cpu = {}
    for item in sides:
        if item[0] == "cpu":
            cpu[item[1]] = cpu.get(item[1], 0.0) + item[2]
    for stages, seconds in cpu.items():
        print(f"sluice-spark: {seconds:8.2f} s  CPU of the stage processes: {stages}", file=sys.stderr)
    if keep:
        with open(os.path.join(out, "rejects.ndjson"), "w", encoding="utf-8") as rejects:
            for item in sides:
                if item[0] == "reject":
                    rejects.write(item[2] + "\n")


def summed_accounting(stage, texts):
    """`sluice-geocode: 100000 in, 100000 out, 0 rejected, …` summed over partitions: every
    count (`N word`, `N clusters (M with duplicates)`) is added up; what is not a count (a mean
    score) is left out."""
    totals, program = {}, stage.split(" (")[0]
    for text in texts:
        lines = [line for line in text.splitlines() if line.startswith(f"{program}: ") and " in, " in line]
        for part in lines[-1][len(program) + 2 :].split(", ") if lines else []:
            match = COUNT.fullmatch(part)
            if match:
                number, what, inner, inner_what = match.groups()
                totals[what] = totals.get(what, 0) + int(number)
                if inner:
                    totals[f"{what}: {inner_what}"] = totals.get(f"{what}: {inner_what}", 0) + int(inner)
    parts = []
    for what, count in totals.items():
        if ": " in what:
            parts[-1] += f" ({count} {what.split(': ', 1)[1]})"
        else:
            parts.append(f"{count} {what}")
    return f"{stage}: {', '.join(parts)} ({len(texts)} {'partition' if len(texts) == 1 else 'partitions'})"


def load(ordered, count, options):
    """sluice-load on the driver, fed the records in input order (so ids match a single-machine
    load), when the result is small enough for one SQLite file."""
    if count > options.load_max_records:
        print(f"sluice-spark: {count} records are more than --load-max-records {options.load_max_records}: not loaded (use records.parquet)", file=sys.stderr)
        return 0
    argv = [os.path.join(options.bin, "sluice-load")] + shlex.split(options.load)
    proc = Popen(argv, stdin=PIPE, bufsize=1 << 16)
    try:
        for line in ordered.toLocalIterator(prefetchPartitions=True):
            proc.stdin.write(line.encode("utf-8") + b"\n")
    except BrokenPipeError:
        pass
    proc.stdin.close()
    status = proc.wait()
    if status != 0:
        print(f"sluice-spark: sluice-load exited {status}", file=sys.stderr)
    return status


def run(argv):
    """main, with a stage's failure in a task told as the stage told it, and its exit status."""
    try:
        return main(argv)
    except Exception as error:  # noqa: BLE001 - Spark wraps the task's exception in a Java one
        message = stage_pipe.failure_message(error)
        if message is None:
            raise
        print(message, file=sys.stderr)
        status = re.search(r"\(exit status (\d+)\)", message)
        return int(status.group(1)) if status else 1


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
