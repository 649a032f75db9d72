# Run after the README's block, in the folder it ran in. The files stand in for the downloads:
# shops.csv, ten Chicago landmarks' street addresses with their town, state and ZIP in columns
# of their own; chicago.geojson.gz, the same ten points as OpenAddresses line-delimited GeoJSON
# (coordinates rounded to 4 decimals: a fixture, not a source); data/sf-gazetteer.csv, a slice of
# the bundled gazetteer with the SF streets that share a Chicago street's name (Michigan St,
# Addison St, Ellis St), which is what the SF gazetteer answered for them before it knew towns.
test "$(wc -l < shops.ndjson)" -eq 10
# Every address carries its record's town, state and ZIP.
test "$(grep -c '"city":"Chicago","state":"IL","zip":"606[0-9][0-9]"' shops.ndjson)" -eq 10
# Against San Francisco's gazetteer: all ten refused as outside it, none placed.
test "$(grep -c '"precision":"none","score":0,[^}]*"reason":"outside_gazetteer' against-sf.ndjson)" -eq 10
# Against a gazetteer of their own town: all ten placed at their address point.
test "$(grep -c '"precision":"address"' geocoded.ndjson)" -eq 10
# Sanitize and geocode passed the records' own fields through.
test "$(grep -c '"name":"[^"]*","street":"[^"]*","city":"Chicago","state":"IL","zip":"606' geocoded.ndjson)" -eq 10
