import SluiceCore

/// The columns of the table being loaded: read from the database, created from the first rows
/// when the table is new, and extended with `ALTER TABLE … ADD COLUMN` when a record brings a
/// field never seen (unless `--strict`). SQLite compares column names ignoring ASCII case, so
/// this does too.
struct TableSchema {
    let table: String
    private(set) var columns: [String] = []
    /// By folded name (`sqliteFolded`): the table's spelling of the column and its affinity.
    private var byFoldedName: [String: (name: String, affinity: ColumnAffinity)] = [:]

    init(table: String) {
        self.table = table
    }

    var exists: Bool { !columns.isEmpty }

    /// Reads the table's columns; none when the table does not exist.
    mutating func read(from database: Database) throws(SQLiteError) {
        let statement = try database.prepare("SELECT name, type FROM pragma_table_info(?)")
        try statement.bind(.text(table), at: 1)
        columns = []
        byFoldedName = [:]
        while try statement.step() {
            register(statement.text(at: 0) ?? "", type: statement.text(at: 1) ?? "")
        }
    }

    mutating func register(_ column: String, type: String) {
        columns.append(column)
        byFoldedName[column.sqliteFolded] = (column, ColumnAffinity(declaredType: type))
    }

    /// The name that reaches the row id in SQL: `rowid`, unless a column took it (a record with a
    /// `rowid` field), then `oid` or `_rowid_`; nil when all three are columns. The R*Tree and
    /// full-text triggers use it, so a record's own `rowid` never stands in for the row's.
    var rowIDName: String? { ["rowid", "oid", "_rowid_"].first { existing($0) == nil } }

    /// The table's own spelling of a column, if it has it.
    func existing(_ column: String) -> String? { byFoldedName[column.sqliteFolded]?.name }

    /// How a column converts the values stored in it (BLOB, converting nothing, when absent).
    func affinity(of column: String) -> ColumnAffinity { byFoldedName[column.sqliteFolded]?.affinity ?? .blob }

    /// Creates the table from sample rows: columns in first-appearance order, each typed by the
    /// values seen (INTEGER, REAL or TEXT; TEXT when only nulls were seen, when a number only
    /// text holds exactly was seen, or an integer beyond 2^53 beside a REAL). Creates nothing
    /// when the rows have no column and there is no key: SQLite has no table without columns.
    /// At most `columnLimit` columns are created; records bringing more are refused later.
    /// - Parameters:
    ///   - onlyColumns: when given (folded), the columns to create; others are left out.
    ///   - references: foreign-key columns (`categories_id` → `categories.id`), created NOT NULL.
    mutating func create(
        in database: Database, from rows: [RecordFlattener.Row], primaryKey: [String],
        onlyColumns: Set<String>? = nil, references: [String: ForeignKey] = [:]
    ) throws(SQLiteError) {
        var order: [String] = []
        var types: [String: ColumnType] = [:]
        var wideIntegers: Set<String> = []
        var seen: Set<String> = []
        for row in rows {
            for (column, value) in row where onlyColumns?.contains(column.sqliteFolded) ?? true || references[column] != nil {
                let key = column.sqliteFolded
                if seen.insert(key).inserted { order.append(column) }
                guard let type = value.columnType else { continue }
                if case .integer(let number) = value, number.magnitude > 1 << 53 { wideIntegers.insert(key) }
                types[key] = types[key].map { $0.widened(with: type) } ?? type
            }
        }
        // A key column no sample record had still needs defining (its records will be rejected).
        for column in primaryKey where seen.insert(column.sqliteFolded).inserted { order.append(column) }
        guard !order.isEmpty else { return }
        let limit = database.columnLimit
        if order.count > limit {
            let kept = Set(primaryKey.map(\.sqliteFolded) + references.keys.map(\.sqliteFolded))
            var room = limit - order.filter { kept.contains($0.sqliteFolded) }.count
            order = order.filter { column in
                if kept.contains(column.sqliteFolded) { return true }
                room -= 1
                return room >= 0
            }
        }
        var created: [(name: String, type: ColumnType)] = []
        var definitions = order.map { column in
            let key = column.sqliteFolded
            var type = types[key] ?? .text
            // A REAL column would round an integer beyond 2^53.
            if type == .real, wideIntegers.contains(key) { type = .text }
            created.append((column, type))
            let definition = "\(Database.quote(column)) \(type.rawValue)"
            guard let target = references[column] else { return definition }
            return definition + " NOT NULL " + target.clause
        }
        if !primaryKey.isEmpty {
            definitions.append("PRIMARY KEY (\(primaryKey.map(Database.quote).joined(separator: ", ")))")
        }
        try database.execute("CREATE TABLE \(Database.quote(table)) (\(definitions.joined(separator: ", ")))")
        created.forEach { register($0.name, type: $0.type.rawValue) }
    }

    /// Adds a column for a field the table does not have yet. (SQLite cannot add a NOT NULL
    /// column without a default, so an added reference column is nullable.)
    mutating func add(_ column: String, typeOf value: SQLValue, references target: ForeignKey? = nil, in database: Database) throws(SQLiteError) {
        let type = value.columnType ?? .text
        let reference = target.map { " " + $0.clause } ?? ""
        try database.execute("ALTER TABLE \(Database.quote(table)) ADD COLUMN \(Database.quote(column)) \(type.rawValue)\(reference)")
        register(column, type: type.rawValue)
    }

    /// Whether one INSERT of several rows, with NULL in the columns a row lacks, stores what the
    /// rows inserted one by one without those columns would (`TableLoader.writeTogether`): no
    /// column has a default, and no foreign key refers to the table itself (checked at the end of
    /// a statement, a row could refer to one inserted with it). True of the tables Sluice makes.
    func takesRowsTogether(in database: Database) throws(SQLiteError) -> Bool {
        let defaults = try database.prepare("SELECT count(*) FROM pragma_table_xinfo(?) WHERE dflt_value IS NOT NULL")
        try defaults.bind(.text(table), at: 1)
        guard try defaults.step(), defaults.int(at: 0) == 0 else { return false }
        let references = try database.prepare("SELECT \"table\" FROM pragma_foreign_key_list(?)")
        try references.bind(.text(table), at: 1)
        while try references.step() {
            if references.text(at: 0)?.sqliteFolded == table.sqliteFolded { return false }
        }
        return true
    }

    /// Makes sure `ON CONFLICT (key)` has a unique index to work with on an existing table.
    func ensureUniqueKey(_ primaryKey: [String], in database: Database) throws(SQLiteError) {
        let name = "sluice_\(table)_key"
        let columns = primaryKey.map { Database.quote(existing($0) ?? $0) }.joined(separator: ", ")
        try database.execute("CREATE UNIQUE INDEX IF NOT EXISTS \(Database.quote(name)) ON \(Database.quote(table)) (\(columns))")
    }
}
