#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro over a function-pointer cast that Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic, which Swift cannot call. This turns off SQLite's memory
// statistics (a mutex and two counters around every allocation); it only takes effect before
// SQLite is initialized.
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

// How much of a statement journal SQLite keeps in memory before writing it to a temporary
// file (64 KiB unless built otherwise). Before SQLite is initialized, as above.
static inline int csqlite_statement_journal_spill(int bytes) { return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes); }
