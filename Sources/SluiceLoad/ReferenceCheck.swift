import SluiceCore

/// A foreign key as the schema declares it: `REFERENCES "categories" ("id")`.
struct ForeignKey: Equatable {
    var table: String
    var column = "id"

    var clause: String { "REFERENCES \(Database.quote(table)) (\(Database.quote(column)))" }
}

/// `--references COL:TABLE[.COL]`: a column that refers by value to a table loaded separately
/// (listings → categories). A new table declares it `NOT NULL REFERENCES`; every record is
/// checked first, so a record whose value is missing or not in TABLE is rejected with a
/// reason (`missing_reference`, `unknown_reference`) instead of stopping the load.
///
///     sluice-load ads.db --table ads --pk id --references category_id:categories.id ads.ndjson
///     {"id":7,"category_id":99,…}  →  rejected: unknown_reference (no categories.id = 99)
///
/// - Complexity: one indexed query per distinct value (known values are remembered).
final class ReferenceCheck {
    struct Spec: Equatable {
        var column: String
        var target: ForeignKey

        /// Parses `COL:TABLE[.COL]`; the referenced column defaults to `id`.
        init(_ text: String) throws(StageFailure) {
            let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].hasPrefix("."), !parts[1].hasSuffix(".") else {
                throw .usage("option '--references' needs COLUMN:TABLE[.COLUMN], got '\(text)'")
            }
            column = parts[0].replacingDots()
            let target = parts[1].split(separator: ".", maxSplits: 1).map(String.init)
            self.target = ForeignKey(table: target[0], column: target.count > 1 ? target[1] : "id")
        }
    }

    /// Why a record's reference does not hold.
    enum Problem: Equatable {
        case missing
        case unknown(String)
    }

    let spec: Spec
    let lookup: Statement
    private var known: Set<String> = []

    /// Prepares the check; the referenced column must exist and be unique (a primary key or a
    /// unique index), or SQLite could not enforce the foreign key.
    init(spec: Spec, database: Database) throws {
        self.spec = spec
        let table = spec.target.table
        var schema = TableSchema(table: table)
        try schema.read(from: database)
        guard schema.exists else {
            throw StageFailure(
                .dataError, "--references \(spec.column):\(table).\(spec.target.column): there is no table '\(table)' yet: load it first")
        }
        guard let column = schema.existing(spec.target.column), try ReferenceCheck.isUnique(column, in: table, database) else {
            throw StageFailure(
                .dataError, "--references: '\(table).\(spec.target.column)' must be a column with unique values (its primary key or a unique index)")
        }
        lookup = try database.prepare("SELECT 1 FROM \(Database.quote(table)) WHERE \(Database.quote(column)) = ? LIMIT 1")
    }

    /// Whether `column` alone is the table's primary key or has a unique index of its own.
    static func isUnique(_ column: String, in table: String, _ database: Database) throws -> Bool {
        let quotedTable = "'" + table.replacingOccurrences(of: "'", with: "''") + "'"
        let quotedColumn = "'" + column.replacingOccurrences(of: "'", with: "''") + "'"
        let primary = try database.scalarInt(
            "SELECT count(*) = 1 AND sum(name = \(quotedColumn) COLLATE NOCASE) = 1 FROM pragma_table_info(\(quotedTable)) WHERE pk > 0")
        if primary == 1 { return true }
        let unique = try database.scalarInt(
            """
            SELECT count(*) FROM pragma_index_list(\(quotedTable)) AS list
            WHERE list."unique" = 1 AND (SELECT count(*) FROM pragma_index_info(list.name)) = 1
              AND (SELECT name FROM pragma_index_info(list.name)) = \(quotedColumn) COLLATE NOCASE
            """)
        return (unique ?? 0) > 0
    }

    /// The problem with `row`'s reference, or nil when it names an existing row.
    func problem(in row: RecordFlattener.Row) throws -> Problem? {
        let wanted = spec.column.sqliteFolded
        return try problem(with: row.first(where: { $0.column.sqliteFolded == wanted })?.value)
    }

    /// The problem with a row whose reference column holds `value` (nil: the row has no such
    /// column), or nil when it names an existing row.
    func problem(with value: SQLValue?) throws -> Problem? {
        guard let value, value != .null else { return .missing }
        let key: String =
            switch value {
            case .null: ""
            case .integer(let number): String(number)
            case .real(let number): "\(number)"
            case .number(let text): NumberText.exactDouble(text).map { "\($0)" } ?? text
            case .text(let text), .blobText(let text): text
            }
        if known.contains(key) { return nil }
        try lookup.bind(value, at: 1)
        defer { lookup.reset() }
        guard try lookup.step() else { return .unknown(key) }
        known.insert(key)
        return nil
    }
}
