#!/bin/bash
# Instructions each stage executes on the bench's records, under callgrind: a count that does
# not move with the machine's load, where times on this shared 2-core machine move by 10-20%.
# Each stage reads the stage before's output (made once by the first build), so every build
# counts the same work; the outputs of the builds are compared byte for byte.
#
#   scripts/bench/instructions.sh [--records N] [--out DIR] BIN_DIR [BIN_DIR...]
#   scripts/bench/instructions.sh .build/release /tmp/old/.build/release
#
# Each build gets its own copy of the gazetteer, so each reads its own compiled index (one run
# first writes it, uncounted). Needs valgrind (apt-get install valgrind).
set -euo pipefail
records=50000
out=build/bench-instructions
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --records) records=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "instructions.sh: unknown option $1" >&2; exit 64 ;;
  esac
done
[[ $# -ge 1 ]] || { sed -n '2,10p' "$0" >&2; exit 64; }
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 69; }
mkdir -p "$out"
first=$1
gazetteer=data/sf-gazetteer.csv
dedupe=(--compare title,locations:tokens,director,release_year:num --block locations:fingerprint --threads 1 --quiet)

# The inputs, from the first build: each stage's is the stage before's output.
"$first/sluice-bench" generate --records "$records" --seed 7 --out "$out/records.ndjson" 2>/dev/null
cp "$out/records.ndjson" "$out/fetch.in"
"$first/sluice-fetch" --format ndjson --quiet < "$out/records.ndjson" > "$out/sanitize.in"
"$first/sluice-sanitize" --field locations --city "San Francisco" --state CA --quiet < "$out/sanitize.in" > "$out/geocode.in"
"$first/sluice-geocode" --gazetteer "$gazetteer" --quiet < "$out/geocode.in" > "$out/dedupe.in"
"$first/sluice-dedupe" "${dedupe[@]}" < "$out/dedupe.in" > "$out/load.in"

count() {  # count BIN STAGE TAG: prints the stage's instructions
  local bin=$1 stage=$2 tag=$3 args=()
  case $stage in
    fetch) args=(--format ndjson --quiet) ;;
    sanitize) args=(--field locations --city "San Francisco" --state CA --quiet) ;;
    geocode) args=(--gazetteer "$out/$tag/sf-gazetteer.csv" --quiet) ;;
    dedupe) args=("${dedupe[@]}") ;;
    load) rm -f "$out/$tag/load.db"*; args=("$out/$tag/load.db" --table films --pk provenance_source,provenance_row --quiet) ;;
  esac
  valgrind --tool=callgrind --callgrind-out-file="$out/$tag/$stage.callgrind" "$bin/sluice-$stage" "${args[@]}" \
    < "$out/$stage.in" > "$out/$tag/$stage.out" 2> "$out/$tag/$stage.valgrind"
  awk '/^summary:/ { print $2 }' "$out/$tag/$stage.callgrind"
}

tags=()
for index in $(seq $#); do
  tag=build$index; tags+=("$tag"); mkdir -p "$out/$tag"
  echo "$tag: ${!index}"
  cp "$gazetteer" "$out/$tag/sf-gazetteer.csv"
  "${!index}/sluice-geocode" --gazetteer "$out/$tag/sf-gazetteer.csv" --quiet < /dev/null
done
printf '%-9s' stage; printf ' %16s' "${tags[@]}"; echo
for stage in fetch sanitize geocode dedupe load; do
  printf '%-9s' "$stage"
  for index in $(seq $#); do printf ' %16s' "$(count "${!index}" "$stage" "build$index" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')"; done
  for tag in "${tags[@]:1}"; do cmp -s "$out/build1/$stage.out" "$out/$tag/$stage.out" || printf '  (%s output differs)' "$tag"; done
  echo
done
echo "callgrind files in $out/build*/ (callgrind_annotate FILE | swift-demangle)"
