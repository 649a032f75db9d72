# Run after the README's block, in the folder it ran in. The files stand in for the downloads:
# multnomah.csv.gz, four OpenAddresses rows; tl_2024_41051_edges.*, four TIGER/Line EDGES (Main
# St through nodes 1-2-3, Oak Ave through 4-2-5, with address ranges; written in the layout of
# SluiceToolsTests' ShapefileWriter); trimet/stops.txt, two GTFS stops; Portland.osm.pbf, one named cafe (written by
# scripts/osm_extract.py from a one-node .osm); records.csv, six records.
test -s portland.csv
test "$(wc -l < geocoded.ndjson)" -eq 6
# Each record placed by the source that knows it: a point, a range, a corner, a point, a stop,
# a place from OpenStreetMap.
diff <(grep -o '"geo":{[^}]*"precision":"[a-z]*"' geocoded.ndjson | grep -o '"precision":"[a-z]*"' | cut -d'"' -f4) - <<'END'
address
interpolated
intersection
address
place
place
END
# The records' own address column is passed through untouched.
test "$(grep -c '"address":"[^"]*","provenance"' geocoded.ndjson)" -eq 6
