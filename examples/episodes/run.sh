#!/usr/bin/env bash
# make example-episodes: episode-list pages of two shows, in two table layouts, served on
# 127.0.0.1, loaded into OUT_DIR/episodes.db (one row per show, season and episode, with an
# SxxEyy code and ISO air dates). Then someone marks episodes watched with plain SQL, the
# site gains one new episode, and the refresh keeps the watched flags while adding it.
#   examples/episodes/run.sh BIN_DIR OUT_DIR
set -euo pipefail
BIN=${1:?usage: run.sh BIN_DIR OUT_DIR}
OUT=${2:?usage: run.sh BIN_DIR OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../lib.sh"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
DB="$OUT/episodes.db"
rm -rf "$DB" "$DB-wal" "$DB-shm" "$OUT/site" "$OUT/server.log"
# A copy of the site, so the refresh below can change it.
cp -R "$HERE/site" "$OUT/site"
start_server "$OUT/site" "$OUT/server.log"

fetch_and_load() {
    {
        "$BIN/sluice-fetch" "$SERVER_URL/shows/garden-hour.html" --html-table table.wikitable \
            --keys snake_case --infer-types --dates original_air_date --set show="The Garden Hour"
        "$BIN/sluice-fetch" "$SERVER_URL/shows/night-kitchen.html" --html-table '#episodes table' \
            --keys snake_case --infer-types --dates original_air_date --set show="Night Kitchen"
    } | "$BIN/sluice-load" "$DB" --table episodes --pk show,season,no_in_season
}

# 1. First import; the SxxEyy code is a generated column, computed by SQLite.
fetch_and_load
sql "$DB" "ALTER TABLE episodes ADD COLUMN code TEXT GENERATED ALWAYS AS (printf('S%02dE%02d', season, no_in_season)) VIRTUAL"

# 2. A person marks what they have seen, with plain SQL: a column Sluice never writes.
sql "$DB" "ALTER TABLE episodes ADD COLUMN watched INTEGER NOT NULL DEFAULT 0;
    UPDATE episodes SET watched = 1 WHERE show = 'The Garden Hour' AND season = 1 OR code = 'S01E01'"

# 3. The wiki gains an episode; the refresh upserts by (show, season, episode).
cp "$HERE/refresh/garden-hour.html" "$OUT/site/shows/garden-hour.html"
fetch_and_load

sql "$DB" "
    SELECT show, code, title, original_air_date AS aired, watched
    FROM episodes ORDER BY show, season, no_in_season"
