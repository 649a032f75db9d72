#!/usr/bin/env python3
"""Find-or-create at scale (issue 29, `make bench-against`): NEW records `--against` KNOWN known
ones, beside one run over all KNOWN + NEW with the same model; time and peak memory.

The bench's records (`sluice-bench generate`, through `sluice-fetch`, as `make bench`'s dedupe row
reads them) and its dedupe setup (`--compare title,locations:tokens,director,release_year:num
--block locations:fingerprint`). The model is learnt once on all records (`--model-out`); KNOWN is
the first records deduplicated with it, NEW the last ones. Each case runs `--runs` times after
one warm-up, the cases interleaved (a run of each, then again), and the median is reported: wall
seconds, CPU seconds (user + system) and peak RSS (`ru_maxrss` of the stage alone, from wait4).
The incremental case runs three ways: reading KNOWN's compiled index (`KNOWN.sluice-index`, as
every run after the first does), writing it (the index removed before each run: a first run, or
KNOWN replaced), and with `--no-index` (KNOWN read whole, nothing written). With `--other DIR`,
that build's sluice-dedupe runs the same incremental case in the same rounds (before and after a
change). Every incremental output is compared with the first one's, byte for byte.

    python3 scripts/bench_dedupe_against.py --bin .build/release [--known 1000000] [--new 10000]
        [--runs 3] [--work build/bench-against] [--other DIR]
"""
import argparse
import os
import statistics
import subprocess
import time

SETUP = ["--compare", "title,locations:tokens,director,release_year:num", "--block", "locations:fingerprint"]


def run(command, stdin_path, stdout_path):
    """Runs one command; returns (wall seconds, CPU seconds, peak RSS in MB)."""
    with open(stdin_path, "rb") as stdin, open(stdout_path, "wb") as stdout:
        start = time.monotonic()
        process = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        error = process.stderr.read().decode()
        process.stderr.close()
        process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)}: exit {process.returncode}\n{error}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def prepare(binary, work, known, new):
    """The records, the model and KNOWN, made once (kept between runs of the script)."""
    os.makedirs(work, exist_ok=True)
    stamp = os.path.join(work, f"stamp-{known}-{new}")
    paths = {name: os.path.join(work, name + ".ndjson") for name in ["all", "first", "new", "known"]}
    paths["model"] = os.path.join(work, "model.json")
    if os.path.exists(stamp):
        return paths
    generated = os.path.join(work, "generated.ndjson")
    subprocess.run([os.path.join(binary, "sluice-bench"), "generate", "--records", str(known + new), "--out", generated], check=True)
    with open(generated, "rb") as source, open(paths["all"], "wb") as out:
        subprocess.run([os.path.join(binary, "sluice-fetch"), "--format", "ndjson", "--quiet"], stdin=source, stdout=out, check=True)
    with open(paths["all"], "rb") as source, open(paths["first"], "wb") as first, open(paths["new"], "wb") as rest:
        for number, line in enumerate(source):
            (first if number < known else rest).write(line)
    dedupe = os.path.join(binary, "sluice-dedupe")
    subprocess.run([dedupe] + SETUP + ["--quiet", "--model-out", paths["model"], paths["all"]], stdout=subprocess.DEVNULL, check=True)
    with open(paths["known"], "wb") as out:
        subprocess.run([dedupe] + SETUP + ["--quiet", "--model", paths["model"], paths["first"]], stdout=out, check=True)
    open(stamp, "w").close()
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--known", type=int, default=1_000_000)
    parser.add_argument("--new", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default="build/bench-against")
    parser.add_argument("--other", help="another build's folder: its sluice-dedupe runs the incremental case too")
    options = parser.parse_args()
    paths = prepare(options.bin, options.work, options.known, options.new)
    model = ["--model", paths["model"]]
    against = SETUP + model + ["--against", paths["known"]]
    index = paths["known"] + ".sluice-index"
    incremental = f"{options.new:,} new --against {options.known:,} known"
    # name: (build, arguments, stdin, whether KNOWN's index is removed before the run)
    cases = {
        f"{incremental}, KNOWN's index read": (options.bin, against, paths["new"], False),
        f"{incremental}, KNOWN read, its index written": (options.bin, against, paths["new"], True),
        f"{incremental}, --no-index": (options.bin, against + ["--no-index"], paths["new"], False),
        f"one run over all {options.known + options.new:,}": (options.bin, SETUP + model, paths["all"], False),
    }
    if options.other:
        cases[f"{incremental} ({options.other})"] = (options.other, against, paths["new"], False)
    results = {name: [] for name in cases}
    outputs = {}
    for round_number in range(options.runs + 1):
        for name, (binary, arguments, stdin, unindexed) in cases.items():
            if unindexed and os.path.exists(index):
                os.remove(index)
            out = os.path.join(options.work, f"out-{list(cases).index(name)}.ndjson")
            measured = run([os.path.join(binary, "sluice-dedupe")] + arguments + ["--quiet"], stdin, out)
            if round_number > 0:  # round 0 is the warm-up
                results[name].append(measured)
            outputs[name] = out
    first = open(outputs[list(cases)[0]], "rb").read()
    for name in cases:
        if name.startswith(incremental) and name != list(cases)[0]:
            same = open(outputs[name], "rb").read() == first
            print(f"output of '{name}': {'identical' if same else 'DIFFERENT'}")
    print(f"| case | wall s (median of {options.runs}) | CPU s | peak RSS MiB |")
    print("|---|---|---|---|")
    for name, runs in results.items():
        wall, cpu, rss = (statistics.median(column) for column in zip(*runs))
        print(f"| {name} | {wall:.2f} | {cpu:.2f} | {rss:.0f} |")


if __name__ == "__main__":
    main()
