import SluiceCore

/// Turns a record into table columns: nested objects become `parent_child` columns, arrays are
/// stored as their JSON text, booleans as 1/0, numbers as INTEGER when they are whole and fit
/// in 64 bits and REAL otherwise.
///
///     {"title":"Vertigo","geo":{"lat":37.8,"lon":-122.4},"tags":["a"]}
///     → title = 'Vertigo', geo_lat = 37.8, geo_lon = -122.4, tags = '["a"]'
///
/// An empty nested object adds no column. When two fields flatten to the same name
/// (`a_b` and `a.b`), the later one wins.
enum RecordFlattener {
    typealias Row = [(column: String, value: SQLValue)]

    static func flatten(_ record: JSONValue) -> Row {
        var row: Row = []
        if case .object(let members) = record { append(members, prefix: "", to: &row) }
        // Keep one value per column (the last), in first-appearance order.
        var seen: [String: Int] = [:]
        var unique: Row = []
        for entry in row {
            if let index = seen[entry.column] {
                unique[index].value = entry.value
            } else {
                seen[entry.column] = unique.count
                unique.append(entry)
            }
        }
        return unique
    }

    static func append(_ members: [JSONMember], prefix: String, to row: inout Row) {
        for member in members {
            let column = prefix.isEmpty ? member.key : prefix + "_" + member.key
            if case .object(let nested) = member.value {
                append(nested, prefix: column, to: &row)
            } else {
                row.append((column, value(member.value)))
            }
        }
    }

    static func value(_ json: JSONValue) -> SQLValue {
        switch json {
        case .null: return .null
        case .bool(let b): return .integer(b ? 1 : 0)
        case .string(let s): return .text(s)
        case .number(let text):
            if let integer = Int64(text) { return .integer(integer) }
            if let real = Double(text) { return .real(real) }
            return .text(text)
        case .array, .object: return .text(JSONWriter.string(json))
        }
    }
}
