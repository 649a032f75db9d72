import SluiceCore

/// A record's fields as `sluice-load` turns them into columns, each value given back as JSON,
/// for writers that must name fields as the database does (GeoJSON properties in
/// `sluice-report`): one flattening rule, kept in `RecordFlattener`.
///
///     FlattenedRecord.members(of: record)   // {"title":"Vertigo","geo":{"lat":37.8},"ok":true}
///     // title: "Vertigo", geo_lat: 37.8, ok: 1
public enum FlattenedRecord {
    /// Every column of the record's row in order, with its value as a JSON scalar: text as a
    /// string, numbers as the record wrote them when a double would round them, NULL as null
    /// (arrays arrive as their JSON text and booleans as 1/0, as they are stored).
    public static func members(of record: NDJSONRecord) -> [JSONMember] {
        RecordFlattener.flatten(record).map { JSONMember($0.column, json($0.value)) }
    }

    static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: .null
        case .integer(let integer): .number(String(integer))
        // Swift writes the shortest text that reads back as the same double; JSON has no
        // infinity, so a number too large for a double keeps its name as text.
        case .real(let real): real.isFinite ? .number(String(real)) : .string(String(real))
        // A number only text holds exactly: its JSON text as written.
        case .number(let text): .number(text)
        case .text(let text), .blobText(let text): .string(text)
        }
    }
}
