import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// The top-level keys of the record flattened before, as bytes, and the names made of them.
    /// Records of one source repeat their keys, so a key equal to the one at the same place in
    /// the previous record takes its name: no decoding, no new String, and a name that compares
    /// equal to the layout's at once (the same storage).
    struct KeyMemo {
        var keys: [[UInt8]] = []
        var names: [String] = []

        mutating func name(of member: NDJSONRecord.Member, at index: Int, in record: NDJSONRecord) -> String {
            let key = UnsafeBufferPointer(rebasing: record.bytes[member.key])
            if index < keys.count, keys[index].withUnsafeBufferPointer({ KeyMemo.equal($0, key) }) { return names[index] }
            var name = record.keyString(member)
            // Only an escaped key can hold a NUL.
            if member.keyEscaped { name = RecordFlattener.columnName(name) }
            if index < keys.count {
                (keys[index], names[index]) = (Array(key), name)
            } else {
                keys.append(Array(key))
                names.append(name)
            }
            return name
        }

        static func equal(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
            guard one.count == other.count else { return false }
            guard let first = one.baseAddress, let second = other.baseAddress else { return true }  // both empty
            return memcmp(first, second, one.count) == 0
        }
    }

    /// Flattens straight from the record's bytes: only nested objects are parsed into values.
    static func flatten(_ record: NDJSONRecord) -> Row {
        var keys = KeyMemo()
        return flatten(record, keys: &keys)
    }

    /// The same, taking the names of keys the previous record had at the same places.
    static func flatten(_ record: NDJSONRecord, keys: inout KeyMemo) -> Row {
        var row: Row = []
        row.reserveCapacity(record.members.count + 2)
        for (index, member) in record.members.enumerated() {
            let key = keys.name(of: member, at: index, in: record)
            let raw = record.rawValue(member)
            switch raw.first {
            case UInt8(ascii: "{"):
                if case .object(let nested) = record.value(of: member) {
                    if nested.isEmpty { row.append((key, .text("{}"))) } else { append(nested, prefix: key, to: &row) }
                }
            case UInt8(ascii: "\""):
                row.append((key, .text(record.value(of: member).stringValue ?? "")))
            case UInt8(ascii: "["):
                row.append((key, value(record.value(of: member))))
            case UInt8(ascii: "t"): row.append((key, .integer(1)))
            case UInt8(ascii: "f"): row.append((key, .integer(0)))
            case UInt8(ascii: "n"): row.append((key, .null))
            default: row.append((key, number(raw)))
            }
        }
        return row
    }

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
        var index = 0
        let negative = raw.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var value: Int64 = 0
        while index < raw.count, raw.count - (negative ? 1 : 0) <= 18 {
            let digit = raw[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value * 10 + Int64(digit)
            index += 1
        }
        if index == raw.count, index > (negative ? 1 : 0), value != 0 || !negative { return .integer(negative ? -value : value) }
        return number(String(decoding: raw, as: UTF8.self))
    }
}
