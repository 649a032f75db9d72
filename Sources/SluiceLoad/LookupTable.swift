import SluiceCore

/// `--extract FIELDS[:TABLE]`: moves a repeated value, or a group of fields, out of each row into
/// a table of its own, one row per distinct value, and puts a foreign key in its place.
///
///     --extract category:categories
///     {"title":"Sofa","category":"Furniture"}  →  ads.categories_id = 1
///                                                 categories: id 1, category 'Furniture'
///
/// Uniqueness is a real constraint: the lookup table has `_key TEXT NOT NULL UNIQUE`, the
/// canonical JSON of the extracted values (columns sorted, nulls left out), so the same value
/// can never get two rows — also when later records bring columns the first ones lacked.
///
/// - Complexity: one query per *distinct* value (cached by key), none per repeated record;
///   memory grows with the number of distinct values.
final class LookupTable {
    /// What `--extract` names: field paths (`title`, `address.*`) and the table.
    struct Spec: Equatable {
        var fields: [String]
        var table: String

        /// Parses `FIELD[,FIELD…][:TABLE]`; the table defaults to the first field's name.
        init(_ text: String) throws(StageFailure) {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            fields = parts[0].split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            guard let first = fields.first else { throw .usage("option '--extract' needs FIELD[,FIELD…][:TABLE], got '\(text)'") }
            let named = parts.count > 1 ? parts[1].trimmingSpaces() : ""
            table = named.isEmpty ? LookupTable.Spec.prefix(of: first) : named
        }

        /// The flattened column prefix a field path names: `address.*` → `address`.
        static func prefix(of field: String) -> String {
            var path = field
            if path.hasSuffix(".*") { path.removeLast(2) }
            return path.replacingDots()
        }

        /// Whether a flattened column belongs to the extracted group.
        func matches(_ column: String) -> Bool {
            fields.contains { field in
                let prefix = LookupTable.Spec.prefix(of: field)
                return column == prefix || column.hasPrefix(prefix + "_")
            }
        }

        /// The foreign-key column left in the main table.
        var foreignKey: String { table + "_id" }
    }

    let spec: Spec
    let database: Database
    var schema: TableSchema
    var cache: [String: Int64] = [:]
    var inserted = 0

    init(spec: Spec, database: Database) throws(SQLiteError) {
        self.spec = spec
        self.database = database
        schema = TableSchema(table: spec.table)
        try schema.read(from: database)
    }

    /// The id of the lookup row holding `values` (the extracted columns of one record, nulls
    /// included), found or created. `ColumnLayout.Extraction` says which columns those are.
    func id(for values: RecordFlattener.Row) throws(SQLiteError) -> Int64 {
        let key = LookupTable.canonicalKey(values)
        if let id = cache[key] { return id }
        if !schema.exists {
            try database.execute("CREATE TABLE \(Database.quote(spec.table)) (\"id\" INTEGER PRIMARY KEY, \"_key\" TEXT NOT NULL UNIQUE)")
            try schema.read(from: database)
        }
        for (column, value) in values where schema.existing(column) == nil {
            try schema.add(column, typeOf: value, in: database)
        }
        let found = try database.prepare("SELECT id FROM \(Database.quote(spec.table)) WHERE \"_key\" = ?")
        try found.bind(.text(key), at: 1)
        let id: Int64
        if try found.step() {
            id = found.int(at: 0)
        } else {
            let columns = ["_key"] + values.map { schema.existing($0.column) ?? $0.column }
            let sql =
                "INSERT INTO \(Database.quote(spec.table)) (\(columns.map(Database.quote).joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
            let insert = try database.prepare(sql)
            try insert.bind(.text(key), at: 1)
            for (index, entry) in values.enumerated() {
                try insert.bind(entry.value.stored(in: schema.affinity(of: entry.column)), at: Int32(index + 2))
            }
            try insert.step()
            id = database.lastInsertRowID
            inserted += 1
        }
        cache[key] = id
        return id
    }

    /// `{"address_key":"3rd st","geo_lat":37.78}`: the non-null values, columns sorted.
    static func canonicalKey(_ values: RecordFlattener.Row) -> String {
        let members = values.filter { $0.value != .null }.sorted { $0.column < $1.column }.map { entry in
            let json: JSONValue =
                switch entry.value {
                case .null: .null
                case .integer(let number): .number(String(number))
                case .real(let number): .number("\(number)")
                // As `.real` did before numbers were kept as text: existing keys stay the same.
                case .number(let text): .number(NumberText.exactDouble(text).map { "\($0)" } ?? text)
                case .text(let text), .blobText(let text): .string(text)
                }
            return JSONMember(entry.column, json)
        }
        return JSONWriter.string(.object(members))
    }
}
