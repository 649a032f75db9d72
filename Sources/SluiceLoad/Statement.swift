import CSQLite

/// A prepared statement, finalized when released. Binding and stepping check every result code.
final class Statement {
    let database: Database
    let handle: OpaquePointer
    let sql: String

    init(database: Database, sql: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else { throw database.error(code, sql: sql) }
        self.database = database
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    nonisolated(unsafe) static let emptyText: UnsafePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    /// Binds a value to the 1-based parameter `index`.
    func bind(_ value: SQLValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            var text = text
            code = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // An empty string may have no storage; SQLite needs a non-null pointer for ''.
                    sqlite3_bind_text(handle, index, chars.baseAddress ?? Statement.emptyText, Int32(chars.count), csqlite_transient())
                }
            }
        }
        guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }

    /// Runs one step: true when a row is ready to read, false when done.
    @discardableResult
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code, sql: sql)
        }
    }

    /// Ready for the next set of bindings. (`sqlite3_reset` repeats the last step's error,
    /// which `step` already threw, so its result is not checked again here.)
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func int(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func text(at column: Int32) -> String? {
        sqlite3_column_text(handle, column).map { String(cString: $0) }
    }
}

/// A value as SQLite stores it.
enum SQLValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// The column type a value suggests when a table or column is created.
    var columnType: ColumnType? {
        switch self {
        case .null: nil
        case .integer: .integer
        case .real: .real
        case .text: .text
        }
    }
}

/// The declared type of a created column.
enum ColumnType: String {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"

    /// The type that holds both: integers widen to REAL, anything mixed with text is TEXT.
    func widened(with other: ColumnType) -> ColumnType {
        if self == other { return self }
        if self == .text || other == .text { return .text }
        return .real
    }
}
