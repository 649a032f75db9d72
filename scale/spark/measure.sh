#!/usr/bin/env bash
# Times the shell pipeline and the Spark driver on the bench's generated records, RUNS times each
# (interleaved, so a change in the machine's load falls on all of them), and the driver with every
# stage replaced by `cat` (the same records, already through the stages) CAT_RUNS times, so that
# what Spark, Python and the pipes cost shows apart from the stages' own work. Prints the median
# of every timed step.
# Usage: [RUNS=3] [CAT_RUNS=RUNS] scale/spark/measure.sh RECORDS MASTER...   (make static spark-deps first)
#   scale/spark/measure.sh 100000 'local[1]' 'local[2]'
# Writes build/spark/measure-RECORDS/: the driver's logs (each step timed) and times.txt.
set -euo pipefail
records=${1:?usage: measure.sh RECORDS MASTER...}
shift
runs=${RUNS:-3}
cat_runs=${CAT_RUNS:-$runs}
bin=${STATIC_BIN:-.build-static/release}
python=${SPARK_PYTHON:-build/spark/venv/bin/python}
out=build/spark/measure-$records
input=$out/bench.ndjson
mkdir -p "$out"
[ -f "$input" ] || "$bin/sluice-bench" generate --records "$records" --out "$input" > /dev/null
sanitize='--field locations --city "San Francisco" --state CA'
dedupe='--key address.key --mark'
load='--table films --pk provenance_source,provenance_row'
times=$out/times.txt
echo "measure: $records records, $(nproc) cores, $runs runs ($cat_runs with cat), load average $(cut -d' ' -f1-3 /proc/loadavg) at the start" | tee "$times"

# seconds COMMAND...: the wall seconds of a command.
seconds() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@"
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}

# The `cat` stages read the records the shell pipeline wrote (their provenance names $input,
# which the cat standing for sluice-fetch reads instead).
shims=$(cd "$out" && pwd)/cat-stages
mkdir -p "$shims"
printf '#!/bin/sh\nexec /bin/cat %s\n' "$(cd "$out" && pwd)/shell.ndjson" > "$shims/sluice-fetch"
for stage in sluice-sanitize sluice-geocode sluice-dedupe; do printf '#!/bin/sh\nexec /bin/cat\n' > "$shims/$stage"; done
chmod +x "$shims"/*

shell_pipe="set -o pipefail; '$bin/sluice-fetch' --quiet '$input' | '$bin/sluice-sanitize' --quiet $sanitize \
  | '$bin/sluice-geocode' --quiet --gazetteer data/sf-gazetteer.csv | '$bin/sluice-dedupe' --quiet $dedupe > '$out/shell.ndjson'"
for run in $(seq 1 "$runs"); do
  log=$out/run-$run
  mkdir -p "$log"
  echo "run $run: load average $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$times"
  rm -f "$out"/shell.db*
  read -r pipe user sys < <(bash -c "TIMEFORMAT='%R %U %S'; time ( $shell_pipe )" 2>&1)
  load_time=$(seconds "$bin/sluice-load" --quiet "$out/shell.db" $load "$out/shell.ndjson")
  printf 'sluice-spark: %8.2f s  shell pipe (fetch | sanitize | geocode | dedupe --key)\nsluice-spark: %8.2f s  shell pipe CPU (user + system)\nsluice-spark: %8.2f s  sluice-load\nsluice-spark: %8.2f s  total\n' \
    "$pipe" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$load_time" "$(awk -v p="$pipe" -v l="$load_time" 'BEGIN { print p + l }')" > "$log/shell.log"
  echo "  shell: pipe $pipe s ($user s user, $sys s system CPU), sluice-load $load_time s" | tee -a "$times"
  for master in "$@"; do
    name=${master//[^a-z0-9]/}
    rm -rf "$out/spark-$name"
    total=$(seconds "$python" scale/spark/sluice_spark.py --master "$master" --bin "$bin" --out "$out/spark-$name" \
      --sanitize "$sanitize" --dedupe "$dedupe" --load "$out/spark-$name/films.db $load --quiet" "$input" 2> "$log/spark-$name.log")
    echo "  spark $master: $total s" | tee -a "$times"
  done
  [ "$run" -le "$cat_runs" ] || continue
  for master in "$@"; do
    name=${master//[^a-z0-9]/}
    rm -rf "$out/cat-$name"
    total=$(seconds "$python" scale/spark/sluice_spark.py --master "$master" --bin "$shims" --gazetteer data/sf-gazetteer.csv \
      --out "$out/cat-$name" --sanitize '' --dedupe "$dedupe" --no-parquet "$input" 2> "$log/cat-$name.log")
    echo "  spark $master, every stage cat: $total s" | tee -a "$times"
  done
done
echo "measure: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" | tee -a "$times"

# The median of each step over the runs, per configuration.
"$python" - "$out" "$@" <<'PY' | tee -a "$times"
import glob, os, re, statistics, sys
out, masters = sys.argv[1], sys.argv[2:]
names = ["shell"] + [f"{kind}-{re.sub('[^a-z0-9]', '', m)}" for kind in ("spark", "cat") for m in masters]
for name in names:
    steps = {}
    logs = sorted(glob.glob(os.path.join(out, "run-*", name + ".log")))
    for log in logs:
        for line in open(log, encoding="utf-8"):
            found = re.match(r"sluice-spark:\s+([\d.]+) s  (.*)", line)
            if found:
                steps.setdefault(found.group(2), []).append(float(found.group(1)))
    if not logs:
        continue
    print(f"median of {len(logs)}: {name}")
    for step, values in steps.items():
        print(f"  {statistics.median(values):8.2f} s  {step}  ({' '.join(f'{v:.2f}' for v in values)})")
PY
