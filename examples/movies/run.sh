#!/usr/bin/env bash
# make example-movies: a paginated movie API on 127.0.0.1 that wants an API key and sends
# ETags. The first run fetches every page through a cache into OUT_DIR/movies.db; the second
# runs --offline (no request at all) into OUT_DIR/movies-offline.db and must reproduce it. The
# key comes from the environment (@env:MOVIES_API_KEY) and is never written anywhere.
#   examples/movies/run.sh BIN_DIR OUT_DIR
set -euo pipefail
BIN=${1:?usage: run.sh BIN_DIR OUT_DIR}
OUT=${2:?usage: run.sh BIN_DIR OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../lib.sh"
export MOVIES_API_KEY=${MOVIES_API_KEY:-fixture-key-8f3a}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
rm -rf "$OUT/cache" "$OUT"/movies*.db* "$OUT/server.log"
start_server "$HERE/site" "$OUT/server.log" --api-key "$MOVIES_API_KEY"

fetch() {
    "$BIN/sluice-fetch" "$SERVER_URL/3/discover/movie" --query api_key=@env:MOVIES_API_KEY \
        --page-param page --records-at results --cache "$OUT/cache" "$@"
}

# 1. Online, through the cache: every page is stored with its ETag.
fetch | "$BIN/sluice-load" "$OUT/movies.db" --table movies --pk id
# 2. Again, online: the server answers 304 Not Modified and the cached bodies are reused.
fetch > /dev/null
# 3. Offline: no request is made; the cache alone reproduces the table.
requests=$(wc -l < "$OUT/server.log")
fetch --offline | "$BIN/sluice-load" "$OUT/movies-offline.db" --table movies --pk id
[ "$(wc -l < "$OUT/server.log")" -eq "$requests" ] || { echo "the --offline run made requests" >&2; exit 1; }

table() { sql "$1" "SELECT * FROM movies ORDER BY id"; }
if [ "$(table "$OUT/movies.db")" != "$(table "$OUT/movies-offline.db")" ]; then
    echo "the offline run did not reproduce movies.db" >&2
    exit 1
fi
echo "requests: $(cut -d' ' -f3 "$OUT/server.log" | sort | uniq -c | tr -s ' ' | paste -sd,)"
sql "$OUT/movies.db" "SELECT id, title, release_date, vote_average FROM movies ORDER BY vote_average DESC"
