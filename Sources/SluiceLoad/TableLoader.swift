import SluiceCore

/// Writes rows into one table with prepared statements, one per distinct set of columns
/// (records of one source share a few). With a primary key it upserts:
///
///     INSERT INTO "t" ("id","a") VALUES (?,?)
///     ON CONFLICT ("id") DO UPDATE SET "a" = excluded."a"
///     WHERE ("a") IS NOT (excluded."a")
///
/// so only the incoming columns are updated, columns the input never mentions keep their
/// values, and a row that would not change is left alone (counted as unchanged). Each value is
/// bound as its column's affinity keeps it unchanged (`SQLValue.stored(in:)`), most of them
/// straight from the record's line (`FlatRow`); a row with no column at all (`{}`) is
/// `INSERT … DEFAULT VALUES`, a row of nulls. Where it stores the same, rows of any layout are
/// first tried 32 at a time with one plain INSERT (`writeTogether`).
final class TableLoader {
    let database: Database
    var schema: TableSchema
    let primaryKey: [String]
    let strict: Bool
    /// Foreign-key columns (from `--extract` and `--references`) and what each refers to.
    var references: [String: ForeignKey] = [:]
    /// Called once when a column is added, to tell the user.
    var onNewColumn: (String) -> Void = { _ in }
    /// The shapes of the records layouts were made for (`FlatRow.shape`), under the hash the
    /// reader gave each row (`FlatRow.shapeHash`): a row's layout is found without hashing again
    /// or allocating. `layouts` holds each shape's layout, by its id.
    // Unchecked: the loader belongs to the thread writing to SQLite, and a checked class
    // property costs a runtime access record per row.
    @exclusivity(unchecked) private var shapes = ByteTable(capacity: layoutLimit)
    @exclusivity(unchecked) private var layouts: [ColumnLayout] = []
    static let layoutLimit = 1024
    @exclusivity(unchecked) private(set) var changed = 0
    /// The name collisions met so far (`ColumnLayout`), each once, with where it was first met.
    private(set) var collisions: [(collision: ColumnLayout.Collision, location: StageContext.Location)] = []
    private var collisionsSeen: Set<String> = []
    /// Every column the run's records brought, in the order first met (`NamedColumns` checks
    /// the options' names against them).
    private(set) var recordColumns: [String] = []
    private var recordColumnsSeen: Set<String> = []

    /// The statement inserting `rowsPerStatement` rows into every column of the table, made for
    /// a table of `togetherWidth` columns (see `writeTogether`).
    private var together: Statement?
    private var togetherWidth = 0
    private let parameterLimit: Int

    init(database: Database, schema: TableSchema, primaryKey: [String], strict: Bool) {
        self.database = database
        self.schema = schema
        self.primaryKey = primaryKey
        self.strict = strict
        parameterLimit = database.parameterLimit
    }

    /// A row read and checked, waiting to be written with the rows after it.
    struct HeldRow {
        var row: FlatRow
        var layout: ColumnLayout
        var line: UnsafeBufferPointer<UInt8>
        var location: StageContext.Location
    }

    /// The most rows `writeTogether` writes with one statement: 32, or fewer when the table's
    /// columns times 32 would pass SQLite's limit on a statement's parameters (32,766 unless
    /// SQLite was built otherwise; Debian's allows 250,000). Written alone, each
    /// row pays for the statement's start and end (its cursors opened and closed) and a seek of
    /// the key from the table's root; 32 rows a statement take `sqlite3_step` from 17.3k to 10.3k
    /// instructions a row (BENCHMARKS.md, "load's writing thread").
    var rowsPerStatement: Int { schema.columns.isEmpty ? 1 : max(1, min(32, parameterLimit / schema.columns.count)) }

    /// Inserts `rowsPerStatement` rows with one plain `INSERT` into every column of the table,
    /// the columns a row lacks bound to NULL. True when all were written; false when SQLite
    /// refused the statement (a key already in the table, repeated among the rows, or a row it
    /// refuses), which then wrote none of them: the caller writes them one by one with `write`,
    /// upserting and refusing each row as it would have.
    ///
    /// That does what the rows' own upserts would, row ids included, only when inserting NULL
    /// equals leaving a column out — no column has a default (`TableSchema.takesRowsTogether`) —
    /// and when every row's layout has its statement (its columns exist) and its key
    /// (`missingKey`): the caller's to check.
    func writeTogether(_ rows: [HeldRow]) throws -> Bool {
        let width = schema.columns.count
        guard rows.count == rowsPerStatement,
            rows.allSatisfy({ $0.layout.statement != nil && ($0.layout.positionsWidth == width || place($0.layout)) })
        else { return false }
        if together == nil || togetherWidth != width {
            let columns = schema.columns.map(Database.quote).joined(separator: ", ")
            let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
            together = try database.prepare(
                "INSERT INTO \(Database.quote(schema.table)) (\(columns)) VALUES \(Array(repeating: row, count: rowsPerStatement).joined(separator: ", "))"
            )
            togetherWidth = width
        }
        guard let statement = together else { return false }
        for (offset, held) in rows.enumerated() {
            let layout = held.layout
            let first = offset &* width &+ 1
            try layout.affinities.withUnsafeBufferPointer { affinities throws(SQLiteError) in
                try layout.positions.withUnsafeBufferPointer { positions throws(SQLiteError) in
                    for index in affinities.indices {
                        try bind(
                            held.row.leaves[index], line: held.line, in: affinities[index], to: statement,
                            at: Int32(truncatingIfNeeded: first &+ positions[index]))
                    }
                }
            }
            for position in layout.absentPositions { try statement.bindNull(at: Int32(truncatingIfNeeded: first &+ position)) }
        }
        return try stepRows(statement) == nil
    }

