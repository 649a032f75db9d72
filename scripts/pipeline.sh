#!/usr/bin/env bash
# Runs the Sluice stages over the bundled San Francisco Film Locations data:
# one NDJSON file per stage (and its rejects) in OUT, then the SQLite database, then a summary.
# Usage: scripts/pipeline.sh BIN_DIR OUT_DIR [MORE.csv]
# With MORE (next week's new and changed rows, in the bundled CSV's columns), the run is week 2:
# the database is kept, the bundled CSV and MORE go through the stages, and MORE's records are
# linked (find or create) to the entities the database holds, read back with sluice-load
# --export, with the model week 1 learnt; merges and new entities are applied in the same load.
set -euo pipefail
bin=${1:?usage: pipeline.sh BIN_DIR OUT_DIR [MORE.csv]}
out=${2:?usage: pipeline.sh BIN_DIR OUT_DIR [MORE.csv]}
more=${3:-}
source_csv=data/Film_Locations_in_San_Francisco.csv
db=$out/sf-film-locations.db
model=$out/entity-model.json
# Entities (the same film's location however its row was spelt or updated): fields that stay in
# the film_locations table, so that the table read back is what week 2 links to.
entity=(--as entity --compare locations:tokens,director,writer,actor_1,production_company
  --block locations:fingerprint)

mkdir -p "$out"
rm -f "$out"/*.ndjson "$out/report.html" "$out/places.geojson"
if [ -z "$more" ]; then
  rm -f "$db" "$db-wal" "$db-shm" "$model"
elif [ ! -f "$db" ] || [ ! -f "$model" ]; then
  echo "pipeline: $db and $model come from a first run without MORE: run it first" >&2
  exit 1
fi
start=$(date +%s.%N)
summary=()

# run NAME OUTPUT COMMAND...: runs one stage, keeping its accounting line for the summary.
run() {
  local name=$1 output=$2
  shift 2
  local t0 t1 line
  t0=$(date +%s.%N)
  if ! "$@" --rejects "$out/$name.rejects.ndjson" > "$output" 2> "$out/$name.log"; then
    cat "$out/$name.log" >&2
    echo "pipeline: stage $name failed (see $out/$name.log)" >&2
    exit 1
  fi
  t1=$(date +%s.%N)
  line=$(grep -E ' in, ' "$out/$name.log" | tail -1 | sed 's/^[^:]*: //')
  summary+=("$(printf '  %-14s %6.2f s   %s' "$name" "$(awk "BEGIN{print $t1 - $t0}")" "$line")")
}

run 01-fetched "$out/01-fetched.ndjson" \
  "$bin/sluice-fetch" --keys snake_case --infer-types "$source_csv" ${more:+"$more"}
run 02-sanitized "$out/02-sanitized.ndjson" \
  "$bin/sluice-sanitize" --field locations --city "San Francisco" --state CA "$out/01-fetched.ndjson"
run 03-geocoded "$out/03-geocoded.ndjson" \
  "$bin/sluice-geocode" --gazetteer data/sf-gazetteer.csv "$out/02-sanitized.ndjson"
run 04-deduped "$out/04-deduped.ndjson" \
  "$bin/sluice-dedupe" --key address.key --mark "$out/03-geocoded.ndjson"
if [ -z "$more" ]; then
  # Week 1: entities learnt and found over every record; the model is kept for next week.
  run 04-linked "$out/04-linked.ndjson" \
    "$bin/sluice-dedupe" "${entity[@]}" --model-out "$model" "$out/04-deduped.ndjson"
else
  # Week 2: the bundled rows are in the table already (loaded again, they keep their entities);
  # MORE's rows are linked to the table's entities, read back from the database.
  "$bin/sluice-load" "$db" --export film_locations --nest entity --quiet > "$out/known.ndjson"
  grep -vF '"source":"'"$more"'"' "$out/04-deduped.ndjson" > "$out/04-known-rows.ndjson" || true
  grep -F '"source":"'"$more"'"' "$out/04-deduped.ndjson" > "$out/04-new-rows.ndjson" || true
  run 04-linked "$out/04-new-linked.ndjson" \
    "$bin/sluice-dedupe" "${entity[@]}" --model "$model" --against "$out/known.ndjson" "$out/04-new-rows.ndjson"
  cat "$out/04-known-rows.ndjson" "$out/04-new-linked.ndjson" > "$out/04-linked.ndjson"
fi
# One row per input record in film_locations, linking a film (films: title and year) to a place
# (locations: the address key with its coordinates, one row per place).
run 05-loaded /dev/null \
  "$bin/sluice-load" "$db" --table film_locations --pk provenance_source,provenance_row \
    --extract title,release_year:films \
    --extract address.key,address.kind,geo.lat,geo.lon,geo.precision,geo.matched:locations \
    --index films_id,locations_id --fts locations,fun_facts "$out/04-linked.ndjson"
# The report: a map of every geocoded place and the cleaning at a glance, one HTML file that
# opens from disk; the placed records as GeoJSON beside it.
report_inputs=()
for stage in 01-fetched 02-sanitized 03-geocoded 04-deduped 04-linked 05-loaded; do
  report_inputs+=(--stage-log "$out/$stage.log" --stage-rejects "$out/$stage.rejects.ndjson")
done
run 06-report "$out/report.html" \
  "$bin/sluice-report" --gazetteer data/sf-gazetteer.csv "${report_inputs[@]}" \
    --geojson "$out/places.geojson" "$out/04-deduped.ndjson"

end=$(date +%s.%N)
echo "pipeline: $source_csv${more:+ + $more} → $db"
printf '%s\n' "${summary[@]}"
printf '  %-14s %6.2f s\n' total "$(awk "BEGIN{print $end - $start}")"
strings=$("$bin/sluice-dedupe" --key locations --drop --quiet "$out/04-deduped.ndjson" | grep -c '"locations":"' || true)
# Counted in the table, not in the load's log: a second week's log names only the places it added.
places=$("$bin/sluice-load" "$db" --export locations --quiet | grep -c . || true)
echo "  places: $strings distinct location strings → $places places (rows of the locations table)"
# Geocoding: match rate by precision and the most frequent unmatched strings.
"$bin/sluice-eval" geocode-films "$out/03-geocoded.ndjson" > "$out/geocode-report.txt"
sed -n '1,10p' "$out/geocode-report.txt" | sed 's/^/  geocode: /'
echo "  files: $(cd "$out" && ls -1 | tr '\n' ' ')"
# Highlights of the records as they leave the pipeline: sluice-stats reads any of the files above.
highlights=(--fields address.kind,geo.precision,geo.score,dedupe.size --top 8 "$out/04-deduped.ndjson")
echo "  stats: sluice-stats ${highlights[*]}"
"$bin/sluice-stats" --quiet "${highlights[@]}" | sed 's/^./    &/'
# Last, so that `make pipeline | tail -1` is the page to open.
echo "$out/report.html"
