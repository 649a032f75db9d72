import SluiceCore

/// What the stage keeps about every record between reading and writing, instead of the record:
/// an identity hash (of its `provenance`, or of the whole line when it has none), how complete
/// it is (members that are not null or empty) and, for `--pairs`, its provenance text.
///
///     facts.append(record)        // {"title":"Vertigo","year":null,"provenance":{"source":"f.csv","row":3}}
///     facts.completeness[0]       // 2: title and provenance
///
/// - Complexity: 10 bytes per record (plus the provenance text when `keepProvenance`).
public struct RecordFacts {
    public private(set) var identity: [UInt64] = []
    public private(set) var completeness: [UInt16] = []
    /// The provenance JSON text of each record (`""` without one), only when asked for.
    public private(set) var provenance: [String] = []
    public let keepProvenance: Bool

    public init(keepProvenance: Bool) { self.keepProvenance = keepProvenance }

    public var count: Int { identity.count }

    public mutating func append(_ record: NDJSONRecord) {
        var filled = 0
        for member in record.members {
            let raw = record.rawValue(member)
            let isNull = raw.count == 4 && raw[0] == UInt8(ascii: "n")
            let isEmptyText = raw.count == 2 && raw[0] == UInt8(ascii: "\"")
            if !isNull && !isEmptyText { filled += 1 }
        }
        completeness.append(UInt16(min(filled, Int(UInt16.max))))
        if let member = record.member(named: Provenance.key) {
            let raw = record.rawValue(member)
            identity.append(StableHash.of(raw))
            if keepProvenance { provenance.append(String(decoding: raw, as: UTF8.self)) }
        } else {
            var bytes = [UInt8]()
            record.write(to: &bytes)
            identity.append(StableHash.of(bytes))
            if keepProvenance { provenance.append("") }
        }
    }

    /// How `--pairs` names a record: its provenance, or its number in the input (from 1).
    public func reference(_ index: Int) -> JSONValue {
        if keepProvenance, !provenance[index].isEmpty, let value = try? JSONParser.parse(provenance[index]) {
            return value
        }
        return .object(["record": .int(index + 1)])
    }
}
