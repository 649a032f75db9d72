import CSQLite
import SluiceCore

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
        case .number(let text):
            // Without a column to store it in: a double when one holds the value, else the text.
            guard let exact = NumberText.exactDouble(text) else { return try bind(.text(text), at: index) }
            code = sqlite3_bind_double(handle, index, exact)
        case .text(let text):
            var text = text
            code = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // An empty string may have no storage; SQLite needs a non-null pointer for ''.
                    sqlite3_bind_text(handle, index, chars.baseAddress ?? Statement.emptyText, Int32(chars.count), csqlite_transient())
                }
            }
        case .blobText(let text):
            var text = text
            code = text.withUTF8 { bytes in
                sqlite3_bind_blob(
                    handle, index, bytes.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(Statement.emptyText), Int32(bytes.count),
                    csqlite_transient())
            }
        }
        guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }

    /// Binds an integer (no conversion to check: the caller knows the column keeps it).
    @inline(__always)
    func bindInteger(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    @inline(__always)
    func bindDouble(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    @inline(__always)
    func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds UTF-8 text without copying it: the bytes must stay as they are until the
    /// statement has been stepped (SQLITE_STATIC).
    @inline(__always)
    func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(SQLiteError) {
        let pointer = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(Statement.emptyText)
        try check(sqlite3_bind_text(handle, index, pointer.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil))
    }

    /// The same bytes as a BLOB, which no column affinity converts.
    @inline(__always)
    func bindBlob(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(SQLiteError) {
        let pointer = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(Statement.emptyText)
        try check(sqlite3_bind_blob(handle, index, pointer, Int32(bytes.count), nil))
    }

    @inline(__always)
    func check(_ code: Int32) throws(SQLiteError) {
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
    /// which `step` already threw, so its result is not checked again here.) With
    /// `keepingBindings`, the caller binds every parameter before each step, so clearing them
    /// (a loop over all of them per row) is skipped.
    func reset(keepingBindings: Bool = false) {
        sqlite3_reset(handle)
        if !keepingBindings { sqlite3_clear_bindings(handle) }
    }

    func int(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// A result column's name.
    func name(at column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }

    func text(at column: Int32) -> String? {
        sqlite3_column_text(handle, column).map { String(cString: $0) }
    }

    /// A column's value as SQLite stored it: its storage class and content, NULs included.
    func value(at column: Int32) -> StoredValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_NULL: return .null
        case let type:
            // Ask for the pointer first, then the length (the order SQLite's documentation asks for).
            let pointer = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(handle, column)) : sqlite3_column_blob(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            let bytes = pointer.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
            return type == SQLITE_TEXT ? .text(bytes) : .blob(bytes)
        }
    }
}

/// A value read back from the database, exactly as stored.
enum StoredValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text([UInt8])
    case blob([UInt8])
}

/// A value to store: SQLite's storage classes, plus a JSON number kept as its text until the
/// column it goes in is known (see `stored(in:)`).
enum SQLValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    /// A JSON number that is not a 64-bit integer, as written: `2.5`, `1e400`, `123456789012345678901`.
    case number(String)
    case text(String)
    /// Text stored as a BLOB of its UTF-8 bytes, which no column affinity converts.
    case blobText(String)

    /// The column type a value suggests when a table or column is created: a number only text
    /// can hold exactly suggests TEXT.
    var columnType: ColumnType? {
        switch self {
        case .null: nil
        case .integer: .integer
        case .real: .real
        case .number(let text): NumberText.exactDouble(text) == nil ? .text : .real
        case .text, .blobText: .text
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
