import SluiceCore

/// Writes rows into one table with prepared statements, one per distinct set of columns
/// (records of one source share theirs, so in practice one). With a primary key it upserts:
///
///     INSERT INTO "t" ("id","a") VALUES (?,?)
///     ON CONFLICT ("id") DO UPDATE SET "a" = excluded."a"
///     WHERE ("a") IS NOT (excluded."a")
///
/// so only the incoming columns are updated, columns the input never mentions keep their
/// values, and a row that would not change is left alone (counted as unchanged). Each value is
/// bound as its column's affinity keeps it unchanged (`SQLValue.stored(in:)`); a row with no
/// column at all (`{}`) is `INSERT … DEFAULT VALUES`, a row of nulls.
final class TableLoader {
    let database: Database
    var schema: TableSchema
    let primaryKey: [String]
    let strict: Bool
    /// Foreign-key columns (from `--extract` and `--references`) and what each refers to.
    var references: [String: ForeignKey] = [:]
    /// Called once when a column is added, to tell the user.
    var onNewColumn: (String) -> Void = { _ in }
    private var layouts: [[String]: ColumnLayout] = [:]
    static let layoutLimit = 1024
    private var recentLayouts: [ColumnLayout] = []
    private(set) var changed = 0
    /// The name collisions met so far (`ColumnLayout`), each once, with where it was first met.
    private(set) var collisions: [(collision: ColumnLayout.Collision, location: StageContext.Location)] = []
    private var collisionsSeen: Set<String> = []
    /// The previous record's keys and their names (`RecordFlattener.KeyMemo`).
    private var keys = RecordFlattener.KeyMemo()

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
        case unknownReference(ReferenceCheck.Spec, ReferenceCheck.Problem)
        /// The table would need more columns than SQLite allows (the count it would need).
        case tooManyColumns(Int)
        /// The table does not exist and no record of the sample has a field to make a column of.
        case noColumns
    }

    /// The record as a row of columns and values (`RecordFlattener`).
    func flatten(_ record: NDJSONRecord) -> RecordFlattener.Row {
        RecordFlattener.flatten(record, keys: &keys)
    }

    /// Gives each entry of `row` a column of its own (see `ColumnLayout`), renaming the later
    /// ones of colliding names, and returns the collisions not met before in this run.
    func resolveNames(_ row: inout RecordFlattener.Row, at location: StageContext.Location) -> [ColumnLayout.Collision] {
        let layout = layout(for: row)
        guard !layout.collisions.isEmpty else { return [] }
        for index in row.indices { row[index].column = layout.columns[index] }
        let new = layout.collisions.filter { collisionsSeen.insert($0.name + "\u{0}" + $0.column).inserted }
        collisions += new.map { ($0, location) }
        return new
    }

    /// The layout of a row's columns: the previous row's when the names are the same.
    /// - Complexity: at most `layoutLimit` layouts (and their statements) are kept: input whose
    /// records all differ in shape starts again from none when that many have been made.
    func layout(for row: RecordFlattener.Row) -> ColumnLayout {
        // The last few layouts first: a row is looked at before and after `--extract` takes
        // columns out, and records of one source share their layouts.
        for recent in recentLayouts where recent.matches(row) { return recent }
        let names = row.map(\.column)
        if layouts[names] == nil, layouts.count >= TableLoader.layoutLimit { layouts = [:] }
        let layout = layouts[names] ?? ColumnLayout(names: names, primaryKey: primaryKey)
        layouts[names] = layout
        if recentLayouts.count >= 4 { recentLayouts.removeLast() }
        recentLayouts.insert(layout, at: 0)
        return layout
    }

    /// The first `--pk` column the row lacks (or has as null), if any.
    func missingKey(in row: RecordFlattener.Row) -> String? {
        layout(for: row).missingKey(in: row, primaryKey: primaryKey)
    }

    /// Writes one row; on success returns its key values (for `--sweep`).
    func write(_ row: RecordFlattener.Row) throws -> Result<[SQLValue], Refusal> {
        let layout = layout(for: row)
        if let key = layout.missingKey(in: row, primaryKey: primaryKey) { return .failure(.missingKey(key)) }
        if layout.statement == nil {
            if let refusal = try addMissingColumns(layout, row) { return .failure(refusal) }
            let columns = layout.columns.map { schema.existing($0) ?? $0 }
            layout.statement = try statement(for: columns)
            layout.affinities = layout.columns.map { schema.affinity(of: $0) }
        }
        guard let statement = layout.statement else { return .failure(.unknownColumns(layout.columns)) }
        for index in row.indices {
            let value = row[index].value
            let affinity = layout.affinities[index]
            try statement.bind(value.isStoredAsIs(in: affinity) ? value : value.stored(in: affinity), at: Int32(index + 1))
        }
        defer { statement.reset() }
        do {
            try statement.step()
        } catch {
            // SQLITE_CONSTRAINT and SQLITE_MISMATCH refuse this row only; anything else stops the load.
            guard error.primaryCode == 19 || error.primaryCode == 20 else { throw error }
            return .failure(.refused(error))
        }
        changed += database.changes
        return .success(layout.keyValues(of: row))
    }

    /// Adds the columns a layout brings that the table lacks, or refuses them under `--strict`
    /// or beyond SQLite's column limit.
    func addMissingColumns(_ layout: ColumnLayout, _ row: RecordFlattener.Row) throws -> Refusal? {
        let unknown = layout.columns.enumerated().filter { schema.existing($0.element) == nil }.map { ($0.element, $0.offset) }
        let unknownData = unknown.map(\.0).filter { references[$0] == nil }
        if strict, !unknownData.isEmpty { return .unknownColumns(unknownData) }
        if schema.columns.count + unknown.count > database.columnLimit { return .tooManyColumns(schema.columns.count + unknown.count) }
        for (column, index) in unknown {
            try schema.add(column, typeOf: row[index].value, references: references[column], in: database)
            onNewColumn(column)
        }
        return nil
    }

    func statement(for columns: [String]) throws(SQLiteError) -> Statement {
        let sql = TableLoader.insertSQL(table: schema.table, columns: columns, primaryKey: primaryKey.map { schema.existing($0) ?? $0 })
        do {
            return try database.prepare(sql)
        } catch {
            // An existing table without a unique key on --pk: give it one, then upsert.
            guard !primaryKey.isEmpty, error.message.contains("ON CONFLICT") else { throw error }
            try schema.ensureUniqueKey(primaryKey, in: database)
            return try database.prepare(sql)
        }
    }

    static func insertSQL(table: String, columns: [String], primaryKey: [String]) -> String {
        // No column: a key is missing too, so there is no conflict to handle.
        if columns.isEmpty { return "INSERT INTO \(Database.quote(table)) DEFAULT VALUES" }
        let quoted = columns.map(Database.quote)
        var sql =
            "INSERT INTO \(Database.quote(table)) (\(quoted.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
        guard !primaryKey.isEmpty else { return sql }
        let keys = Set(primaryKey.map(\.sqliteFolded))
        let updated = columns.filter { !keys.contains($0.sqliteFolded) }.map(Database.quote)
        sql += " ON CONFLICT (\(primaryKey.map(Database.quote).joined(separator: ", "))) DO "
        guard !updated.isEmpty else { return sql + "NOTHING" }
        sql += "UPDATE SET " + updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        sql += " WHERE (\(updated.joined(separator: ", "))) IS NOT (\(updated.map { "excluded.\($0)" }.joined(separator: ", ")))"
        return sql
    }
}
