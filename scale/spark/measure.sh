#!/usr/bin/env bash
# Times the shell pipeline and the Spark driver on the bench's generated records, and the driver
# once more with every stage replaced by `cat` (the same records, already through the stages), so
# that what Spark, Python and the pipes cost shows apart from the stages' own work.
# Usage: scale/spark/measure.sh RECORDS MASTER...   (make static spark-deps first)
#   scale/spark/measure.sh 100000 'local[1]' 'local[2]'
# Writes build/spark/measure-RECORDS/: the driver's logs (each step timed) and times.txt.
set -euo pipefail
records=${1:?usage: measure.sh RECORDS MASTER...}
shift
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
echo "measure: $records records, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start" | tee "$times"

# seconds COMMAND...: the wall seconds of a command.
seconds() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@"
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}

rm -f "$out"/shell.db*
shell_pipe="set -o pipefail; '$bin/sluice-fetch' --quiet '$input' | '$bin/sluice-sanitize' --quiet $sanitize \
  | '$bin/sluice-geocode' --quiet --gazetteer data/sf-gazetteer.csv | '$bin/sluice-dedupe' --quiet $dedupe > '$out/shell.ndjson'"
read -r pipe user sys < <(bash -c "TIMEFORMAT='%R %U %S'; time ( $shell_pipe )" 2>&1)
load_time=$(seconds "$bin/sluice-load" --quiet "$out/shell.db" $load "$out/shell.ndjson")
echo "shell: pipe (fetch | sanitize | geocode | dedupe --key) $pipe s ($user s user, $sys s system CPU), sluice-load $load_time s" | tee -a "$times"

for master in "$@"; do
  name=${master//[^a-z0-9]/}
  rm -rf "$out/spark-$name"
  total=$(seconds "$python" scale/spark/sluice_spark.py --master "$master" --bin "$bin" --out "$out/spark-$name" \
    --sanitize "$sanitize" --dedupe "$dedupe" --load "$out/spark-$name/films.db $load --quiet" "$input" 2> "$out/spark-$name.log")
  echo "spark $master: $total s" | tee -a "$times"
  grep '^sluice-spark:' "$out/spark-$name.log" | sed 's/^/  /' | tee -a "$times"
done

# The same flow with `cat` for every stage, on the records the shell pipeline wrote (their
# provenance names $input, which the cat standing for sluice-fetch reads instead).
shims=$(cd "$out" && pwd)/cat-stages
mkdir -p "$shims"
printf '#!/bin/sh\nexec /bin/cat %s\n' "$(cd "$out" && pwd)/shell.ndjson" > "$shims/sluice-fetch"
for stage in sluice-sanitize sluice-geocode sluice-dedupe; do printf '#!/bin/sh\nexec /bin/cat\n' > "$shims/$stage"; done
chmod +x "$shims"/*
for master in "$@"; do
  name=${master//[^a-z0-9]/}
  rm -rf "$out/cat-$name"
  total=$(seconds "$python" scale/spark/sluice_spark.py --master "$master" --bin "$shims" --gazetteer data/sf-gazetteer.csv \
    --out "$out/cat-$name" --sanitize '' --dedupe "$dedupe" --no-parquet "$input" 2> "$out/cat-$name.log")
  echo "spark $master, every stage cat: $total s" | tee -a "$times"
  grep '^sluice-spark:' "$out/cat-$name.log" | sed 's/^/  /' | tee -a "$times"
done
echo "measure: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" | tee -a "$times"
