#!/usr/bin/env bash
# Checks that the executables of `make static` need nothing of the Swift toolchain: ldd lists no
# libswift*, libFoundation*, libdispatch or library under the toolchain, and the stages run a small
# pipeline (fetch → sanitize → geocode → dedupe → load) under `env -i`, with no PATH,
# LD_LIBRARY_PATH or anything else from this shell. What they do link is the C library and system
# libraries an executor's OS has (libstdc++; libcurl for sluice-fetch; libsqlite3 for sluice-load).
# Usage: scale/spark/check-static.sh BIN_DIR
set -euo pipefail
bin=$(cd "${1:?usage: check-static.sh BIN_DIR}" && pwd)
stages="sluice-fetch sluice-sanitize sluice-geocode sluice-dedupe sluice-load"
toolchain=$(dirname "$(dirname "$(command -v swift || echo /opt/swift/usr/bin/swift)")")
failed=0
for stage in $stages; do
  libraries=$(ldd "$bin/$stage")
  if grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|not found' <<< "$libraries" \
    || grep -F "$toolchain/" <<< "$libraries"; then
    echo "check-static: $stage still needs the libraries above" >&2
    failed=1
  fi
done
[ "$failed" -eq 0 ] || exit 1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'title,locations\nVertigo,Mason & California Streets\nVertigo,California and Mason\n' > "$work/films.csv"
cp data/sf-gazetteer.csv "$work/gazetteer.csv"
# Nothing from this environment: each stage by its full path, TMPDIR for dedupe's spool.
env -i TMPDIR="$work" bash -c "set -euo pipefail; cd '$work'
  '$bin/sluice-fetch' --quiet films.csv \
    | '$bin/sluice-sanitize' --quiet --field locations --city 'San Francisco' --state CA \
    | '$bin/sluice-geocode' --quiet --gazetteer gazetteer.csv \
    | '$bin/sluice-dedupe' --quiet --key address.key > out.ndjson
  '$bin/sluice-load' --quiet films.db --table films out.ndjson"
clusters=$(grep -o '"cluster":"[0-9a-f]*"' "$work/out.ndjson" | sort -u | wc -l)
if [ "$(wc -l < "$work/out.ndjson")" -ne 2 ] || [ "$clusters" -ne 1 ] || ! grep -q '"precision":"intersection"' "$work/out.ndjson"; then
  echo "check-static: the pipeline under env -i did not give 2 geocoded records in 1 cluster:" >&2
  cat "$work/out.ndjson" >&2
  exit 1
fi
sizes=$(for stage in $stages; do du -m "$bin/$stage" | cut -f1; done | tr '\n' ' ')
echo "check-static: $(wc -w <<< "$stages") executables, no libswift* or toolchain library (ldd), a pipeline run under env -i (sizes MB: $sizes)"
