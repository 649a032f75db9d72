#!/usr/bin/env bash
# make example-classifieds: a categories endpoint and a paginated listings endpoint, served on
# 127.0.0.1 from site/, loaded into OUT_DIR/classifieds.db: `categories` (unique ids) and `ads`,
# each ad with exactly one existing category (NOT NULL foreign key); an ad naming an unknown
# category is rejected with the reason unknown_reference, into OUT_DIR/ads-rejects.ndjson.
#   examples/classifieds/run.sh BIN_DIR OUT_DIR
set -euo pipefail
BIN=${1:?usage: run.sh BIN_DIR OUT_DIR}
OUT=${2:?usage: run.sh BIN_DIR OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../lib.sh"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
DB="$OUT/classifieds.db"
rm -f "$DB" "$DB-wal" "$DB-shm" "$OUT/ads-rejects.ndjson" "$OUT/server.log"
start_server "$HERE/site" "$OUT/server.log"

# 1. The categories, keyed by their id.
"$BIN/sluice-fetch" "$SERVER_URL/api/categories" |
    "$BIN/sluice-load" "$DB" --table categories --pk id

# 2. The ads, page by page until an empty page; dates to ISO 8601; each ad must name a
#    category loaded in step 1.
"$BIN/sluice-fetch" "$SERVER_URL/api/ads" --page-param page --records-at ads --dates posted --delay 0.05 |
    "$BIN/sluice-load" "$DB" --table ads --pk id --references category_id:categories \
        --index urgent,posted --rejects "$OUT/ads-rejects.ndjson"

# 3. Urgent first, then newest.
sql "$DB" "
    SELECT ads.id, ads.urgent, ads.posted, categories.name AS category, ads.title
    FROM ads JOIN categories ON categories.id = ads.category_id
    ORDER BY ads.urgent DESC, ads.posted DESC, ads.id"
echo "rejected:"
cut -c1-160 "$OUT/ads-rejects.ndjson"
