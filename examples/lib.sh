# Sourced by the recipes (bash).
#
# start_server SITE_DIR LOG_FILE [server options]: starts examples/fixture_server.py on
# 127.0.0.1 for SITE_DIR and sets SERVER_URL; the server is killed when the recipe exits.
# SIGKILL, not SIGTERM: a recipe run from a test runner may inherit a signal mask that blocks
# SIGTERM.
start_server() {
    local site=$1 log=$2
    shift 2
    SERVER_PORT_FILE=$(mktemp)
    python3 "$(dirname "${BASH_SOURCE[0]}")/fixture_server.py" "$site" --log "$log" "$@" > "$SERVER_PORT_FILE" &
    SERVER_PID=$!
    trap 'status=$?; kill -9 $SERVER_PID 2>/dev/null; wait $SERVER_PID 2>/dev/null || true; rm -f "$SERVER_PORT_FILE"; exit $status' EXIT
    for _ in $(seq 100); do
        [ -s "$SERVER_PORT_FILE" ] && break
        sleep 0.1
    done
    [ -s "$SERVER_PORT_FILE" ] || { echo "fixture server did not start" >&2; exit 1; }
    SERVER_URL="http://127.0.0.1:$(head -1 "$SERVER_PORT_FILE")"
}

# sql DATABASE STATEMENTS: runs SQL with the sqlite3 shell, or with Python's sqlite3 module
# where the shell is not installed (rows printed with | between columns).
sql() {
    if command -v sqlite3 > /dev/null; then
        sqlite3 -header -column "$@"
    else
        python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
cursor = db.cursor()
for statement in filter(str.strip, sys.argv[2].split(";")):
    cursor.execute(statement)
    if cursor.description:
        print("|".join(d[0] for d in cursor.description))
        for row in cursor:
            print("|".join("" if v is None else str(v) for v in row))
' "$@"
    fi
}
