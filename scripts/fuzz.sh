#!/usr/bin/env bash
# `make fuzz`: coverage-guided fuzzing of every parser with libFuzzer and AddressSanitizer.
# Builds the library modules and each target of Fuzz/ with `swiftc -sanitize=fuzzer,address`
# (not part of `swift build`), seeds each target's corpus from the test fixtures and bundled
# data, runs each target for SECONDS, and prints the executions per target and in total. A crash
# is minimised into build/fuzz/artifacts/TARGET/ and fails the run: turn it into a unit test.
# Usage: scripts/fuzz.sh SECONDS [TARGET ...]      (targets: json json-array csv gazetteer gazetteer-index html
#        address labels gtfs-stops openaddresses geojson report compare known-index model osm-pbf osm-xml; default all)
set -euo pipefail
seconds=${1:?usage: fuzz.sh SECONDS [TARGET ...]}
shift
cd "$(dirname "$0")/.."
out=build/fuzz
swiftc=${SWIFTC:-swiftc}
# FUZZ_OPTIMIZE=-Onone builds in a third of the time and keeps Swift's debug bounds checks on
# unsafe buffers (CI's short pass); -O runs several times more executions a second.
optimize=${FUZZ_OPTIMIZE:--O}
# Sources/CZlib: the module map SluiceTools imports zlib through; Sources/CMalloc, glibc's malloc.h for
# SluiceDedupe.
flags=(-parse-as-library "$optimize" -sanitize=fuzzer,address -enable-testing -I Sources/CZlib)
# Swift's own crash backtracer reads memory that AddressSanitizer then reports, and can hang a
# minimising run: libFuzzer reports the crash itself.
export SWIFT_BACKTRACE=enable=no

# target: its source file, then the modules it needs (dependents before their dependencies).
declare -A source=(
  [json]=JSONTarget [json-array]=JSONArrayTarget [csv]=CSVTarget [gazetteer]=GazetteerTarget [gazetteer-index]=GazetteerIndexTarget [html]=HTMLTarget
  [address]=AddressTarget [labels]=LabelsTarget [gtfs-stops]=GTFSStopsTarget [openaddresses]=OpenAddressesTarget
  [geojson]=GeoJSONTarget [report]=ReportTarget [compare]=CompareTarget [known-index]=KnownIndexTarget [model]=ModelTarget [osm-pbf]=OSMPBFTarget [osm-xml]=OSMXMLTarget)
declare -A modules=(
  [json]="SluiceCore" [json-array]="SluiceFetch SluiceCore" [csv]="SluiceGeocode SluiceSanitize SluiceCore"
  [gazetteer]="SluiceGeocode SluiceSanitize SluiceCore" [gazetteer-index]="SluiceGeocode SluiceSanitize SluiceCore"
  [html]="SluiceFetch SluiceCore" [address]="SluiceSanitize SluiceCore" [labels]="SluiceDedupe SluiceSanitize SluiceCore"
  [gtfs-stops]="SluiceTools SluiceGeocode SluiceDedupe SluiceSanitize SluiceCore" [openaddresses]="SluiceTools SluiceGeocode SluiceDedupe SluiceSanitize SluiceCore"
  [geojson]="SluiceTools SluiceGeocode SluiceDedupe SluiceSanitize SluiceCore" [report]="SluiceReport SluiceLoad SluiceGeocode SluiceDedupe SluiceSanitize SluiceCore"
  [compare]="SluiceDedupe SluiceSanitize SluiceCore" [known-index]="SluiceDedupe SluiceSanitize SluiceCore" [model]="SluiceDedupe SluiceSanitize SluiceCore"
  [osm-pbf]="SluiceTools SluiceGeocode SluiceDedupe SluiceSanitize SluiceCore" [osm-xml]="SluiceTools SluiceGeocode SluiceDedupe SluiceSanitize SluiceCore")
# Files compiled beside a target's own: the check every gazetteer source's target makes.
declare -A support=([gtfs-stops]=Fuzz/Support/GazetteerBuildCheck.swift [openaddresses]=Fuzz/Support/GazetteerBuildCheck.swift
  [geojson]=Fuzz/Support/GazetteerBuildCheck.swift)
# The system libraries behind the C modules (SQLite for SluiceLoad, zlib for SluiceTools).
declare -A system_libraries=([SluiceLoad]=-lsqlite3 [SluiceTools]=-lz)
all=(json json-array csv gazetteer gazetteer-index html address labels gtfs-stops openaddresses geojson report compare known-index model osm-pbf osm-xml)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

# The probe the issue asked for: does this toolchain's libFuzzer link and run here?
modules_dir=$out/modules$optimize
bin_dir=$out/bin$optimize
mkdir -p "$modules_dir" "$bin_dir"
probe=$bin_dir/probe
if [ ! -x "$probe" ]; then
  printf '@_cdecl("LLVMFuzzerTestOneInput") public func probe(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }\n' > "$out/probe.swift"
  if ! "$swiftc" "${flags[@]}" "$out/probe.swift" -o "$probe" 2> "$out/probe.log"; then
    echo "fuzz: this toolchain cannot build with -sanitize=fuzzer (see $out/probe.log)" >&2
    exit 1
  fi
