import SluiceCore

/// What the stage keeps about every record between reading and writing, instead of the record:
/// an identity hash (of its `provenance`, or of the whole line when it has none), how complete
/// it is (members that are not null or empty), for `--pairs` its provenance text and, for labels
/// naming records by `--id FIELD`, the hash of that field's text.
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
    /// The field labels name records by (`--id`), and per record the hash of its text (0 when
    /// the record has none).
    public let idPath: String?
    public private(set) var ids: [UInt64] = []
    /// The `--id` field's text of each record, when provenance is kept (how records are named).
    public private(set) var idTexts: [String] = []

    public init(keepProvenance: Bool, idPath: String? = nil) {
        self.keepProvenance = keepProvenance
        self.idPath = idPath
    }

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
        if let idPath {
            let text = TextNormalizer.text(of: record.value(atPath: idPath))
            ids.append(text.map { StableHash.of($0) } ?? 0)
            if keepProvenance { idTexts.append(text ?? "") }
        }
    }

    /// How `--pairs`, `--suggest` and labels name a record: its `--id` value, its provenance,
    /// or its number in the input (from 1).
    public func reference(_ index: Int) -> JSONValue {
        if idPath != nil, keepProvenance, !idTexts[index].isEmpty { return .string(idTexts[index]) }
        if keepProvenance, !provenance[index].isEmpty, let value = try? JSONParser.parse(provenance[index]) {
            return value
        }
        return .object(["record": .int(index + 1)])
    }
}
