import SluiceCore

/// Turns a record into table columns, keeping every value: nested objects become
/// `parent_child` columns, arrays are stored as their JSON text, an empty object as the text
/// `{}`, booleans as 1/0, numbers as INTEGER when they are whole and fit in 64 bits and
/// otherwise as their JSON text until the column they go in decides (`SQLValue.stored(in:)`).
///
///     {"title":"Vertigo","geo":{"lat":37.8,"lon":-122.4},"tags":["a"],"x":{}}
///     → title = 'Vertigo', geo_lat = 37.8, geo_lon = -122.4, tags = '["a"]', x = '{}'
///
/// Names are not made unique here: when two fields give the same column name (`a_b` and `a.b`,
/// `id` and `ID`, a repeated key), both are in the row and `ColumnLayout` names the later one.
/// A NUL in a name (SQL text cannot hold one) is written as the six characters `\u0000`.
enum RecordFlattener {
    typealias Row = [(column: String, value: SQLValue)]

    /// Flattens straight from the record's bytes (`FlatRow`): only escaped strings and arrays
    /// with spaces or escapes are parsed.
    static func flatten(_ record: NDJSONRecord) -> Row {
        let rows = FlatRows()
        let row = rows.row(rows.scan(record))
        return zip(FlatRow.names(of: row.shape), row.leaves).map { ($0, FlatRow.value(of: $1, in: record.bytes)) }
    }

    /// The same rule over a parsed value (the reference the byte path is tested against).
    static func flatten(_ record: JSONValue) -> Row {
        var row: Row = []
        if case .object(let members) = record { append(members, prefix: "", to: &row) }
        return row
    }

    static func append(_ members: [JSONMember], prefix: String, to row: inout Row) {
        for member in members {
            let key = columnName(member.key)
            let column = prefix.isEmpty ? key : prefix + "_" + key
            if case .object(let nested) = member.value, !nested.isEmpty {
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
        case .number(let text): return number(text)
        case .array, .object: return .text(JSONWriter.string(json))
        }
    }

    /// A name as a column can have it: a NUL becomes `\u0000`.
    static func columnName(_ key: String) -> String {
        guard key.utf8.contains(0) else { return key }
        return key.split(separator: "\u{0}", omittingEmptySubsequences: false).joined(separator: "\\u0000")
    }

    /// A number's JSON text: INTEGER when it is a whole number that fits in 64 bits (`-0` aside,
    /// whose sign would be lost), else kept as written.
    static func number(_ text: String) -> SQLValue {
        if let integer = Int64(text), integer != 0 || !text.hasPrefix("-") { return .integer(integer) }
        return .number(text)
    }

    /// A number's JSON text (already validated) as INTEGER when it is a whole number of at most
    /// 18 digits — parsed without making a String — otherwise through `number(_: String)`.
    static func number(_ raw: UnsafeBufferPointer<UInt8>) -> SQLValue {
        if let integer = smallInteger(raw) { return .integer(integer) }
        return number(String(decoding: raw, as: UTF8.self))
    }

    /// A whole number of at most 18 digits (so it cannot overflow), `-0` aside.
    @inline(__always)
    static func smallInteger(_ raw: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = raw.first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard raw.count > start, raw.count - start <= 18 else { return nil }
        var value: Int64 = 0
        for index in start..<raw.count {
            let digit = raw[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
        }
        if negative, value == 0 { return nil }
        return negative ? -value : value
    }
}