fi

# A module is rebuilt when any of its sources is newer than its library.
build_module() {
  local module=$1 deps=() library=$modules_dir/lib$1.a
  case $module in
    SluiceFetch | SluiceSanitize | SluiceLoad) deps=(SluiceCore) ;;
    SluiceGeocode | SluiceDedupe) deps=(SluiceSanitize SluiceCore) ;;
    SluiceTools) deps=(SluiceGeocode SluiceDedupe SluiceSanitize SluiceCore) ;;
    SluiceReport) deps=(SluiceLoad SluiceGeocode SluiceDedupe SluiceSanitize SluiceCore) ;;
  esac
  for dep in "${deps[@]}"; do build_module "$dep"; done
  if [ -f "$library" ] && [ -z "$(find "Sources/$module" -name '*.swift' -newer "$library" | head -1)" ]; then return; fi
  echo "fuzz: building $module"
  "$swiftc" "${flags[@]}" -module-name "$module" -I "$modules_dir" -I Sources/CSQLite -I Sources/CZlib -I Sources/CMalloc -emit-module -emit-module-path "$modules_dir/$module.swiftmodule" \
    -emit-library -static -o "$library" $(find "Sources/$module" -name '*.swift' | sort) 2>&1 | grep -v 'Cannot export local symbol' || true
  [ -f "$library" ] || { echo "fuzz: $module did not build" >&2; exit 1; }
}

