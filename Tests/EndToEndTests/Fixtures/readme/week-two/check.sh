# Run after the README's block, in the folder it ran in. week1.ndjson and week2.ndjson are the
# inputs of the golden cases dedupe/0020 and dedupe/0022 (Febrl-like people: 32 records, then 5
# more, two of them new versions of week 1's people and one tying two of week 1's clusters).
test "$(wc -l < known.ndjson)" -eq 32
# Week 2 read its KNOWN from the table: every known record carries its cluster.
test "$(grep -c '"dedupe":{"cluster":"[0-9a-f]\{16\}"' known.ndjson)" -eq 32
sluice-load people.db --export _sluice_runs --quiet > runs.ndjson
# The second load: 2 records joined known clusters, 2 new clusters, 1 merge applied to 1 row.
tail -1 runs.ndjson | grep -q '"merges":1,"merged_rows":1,"linked":2,"created":2'
sluice-load people.db --export people --quiet > people.ndjson
test "$(wc -l < people.ndjson)" -eq 37
# The absorbed cluster is gone from the table; its row carries the surviving id.
! grep -q '"cluster":"73548d2d6e046fad"' people.ndjson
test "$(grep -c '"dedupe":{"cluster":"73518d2d6e0239d6","size":3' people.ndjson)" -eq 3
