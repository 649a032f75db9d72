// What SQLite spends per row when sluice-load's upsert carries 1, 8 or 32 rows a statement:
// N rows of the bench's films table (the schema sluice-load made of 50,000 fuzzy-deduped bench
// records: 46 columns, 36 of them given a value), inserted with
//   INSERT INTO films (...) VALUES (...)[, (...)]... ON CONFLICT (provenance_source,
//   provenance_row) DO UPDATE SET ... WHERE (...) IS NOT (excluded. ...)
// on a connection opened as sluice-load opens it (NOMUTEX, page_size 16384, DELETE journal,
// synchronous FULL, cache_size -8192), in one transaction. Count it under callgrind and read
// sqlite3_step's inclusive instructions (the row values are made with snprintf, outside it):
//
//   python3 -c "import sqlite3; print(sqlite3.connect('load.db').execute(\"SELECT sql FROM sqlite_master WHERE name = 'films'\").fetchone()[0] + ';')" > schema.sql
//   python3 -c "import re; print('\n'.join(' '.join(c) for c in re.findall(r'\"(\w+)\" (TEXT|INTEGER|REAL)', open('schema.sql').read())))" > cols.txt
//   gcc -O2 -o rows scripts/bench/sqlite_rows_per_statement.c -lsqlite3
//   valgrind --tool=callgrind --callgrind-out-file=cg.32 ./rows t32.db 51200 32
//   callgrind_annotate --inclusive=yes cg.32 | grep 'sqlite3_step \['
//
// Not part of the product or its tests: a measurement for BENCHMARKS.md (2026-12-02).
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char names[64][64];
static char types[64][16];
static int columnCount = 0;

static void die(sqlite3 *db, const char *what) {
  fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
  exit(1);
}

// Appends "a, b, c" of the non-key columns, each written by `format` (one %s, or two).
static char *listColumns(char *p, const char *format) {
  int first = 1;
  for (int c = 0; c < columnCount; c++) {
    if (!strncmp(names[c], "provenance_", 11)) continue;
    if (!first) p += sprintf(p, ", ");
    p += sprintf(p, format, names[c], names[c]);
    first = 0;
  }
  return p;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s DB ROWS ROWS_PER_STATEMENT (cols.txt and schema.sql in the current directory)\n", argv[0]);
    return 64;
  }
  int rows = atoi(argv[2]), perStatement = atoi(argv[3]);
  FILE *file = fopen("cols.txt", "r");
  if (!file) { perror("cols.txt"); return 66; }
  while (columnCount < 64 && fscanf(file, "%63s %15s", names[columnCount], types[columnCount]) == 2) columnCount++;
  fclose(file);
  static char schema[1 << 16];
  file = fopen("schema.sql", "r");
  if (!file) { perror("schema.sql"); return 66; }
  schema[fread(schema, 1, sizeof schema - 1, file)] = 0;
  fclose(file);

  remove(argv[1]);
  sqlite3 *db;
  if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, 0)) die(db, "open");
  sqlite3_exec(db, "PRAGMA page_size = 16384; PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; "
                   "PRAGMA foreign_keys = ON; PRAGMA cache_size = -8192;", 0, 0, 0);
  if (sqlite3_exec(db, schema, 0, 0, 0)) die(db, "schema");
  sqlite3_exec(db, "BEGIN", 0, 0, 0);

  static char sql[1 << 20];
  char *p = sql + sprintf(sql, "INSERT INTO films (");
  for (int c = 0; c < columnCount; c++) p += sprintf(p, "%s\"%s\"", c ? ", " : "", names[c]);
  p += sprintf(p, ") VALUES ");
  for (int r = 0; r < perStatement; r++) {
    p += sprintf(p, "%s(", r ? ", " : "");
    for (int c = 0; c < columnCount; c++) p += sprintf(p, "%s?", c ? ", " : "");
    p += sprintf(p, ")");
  }
  p += sprintf(p, " ON CONFLICT (\"provenance_source\", \"provenance_row\") DO UPDATE SET ");
  p = listColumns(p, "\"%s\" = excluded.\"%s\"");
  p += sprintf(p, " WHERE (");
  p = listColumns(p, "\"%s\"%.0s");
  p += sprintf(p, ") IS NOT (");
  p = listColumns(p, "excluded.\"%s\"%.0s");
  sprintf(p, ")");
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, 0)) die(db, "prepare");

  static char text[64][64 * 1024];  // each column's texts of one statement, bound without a copy
  for (int row = 0; row + perStatement <= rows; row += perStatement) {
    for (int r = 0; r < perStatement; r++) {
      int id = row + r;
      for (int c = 0; c < columnCount; c++) {
        int index = r * columnCount + c + 1;
        if (!strcmp(names[c], "provenance_source")) sqlite3_bind_text(statement, index, "<stdin>", 7, SQLITE_STATIC);
        else if (!strcmp(names[c], "provenance_row")) sqlite3_bind_int64(statement, index, id + 1);
        else if (c >= 36) sqlite3_bind_null(statement, index);
        else if (!strcmp(types[c], "INTEGER")) sqlite3_bind_int64(statement, index, (id * 7 + c) % 1000);
        else if (!strcmp(types[c], "REAL")) sqlite3_bind_double(statement, index, 37.7 + (id % 1000) * 1e-4);
        else {
          char *t = text[c] + r * 64;
          int length = snprintf(t, 64, "value of %s %d", names[c], (id * 31 + c) % 5000);
          sqlite3_bind_text(statement, index, t, length, SQLITE_STATIC);
        }
      }
    }
    if (sqlite3_step(statement) != SQLITE_DONE) die(db, "step");
    sqlite3_reset(statement);
  }
  sqlite3_exec(db, "COMMIT", 0, 0, 0);
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return 0;
}