    /// Finds where a layout's entries go among the table's columns as it stands; false when the
    /// table lacks one of them.
    private func place(_ layout: ColumnLayout) -> Bool {
        var index: [String: Int] = [:]
        for (position, column) in schema.columns.enumerated() { index[column.sqliteFolded] = position }
        let positions = layout.columns.compactMap { index[$0.sqliteFolded] }
        guard positions.count == layout.columns.count else { return false }
        layout.positions = positions
        let filled = Set(positions)
        layout.absentPositions = schema.columns.indices.filter { !filled.contains($0) }
        layout.positionsWidth = schema.columns.count
        return true
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
        /// A dedupe merge line, and the table has no `MEMBER_cluster` column (the member named).
        case noClusterColumn(String)
        /// A line in a dedupe merge line's shape that is not one it writes (why).
        case badMerge(String)
    }

    /// The layout of rows of this shape: the names its leaves give, each made a column of its
    /// own (`ColumnLayout`).
    /// - Complexity: at most `layoutLimit` layouts (and their statements) are kept: input whose
    /// records all differ in shape starts again from none when that many have been made.
    func layout(for row: FlatRow) -> ColumnLayout {
        let hash = UInt64(bitPattern: Int64(row.shapeHash))
        if let id = shapes.find(row.shape, hash: hash) { return layouts[Int(id)] }
        if layouts.count >= TableLoader.layoutLimit {
            shapes.removeAll()
            layouts.removeAll(keepingCapacity: true)
        }
        let layout = ColumnLayout(names: FlatRow.names(of: row.shape), primaryKey: primaryKey)
        for name in layout.names where recordColumnsSeen.insert(name.sqliteFolded).inserted { recordColumns.append(name) }
        _ = shapes.intern(row.shape, hash: hash)
        layouts.append(layout)
        return layout
    }

    /// The collisions of a layout not met before in this run, noted with where they were met.
    func newCollisions(in layout: ColumnLayout, at location: StageContext.Location) -> [ColumnLayout.Collision] {
        guard !layout.collisions.isEmpty else { return [] }
        let new = layout.collisions.filter { collisionsSeen.insert($0.name + "\u{0}" + $0.column).inserted }
        collisions += new.map { ($0, location) }
        return new
    }

    /// The first `--pk` column the row lacks (or has as null), if any.
    func missingKey(in row: FlatRow, layout: ColumnLayout) -> String? {
        layout.missingKey(primaryKey: primaryKey) { row.leaves[$0].kind == .null }
    }

    /// Writes one row: the record's leaves (`line` is its line), and with `--extract` the ids
    /// of its lookup rows. Nil when written, else why not.
    func write(_ row: FlatRow, layout: ColumnLayout, line: UnsafeBufferPointer<UInt8>, extraction: ColumnLayout.Extraction?, ids: [Int64])
        throws -> Refusal?
    {
        let written = extraction?.written ?? layout
        let missing = written.missingKey(primaryKey: primaryKey) { index in
            guard case .entry(let entry) = extraction?.sources[index] ?? .entry(index) else { return false }
            return row.leaves[entry].kind == .null
        }
        if let missing { return .missingKey(missing) }
        if written.statement == nil {
            let values = (0..<written.names.count).map { value(at: $0, of: row, line: line, extraction: extraction, ids: ids) }
            if let refusal = try addMissingColumns(written, values) { return refusal }
            let columns = written.columns.map { schema.existing($0) ?? $0 }
            written.statement = try statement(for: columns)
            written.affinities = written.columns.map { schema.affinity(of: $0) }
        }
        guard let statement = written.statement else { return .unknownColumns(written.columns) }
        try written.affinities.withUnsafeBufferPointer { affinities throws(SQLiteError) in
            guard let extraction else {
                // Without --extract the row's leaves are the columns, in order: the loop every row takes.
                for index in affinities.indices {
                    try bind(row.leaves[index], line: line, in: affinities[index], to: statement, at: Int32(truncatingIfNeeded: index &+ 1))
                }
                return
            }
            for index in affinities.indices {
                let position = Int32(index + 1)
                switch extraction.sources[index] {
                case .entry(let entry): try bind(row.leaves[entry], line: line, in: affinities[index], to: statement, at: position)
                case .lookup(let lookup): try statement.bind(SQLValue.integer(ids[lookup]).stored(in: affinities[index]), at: position)
                }
            }
        }
        if let refused = try stepRows(statement) { return .refused(refused) }
        return nil
    }

