import SluiceCore

/// `sluice-load DATABASE --export TABLE`: a loaded table read back as NDJSON, one record per row
/// in row order, so that `sluice-dedupe --against` can link next week's records to what the
/// database holds (issue 29). Columns become members by their names; the columns of each
/// `--nest` member (default `dedupe`) go back into its object, as `sluice-load` flattened it:
///
///     row:    name = 'Cafe X', addr_key = '1 main st', dedupe_cluster = '8c1f…', dedupe_size = 2
///     --nest dedupe,addr:
///     record: {"name":"Cafe X","addr":{"key":"1 main st"},"dedupe":{"cluster":"8c1f…","size":2}}
///
/// Values come back as SQLite holds them: INTEGER and REAL as numbers, TEXT and BLOB as strings
/// (so arrays and numbers kept as text are strings, true and false are 1 and 0); a NULL is left
/// out (a record without the field and one holding null both loaded as NULL). Flattened names
/// cannot say which `_` was a dot, hence `--nest`, one level for each member named. Bytes that
/// are not UTF-8 (a BLOB another program stored) cannot be a JSON string: the export stops
/// there with an error naming the row and column, where they were once replaced by U+FFFD. So
/// does a row whose column named like a `--nest` member (`dedupe`, a record's `"dedupe":{}` or
/// a field of that name) holds a value beside that member's nested columns: the record would
/// have two members `dedupe`, and a reader keeps one (jq the last), where both were written.
struct TableExport {
    let table: String
    /// The members to rebuild, by their record names (`addr`, `dedupe`).
    let nest: [String]

    /// Writes every row to `output`; returns how many.
    func write(from database: Database, to output: ByteSink) throws -> Int {
        let statement = try database.prepare("SELECT * FROM \(Database.quote(table)) ORDER BY rowid")
        let count = statement.columnCount
        let names = (0..<count).map { statement.name(at: $0) }
        // Per column: the nested member it belongs to (an index into `nest`) and its name there.
        let prefixes = nest.map { $0.replacingDots() + "_" }
        let places: [(nest: Int?, key: String)] = names.map { name in
            for (index, prefix) in prefixes.enumerated() where name.hasPrefix(prefix) && name.count > prefix.count {
                return (index, String(name.dropFirst(prefix.count)))
            }
            return (nil, name)
        }
        var rows = 0
        while try statement.step() {
            var members: [JSONMember] = []
            var nested: [Int: Int] = [:]
            // The column written under a `--nest` member's own name, per member (a second member).
            var plain: [Int: Int] = [:]
            for column in 0..<count {
                let stored = statement.value(at: column)
                guard let value = Self.json(stored) else {
                    guard stored != .null else { continue }
                    throw StageFailure(
                        .dataError,
                        "table '\(table)', row \(rows + 1) in rowid order, column '\(names[Int(column)])': its bytes are not UTF-8 text,"
                            + " which JSON cannot hold (\(rows) rows were written before it); correct the value and export again")
                }
                let place = places[Int(column)]
                guard let index = place.nest else {
                    if let index = nest.firstIndex(of: place.key) { plain[index] = Int(column) }
                    members.append(JSONMember(place.key, value))
                    continue
                }
                if nested[index] == nil {
                    nested[index] = members.count
                    members.append(JSONMember(nest[index], .object([])))
                }
                if let at = nested[index], case .object(var inner) = members[at].value {
                    inner.append(JSONMember(place.key, value))
                    members[at].value = .object(inner)
                }
            }
            if let (index, column) = plain.filter({ nested[$0.key] != nil }).min(by: { $0.value < $1.value }) {
                throw StageFailure(
                    .dataError,
                    "table '\(table)', row \(rows + 1) in rowid order, column '\(names[column])': it and the columns --nest \(nest[index]) puts"
                        + " into member '\(nest[index])' both hold values, and one record cannot have two members '\(nest[index])'"
                        + " (\(rows) rows were written before it); rename the column, or export with --nest naming other members")
            }
            JSONWriter.write(.object(members), to: &output.buffer)
            try output.endLine()
            rows += 1
        }
        return rows
    }

    /// A stored value as JSON; nil for NULL (left out) and for bytes that are not UTF-8.
    static func json(_ value: StoredValue) -> JSONValue? {
        switch value {
        case .null: nil
        case .integer(let number): .number(String(number))
        case .real(let number): number.isFinite ? .number("\(number)") : .string("\(number)")
        case .text(let bytes), .blob(let bytes): String(validating: bytes, as: UTF8.self).map(JSONValue.string)
        }
    }
}
