import CSQLite
import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error from SQLite: its result code, its message and the SQL that failed.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var sql: String?

    var description: String {
        sql.map { "\(message) (SQLite code \(code), in: \($0.prefix(200)))" } ?? "\(message) (SQLite code \(code))"
    }

    /// The primary result code: SQLITE_BUSY, SQLITE_FULL, SQLITE_CONSTRAINT…
    var primaryCode: Int32 { code & 0xFF }
}

/// One SQLite connection. The C API stays behind this class and `Statement`; every result code
/// is checked and turned into a `SQLiteError` with the message and the SQL.
final class Database {
    let handle: OpaquePointer

    /// Opens (creating if needed) a database file for reading and writing.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        _ = Database.configured
        var handle: OpaquePointer?
        // URI names (`file:x.db?mode=ro`) are accepted, so a database can be opened read-only.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw SQLiteError(code: code, message: message)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Settings for the whole process, made once before the first connection: no memory
    /// statistics (nothing reads them, and they lock a mutex around every allocation).
    private static let configured: Void = { _ = csqlite_disable_memory_statistics() }()

    /// Runs SQL that returns no rows (one or several statements).
    func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// The first column of the first row, as an integer (for `count(*)` and pragmas).
    func scalarInt(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int(at: 0)
    }

    /// The most columns a table can have (SQLITE_MAX_COLUMN, 2,000 unless SQLite was built otherwise).
    var columnLimit: Int { Int(sqlite3_limit(handle, SQLITE_LIMIT_COLUMN, -1)) }

    /// The most parameters a statement can have (SQLITE_MAX_VARIABLE_NUMBER, 32,766 since SQLite 3.32).
    var parameterLimit: Int { Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last row inserted on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether this SQLite was compiled with an option (`ENABLE_FTS5`, `ENABLE_RTREE`).
    static func hasCompileOption(_ name: String) -> Bool { sqlite3_compileoption_used(name) == 1 }

    /// The rows of a one-column query, as text (for schema questions and tests).
    func column(_ sql: String, _ parameters: [SQLValue] = []) throws(SQLiteError) -> [String?] {
        let statement = try prepare(sql)
        for (index, value) in parameters.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
        var values: [String?] = []
        while try statement.step() { values.append(statement.text(at: 0)) }
        return values
    }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws (the
    /// first error is the one rethrown). `BEGIN IMMEDIATE` takes the write lock up front, so a
    /// busy database is reported before any work is done.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Inside `transaction`: commits the work so far, calls `committed`, and opens the next
    /// transaction, which the helper then commits or rolls back as usual (`--batch-size`).
    func commitAndBegin(_ committed: () -> Void) throws(SQLiteError) {
        try execute("COMMIT")
        committed()
        try execute("BEGIN IMMEDIATE")
    }

    func error(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// How a load journals its transaction. A database is used in WAL mode (readers are never
    /// blocked by a load). A new one — no file yet, or an empty one — is first written with a
    /// rollback journal and switched to WAL when the load is over: WAL would write every page
    /// twice (to the log, then into the file at the checkpoint), a rollback journal writes new
    /// pages once and journals none of them, and no reader can have a file that did not exist.
    /// A load killed before the switch leaves a hot journal, which the next connection rolls
    /// back (atomic either way); synchronous is FULL meanwhile, as a rollback journal needs.
    /// A new database gets 16 KiB pages: a quarter of the writes (loading the pipeline's 1M wide
    /// rows took about 0.55 s of system time against 0.95 s with 4 KiB pages, into a file 4.5%
    /// smaller; the load's page cache is sized for them, see `LoadCommand.run`).
    enum Journal {
        case wal
        case rollbackUntilDone

        init(forLoading path: String) {
            // URI names (`file:…`) and in-memory databases are left as they are asked for.
            guard !path.hasPrefix("file:"), path != ":memory:", !path.isEmpty else {
                self = .wal
                return
            }
            var info = stat()
            let absent = stat(path, &info) != 0 && errno == ENOENT
            self = absent || (info.st_mode & S_IFMT == S_IFREG && info.st_size == 0) ? .rollbackUntilDone : .wal
        }

        var pragmas: String {
            switch self {
            case .wal: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
            // page_size only holds when it comes before the first table.
            case .rollbackUntilDone: "PRAGMA page_size = 16384; PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL;"
            }
        }

        /// Switches a new database to WAL, whatever became of the load (a warning if it cannot).
        func finish(_ database: Database, warn: (String) -> Void) {
            guard self == .rollbackUntilDone else { return }
            do {
                try database.execute(Journal.wal.pragmas)
            } catch {
                warn("the database could not be switched to WAL mode (it keeps a rollback journal): \(error.message)")
            }
        }
    }

    /// Quotes a table or column name that comes from data: `x"y` → `"x""y"`.
    static func quote(_ identifier: String) -> String {
        "\"" + identifier.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