    /// Steps a statement writing rows, every parameter of it bound, and counts its changes. Its
    /// error when SQLite refused the rows (SQLITE_CONSTRAINT, SQLITE_MISMATCH), which wrote none
    /// of them; any other error stops the load.
    func stepRows(_ statement: Statement) throws(SQLiteError) -> SQLiteError? {
        // Every parameter is bound again for the next rows: nothing to clear.
        defer { statement.reset(keepingBindings: true) }
        do {
            try statement.step()
        } catch {
            guard error.primaryCode == 19 || error.primaryCode == 20 else { throw error }
            return error
        }
        changed += database.changes
        return nil
    }

    /// Binds a leaf as `SQLValue.stored(in:)` would have it: text without escapes and compact
    /// arrays from the line's bytes, the numbers the reader parsed from the leaf.
    @inline(__always)
    func bind(_ leaf: FlatRow.Leaf, line: UnsafeBufferPointer<UInt8>, in affinity: ColumnAffinity, to statement: Statement, at index: Int32)
        throws(SQLiteError)
    {
        let raw = FlatRow.bytes(of: leaf, in: line)
        switch leaf.kind {
        case .null: try statement.bindNull(at: index)
        case .yes: try statement.bindInteger(1, at: index)
        case .no: try statement.bindInteger(0, at: index)
        case .text:
            if affinity.convertsText, ColumnAffinity.readsAsNumber(raw) {
                try statement.bindBlob(raw, at: index)
            } else {
                try statement.bindText(raw, at: index)
            }
        case .array: try statement.bindText(raw, at: index)
        case .integer where affinity != .real || leaf.integer.magnitude <= 1 << 53:
            try statement.bindInteger(leaf.integer, at: index)
        case .decimal, .number:
            // The text a TEXT column keeps as written, or the double that reads back as the
            // number; numbers only text holds exactly go the long way.
            if affinity == .text {
                try statement.bindText(raw, at: index)
            } else if leaf.kind == .decimal {
                try statement.bindDouble(leaf.decimal, at: index)
            } else {
                try statement.bind(FlatRow.value(of: leaf, in: line).stored(in: affinity), at: index)
            }
        // The rest, integers a REAL column would round among them.
        case .integer, .escapedText, .arrayToRewrite, .emptyObject:
            try statement.bind(FlatRow.value(of: leaf, in: line).stored(in: affinity), at: index)
        }
    }

    /// The value of a column of the written row, before its column decides.
    func value(at index: Int, of row: FlatRow, line: UnsafeBufferPointer<UInt8>, extraction: ColumnLayout.Extraction?, ids: [Int64]) -> SQLValue {
        switch extraction?.sources[index] ?? .entry(index) {
        case .entry(let entry): FlatRow.value(of: row.leaves[entry], in: line)
        case .lookup(let lookup): .integer(ids[lookup])
        }
    }

    /// The written row's key values as stored (for `--sweep` to compare with the table's).
    func keyValues(of row: FlatRow, layout: ColumnLayout, line: UnsafeBufferPointer<UInt8>, extraction: ColumnLayout.Extraction?, ids: [Int64])
        -> [SQLValue]
    {
        let written = extraction?.written ?? layout
        return written.keyIndices.map { index in
            guard let index else { return .null }
            let value = value(at: index, of: row, line: line, extraction: extraction, ids: ids)
            return written.affinities.isEmpty ? value : value.stored(in: written.affinities[index])
        }
    }

    /// Adds the columns a layout brings that the table lacks, or refuses them under `--strict`
    /// or beyond SQLite's column limit.
    func addMissingColumns(_ layout: ColumnLayout, _ values: [SQLValue]) throws -> Refusal? {
        let unknown = layout.columns.enumerated().filter { schema.existing($0.element) == nil }.map { ($0.element, $0.offset) }
        let unknownData = unknown.map(\.0).filter { references[$0] == nil }
        if strict, !unknownData.isEmpty { return .unknownColumns(unknownData) }
        if schema.columns.count + unknown.count > database.columnLimit { return .tooManyColumns(schema.columns.count + unknown.count) }
        for (column, index) in unknown {
            try schema.add(column, typeOf: values[index], references: references[column], in: database)
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