# Seeds: whole fixture files, and single lines of the NDJSON and CSV ones.
seed() {
  local target=$1 corpus=$out/corpus/$1
  mkdir -p "$corpus"
  [ -z "$(ls -A "$corpus")" ] || return 0
  local n=0
  add() { n=$((n + 1)); printf '%s' "$1" > "$corpus/seed-$n"; }
  case $target in
    json | json-array)
      for file in Tests/EndToEndTests/Cases/*/*/input.ndjson Tests/EndToEndTests/Cases/*/*/expected.stdout; do
        [ -f "$file" ] && head -c 3000 "$file" | head -n 20 | while IFS= read -r line; do printf '%s' "$line" > "$corpus/line-$RANDOM$RANDOM"; done
      done
      for file in Tests/EndToEndTests/Cases/fetch/*/*.json examples/*/site/api/*.json examples/movies/site/3/discover/*.json; do
        add "$(head -c 4000 "$file")"
      done ;;
    csv | gazetteer | gazetteer-index)
      if [ "$target" = csv ]; then
        for file in Tests/EndToEndTests/Cases/fetch/*/*.csv; do add "$(cat "$file")"; done
        add "$(head -n 12 data/Film_Locations_in_San_Francisco.csv)"
        # Records longer than the limit the target streams with (1 + the first byte % 24): quoted
        # line breaks, escaped quotes and a carriage return across it, and a quote left open.
        add $'a,b\n1,"xxxxxxxxxx""\nyyyyyyyyyy""zzzzzzzzzz",3\r\n4,5\n"q"x,"r"\r\r\n6,"open and long, long, long'
      fi
      for file in Tests/EndToEndTests/Cases/geocode/*/gazetteer.csv; do add "$(head -c 4000 "$file")"; done
      add "$(head -n 30 data/sf-gazetteer.csv)"
      add "$(head -n 2 data/sf-gazetteer.csv; grep -m 20 ',place,' data/sf-gazetteer.csv || true)" ;;
    html)
      for file in Tests/EndToEndTests/Cases/fetch/*/*.html examples/episodes/site/shows/*.html; do add "$(head -c 4000 "$file")"; done ;;
    osm-pbf)
      cp Tests/SluiceToolsTests/Fixtures/osm/*.pbf "$corpus/" ;;
    osm-xml)
      cp Tests/SluiceToolsTests/Fixtures/osm/*.osm "$corpus/"
      add '<osm><node id="1" lat="1" lon="2"><tag k="a" v="&amp;&#233;&#xe9;"/></node><way id="2"><nd ref="1"/></way></osm>' ;;
    address)
      grep -o '"text": "[^"]*"' Tests/SluiceSanitizeTests/Fixtures/sf-labelled.ndjson | sed 's/^"text": "//; s/"$//' | head -n 400 \
        | while IFS= read -r line; do printf '%s' "$line" > "$corpus/label-$RANDOM$RANDOM"; done ;;
    labels)
      for file in Tests/EndToEndTests/Cases/dedupe/*/labels.ndjson; do add "$(head -c 4000 "$file")"; done
      add '{"a":{"record":1},"b":{"record":2},"label":"match"}'
      add '{"a":"a1","b":"a3","label":"distinct"}' ;;
    gtfs-stops)
      for file in Tests/SluiceToolsTests/Fixtures/city/stops.txt Tests/EndToEndTests/Cases/gazetteer/*/stops.txt; do add "$(head -c 4000 "$file")"; done ;;
    openaddresses)
      for file in Tests/SluiceToolsTests/Fixtures/city/addresses.csv Tests/EndToEndTests/Cases/gazetteer/*/addresses.csv \
        Tests/EndToEndTests/Cases/gazetteer/*/addresses.geojson; do add "$(head -c 4000 "$file")"; done
      add $'ADDRESS,LONGITUDE,LATITUDE\n1200 NE 45TH ST,-122.3146,47.6614\n86-12 91ST AVE UNIT 3,-73.85,40.69\n9400 - 9599 8th Av Sw,-122.3,47.5'
      add $'Name,ADDRESS\nEbisu,"13376 N US 183 HWY\nAUSTIN, TX 78750\n(30.44696, -97.78921)"\nTacos,"6555 BURNET RD\nAUSTIN, TX 78757"\n' ;;
    geojson)
      for file in Tests/SluiceToolsTests/Fixtures/city/*.geojson Tests/EndToEndTests/Cases/gazetteer/*/*.geojson; do add "$(head -c 4000 "$file")"; done ;;
    report)
      for file in Tests/EndToEndTests/Cases/report/*/input.ndjson Tests/EndToEndTests/Cases/geocode/*/expected.stdout \
        Tests/EndToEndTests/Cases/dedupe/*/expected.stdout; do
        [ -f "$file" ] && add "$(head -c 4000 "$file")"
      done
      add '{"geo":{"lat":37.7,"lon":-122.4,"precision":"place","score":1e300}}' ;;
    known-index)
      add 'a'; add 'hello world, a known record'; add "$(head -c 400 Tests/EndToEndTests/Cases/dedupe/0020-model-out-week1/expected.stdout 2>/dev/null || true)" ;;
    model)
      for file in Tests/EndToEndTests/Cases/dedupe/*/model.json Tests/EndToEndTests/Cases/dedupe/*/expected.model.json; do add "$(cat "$file")"; done ;;
    compare)
      # Pairs of values as dedupe compares them: two fields of one record, one a line.
      for file in Tests/EndToEndTests/Cases/dedupe/*/input.ndjson; do
        mapfile -t values < <(head -n 10 "$file" | grep -o '"[a-z_]*":\("[^"]*"\|[-0-9.e]*\|{[^}]*}\)' | sed 's/^"[a-z_]*"://' | head -n 40)
        for ((i = 0; i + 1 < ${#values[@]}; i += 2)); do printf '%s\n%s' "${values[i]}" "${values[i + 1]}" > "$corpus/pair-$RANDOM$RANDOM"; done
      done
      add $'1e19\n19081209'
      add $'{"lat":37.7,"lon":-122.4}\n{"lat":1e308,"lon":-1e400}'
      # Inputs that once failed a check here (Fuzz/Seeds/TARGET/, kept as found).
      cp Fuzz/Seeds/compare/* "$corpus/" ;;
  esac
}

total=0
summary=()
failed=0
for target in "${targets[@]}"; do
  [ -n "${source[$target]:-}" ] || { echo "fuzz: unknown target '$target' (targets: ${all[*]})" >&2; exit 64; }
  for module in ${modules[$target]}; do build_module "$module"; done
  binary=$bin_dir/fuzz-$target
  libraries=()
  for module in ${modules[$target]}; do libraries+=("-l$module" ${system_libraries[$module]:-}); done
  if [ ! -x "$binary" ] || [ -n "$(find "Fuzz/${source[$target]}.swift" ${support[$target]:-} "$modules_dir" -newer "$binary" | head -1)" ]; then
    echo "fuzz: linking fuzz-$target"
    "$swiftc" "${flags[@]}" -I "$modules_dir" -I Sources/CSQLite -I Sources/CZlib -I Sources/CMalloc -L "$modules_dir" "Fuzz/${source[$target]}.swift" ${support[$target]:-} "${libraries[@]}" -o "$binary" 2>&1 \
      | grep -v 'Cannot export local symbol' || true
  fi
  seed "$target"
  mkdir -p "$out/artifacts/$target"
  log=$out/$target.log
  echo "fuzz: $target for $seconds s"
  status=0
  "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/$target/" "$out/corpus/$target" > "$log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  total=$((total + runs))
  if [ "$status" -ne 0 ]; then
    failed=1
    for crash in "$out/artifacts/$target"/crash-* "$out/artifacts/$target"/timeout-* "$out/artifacts/$target"/oom-*; do
      [ -f "$crash" ] && [[ $crash != *.min && $crash != *.log ]] || continue
      timeout 120 "$binary" -minimize_crash=1 -max_total_time=60 -exact_artifact_path="$crash.min" "$crash" > "$crash.minimize.log" 2>&1 || true
    done
    summary+=("$(printf '  %-14s %12s executions   FAILED: see %s and %s' "$target" "$runs" "$log" "$out/artifacts/$target/")")
  else
    summary+=("$(printf '  %-14s %12s executions   no crash' "$target" "$runs")")
  fi
done
echo "fuzz: $seconds s per target (libFuzzer, AddressSanitizer, $optimize)"
printf '%s\n' "${summary[@]}"
printf '  %-14s %12s executions\n' total "$total"
exit $failed
