import SluiceCore

/// The columns of the table being loaded: read from the database, created from the first rows
/// when the table is new, and extended with `ALTER TABLE … ADD COLUMN` when a record brings a
/// field never seen (unless `--strict`). SQLite compares column names case-insensitively, so
/// this does too.
struct TableSchema {
    let table: String
    private(set) var columns: [String] = []
    private var byLowercasedName: [String: String] = [:]

    init(table: String) {
        self.table = table
    }

    var exists: Bool { !columns.isEmpty }

    /// Reads the table's columns; none when the table does not exist.
    mutating func read(from database: Database) throws(SQLiteError) {
        let statement = try database.prepare("SELECT name FROM pragma_table_info(?)")
        try statement.bind(.text(table), at: 1)
        columns = []
        byLowercasedName = [:]
        while try statement.step() {
            register(statement.text(at: 0) ?? "")
        }
    }

    mutating func register(_ column: String) {
        columns.append(column)
        byLowercasedName[column.lowercased()] = column
    }

    /// The table's own spelling of a column, if it has it.
    func existing(_ column: String) -> String? { byLowercasedName[column.lowercased()] }

    /// Creates the table from sample rows: columns in first-appearance order, each typed by the
    /// values seen (INTEGER, REAL or TEXT; TEXT when only nulls were seen).
    /// - Parameters:
    ///   - onlyColumns: when given (lowercased), the columns to create; others are left out.
    ///   - references: foreign-key columns (`category_id` → `category`), created NOT NULL.
    mutating func create(
        in database: Database, from rows: [RecordFlattener.Row], primaryKey: [String],
        onlyColumns: Set<String>? = nil, references: [String: String] = [:]
    ) throws(SQLiteError) {
        var order: [String] = []
        var types: [String: ColumnType] = [:]
        var seen: Set<String> = []
        for row in rows {
            for (column, value) in row where onlyColumns?.contains(column.lowercased()) ?? true || references[column] != nil {
                if seen.insert(column.lowercased()).inserted { order.append(column) }
                guard let type = value.columnType else { continue }
                let key = column.lowercased()
                types[key] = types[key].map { $0.widened(with: type) } ?? type
            }
        }
        // A key column no sample record had still needs defining (its records will be rejected).
        for column in primaryKey where seen.insert(column.lowercased()).inserted { order.append(column) }
        var definitions = order.map { column in
            let definition = "\(Database.quote(column)) \((types[column.lowercased()] ?? .text).rawValue)"
            guard let lookup = references[column] else { return definition }
            return definition + " NOT NULL REFERENCES \(Database.quote(lookup)) (\"id\")"
        }
        if !primaryKey.isEmpty {
            definitions.append("PRIMARY KEY (\(primaryKey.map(Database.quote).joined(separator: ", ")))")
        }
        try database.execute("CREATE TABLE \(Database.quote(table)) (\(definitions.joined(separator: ", ")))")
        order.forEach { register($0) }
    }

    /// Adds a column for a field the table does not have yet. (SQLite cannot add a NOT NULL
    /// column without a default, so an added reference column is nullable.)
    mutating func add(_ column: String, typeOf value: SQLValue, references lookup: String? = nil, in database: Database) throws(SQLiteError) {
        let type = value.columnType ?? .text
        let reference = lookup.map { " REFERENCES \(Database.quote($0)) (\"id\")" } ?? ""
        try database.execute("ALTER TABLE \(Database.quote(table)) ADD COLUMN \(Database.quote(column)) \(type.rawValue)\(reference)")
        register(column)
    }

    /// Makes sure `ON CONFLICT (key)` has a unique index to work with on an existing table.
    func ensureUniqueKey(_ primaryKey: [String], in database: Database) throws(SQLiteError) {
        let name = "sluice_\(table)_key"
        let columns = primaryKey.map { Database.quote(existing($0) ?? $0) }.joined(separator: ", ")
        try database.execute("CREATE UNIQUE INDEX IF NOT EXISTS \(Database.quote(name)) ON \(Database.quote(table)) (\(columns))")
    }
}
