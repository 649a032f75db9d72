import SluiceCore

/// Writes rows into one table with prepared statements, one per distinct set of columns
/// (records of one source share theirs, so in practice one). With a primary key it upserts:
///
///     INSERT INTO "t" ("id","a") VALUES (?,?)
///     ON CONFLICT ("id") DO UPDATE SET "a" = excluded."a"
///     WHERE ("a") IS NOT (excluded."a")
///
/// so only the incoming columns are updated, columns the input never mentions keep their
/// values, and a row that would not change is left alone (counted as unchanged).
final class TableLoader {
    let database: Database
    var schema: TableSchema
    let primaryKey: [String]
    let strict: Bool
    /// Foreign-key columns added by `--extract`, and the lookup table each refers to.
    var references: [String: String] = [:]
    /// Called once when a column is added, to tell the user.
    var onNewColumn: (String) -> Void = { _ in }
    private var statements: [String: Statement] = [:]
    private(set) var changed = 0

    init(database: Database, schema: TableSchema, primaryKey: [String], strict: Bool) {
        self.database = database
        self.schema = schema
        self.primaryKey = primaryKey
        self.strict = strict
    }

    /// Why a row was not written; the database and the rest of the load are unaffected.
    enum Refusal: Error {
        case missingKey(String)
        case unknownColumns([String])
        case refused(SQLiteError)
        case missingReference(String)
    }

    /// The first `--pk` column the row lacks (or has as null), if any.
    func missingKey(in row: RecordFlattener.Row) -> String? {
        primaryKey.first { key in
            let value = row.first { $0.column.lowercased() == key.lowercased() }?.value
            return value == nil || value == .null
        }
    }

    func write(_ row: RecordFlattener.Row) throws -> Result<Void, Refusal> {
        if let key = missingKey(in: row) { return .failure(.missingKey(key)) }
        var columns: [String] = []
        columns.reserveCapacity(row.count)
        var unknown: [(String, SQLValue)] = []
        for (column, value) in row {
            if let existing = schema.existing(column) {
                columns.append(existing)
            } else {
                unknown.append((column, value))
                columns.append(column)
            }
        }
        if !unknown.isEmpty {
            let unknownData = unknown.map(\.0).filter { references[$0] == nil }
            if strict, !unknownData.isEmpty { return .failure(.unknownColumns(unknownData)) }
            for (column, value) in unknown {
                try schema.add(column, typeOf: value, references: references[column], in: database)
                onNewColumn(column)
            }
        }
        let statement = try statement(for: columns)
        for (index, entry) in row.enumerated() { try statement.bind(entry.value, at: Int32(index + 1)) }
        defer { statement.reset() }
        do {
            try statement.step()
        } catch {
            // SQLITE_CONSTRAINT and SQLITE_MISMATCH refuse this row only; anything else stops the load.
            guard error.primaryCode == 19 || error.primaryCode == 20 else { throw error }
            return .failure(.refused(error))
        }
        changed += database.changes
        return .success(())
    }

    func statement(for columns: [String]) throws(SQLiteError) -> Statement {
        let cacheKey = columns.joined(separator: "\u{1}")
        if let cached = statements[cacheKey] { return cached }
        let sql = TableLoader.insertSQL(table: schema.table, columns: columns, primaryKey: primaryKey.map { schema.existing($0) ?? $0 })
        let statement: Statement
        do {
            statement = try database.prepare(sql)
        } catch {
            // An existing table without a unique key on --pk: give it one, then upsert.
            guard !primaryKey.isEmpty, error.message.contains("ON CONFLICT") else { throw error }
            try schema.ensureUniqueKey(primaryKey, in: database)
            statement = try database.prepare(sql)
        }
        statements[cacheKey] = statement
        return statement
    }

    static func insertSQL(table: String, columns: [String], primaryKey: [String]) -> String {
        let quoted = columns.map(Database.quote)
        var sql = "INSERT INTO \(Database.quote(table)) (\(quoted.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
        guard !primaryKey.isEmpty else { return sql }
        let keys = Set(primaryKey.map { $0.lowercased() })
        let updated = columns.filter { !keys.contains($0.lowercased()) }.map(Database.quote)
        sql += " ON CONFLICT (\(primaryKey.map(Database.quote).joined(separator: ", "))) DO "
        guard !updated.isEmpty else { return sql + "NOTHING" }
        sql += "UPDATE SET " + updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        sql += " WHERE (\(updated.joined(separator: ", "))) IS NOT (\(updated.map { "excluded.\($0)" }.joined(separator: ", ")))"
        return sql
    }
}
