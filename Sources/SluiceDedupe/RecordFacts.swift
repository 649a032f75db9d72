import SluiceCore

/// What the stage keeps about every record between reading and writing, instead of the record:
/// an identity hash (of its `provenance`, or of the whole line when it has none), how complete
/// it is (members that are not null or empty), for `--pairs` its provenance text and, for labels
/// naming records by `--id FIELD`, that field's text and its hash.
///
///     try facts.append(record)        // {"title":"Vertigo","year":null,"provenance":{"source":"f.csv","row":3}}
///     try facts.completeness()[0]     // 2: title and provenance
///
/// Identities and completeness are read only once the clusters are made (and by labels naming
/// records by provenance), so past their first 1,048,576 records they wait in a temporary file
/// (`SpillList`): held, they were 100 MB of fuzzy dedupe's peak at 10M bench records.
///
/// - Complexity: 10 bytes per record (plus the provenance text when `keepProvenance`), in
///   memory for the first 1,048,576 records, then on disk.
public struct RecordFacts {
    private var identityList: SpillList<UInt64>
    private var completenessList: SpillList<UInt16>
    /// The provenance JSON text of each record (`""` without one), only when asked for.
    public private(set) var provenance: [String] = []
    public let keepProvenance: Bool
    /// The field labels name records by (`--id`), and per record the hash of its text (0 when
    /// the record has none).
    public let idPath: String?
    public private(set) var ids: [UInt64] = []
    /// The `--id` field's text of each record (how records are named, and a repeated value shown).
    public private(set) var idTexts: [String] = []

    public init(keepProvenance: Bool, idPath: String? = nil) {
        self.init(keepProvenance: keepProvenance, idPath: idPath, chunkSize: 1 << 20)
    }

    /// With the records held in memory before their facts go to disk (tests spill a few).
    init(keepProvenance: Bool, idPath: String? = nil, chunkSize: Int) {
        self.keepProvenance = keepProvenance
        self.idPath = idPath
        identityList = SpillList(chunkSize: chunkSize, what: "the records' identities")
        completenessList = SpillList(chunkSize: chunkSize, what: "the records' completeness")
    }

    public var count: Int { identityList.count }

    /// Every record's identity, in order (read back from the file past the first chunk).
    public func identities() throws -> [UInt64] { try identityList.all() }

    /// The identities cluster ids are drawn from: each record's, but a record that has the
    /// identity of the one before it (the parts `sluice-sanitize --split` makes of one row share
    /// its provenance) gets its own, the identity hashed again with its part's number. Two such
    /// parts in clusters of their own had one cluster id, as if one cluster.
    ///
    ///     // provenance row 1, row 1 (its second part), row 2  →  h1, hash(h1, "2"), h2
    ///
    /// - Complexity: O(records), nothing more held than the identities.
    public func clusterIdentities() throws -> [UInt64] {
        var identities = try identityList.all()
        var parts = ClusterIdentities()
        for index in identities.indices { identities[index] = parts.next(identities[index]) }
        return identities
    }

    /// Records' identities in input order made what cluster ids draw on
    /// (`clusterIdentities()`; exact mode's records without a key, `ExactMatcher`).
    struct ClusterIdentities {
        private var previous: UInt64?
        private var part = 1

        mutating func next(_ identity: UInt64) -> UInt64 {
            part = identity == previous ? part + 1 : 1
            previous = identity
            return part > 1 ? StableHash.of(String(part).utf8, seed: identity) : identity
        }
    }

    /// Every record's completeness, in order.
    public func completeness() throws -> [UInt16] { try completenessList.all() }

    /// What is kept of one record, read from it on any thread.
    public struct Fact: Sendable {
        var completeness: UInt16
        var identity: UInt64
        /// The provenance's JSON text in the record's line (nil without one).
        var provenance: Range<Int>?
    }

    public static func fact(of record: NDJSONRecord) -> Fact {
        var filled = 0
        for member in record.members {
            let raw = record.rawValue(member)
            let isNull = raw.count == 4 && raw[0] == UInt8(ascii: "n")
            let isEmptyText = raw.count == 2 && raw[0] == UInt8(ascii: "\"")
            if !isNull && !isEmptyText { filled += 1 }
        }
        let completeness = UInt16(min(filled, Int(UInt16.max)))
        if let member = record.member(named: Provenance.key) {
            return Fact(completeness: completeness, identity: StableHash.of(record.rawValue(member)), provenance: member.value)
        }
        return Fact(completeness: completeness, identity: StableHash.of(record.trimmed), provenance: nil)
    }

    public mutating func append(_ record: NDJSONRecord) throws(StageFailure) {
        let fact = RecordFacts.fact(of: record)
        try completenessList.append(fact.completeness)
        try identityList.append(fact.identity)
        if keepProvenance {
            provenance.append(fact.provenance.map { String(decoding: UnsafeBufferPointer(rebasing: record.bytes[$0]), as: UTF8.self) } ?? "")
        }
        if let idPath {
            let text = TextNormalizer.text(of: record.value(atPath: idPath))
            ids.append(text.map { StableHash.of($0) } ?? 0)
            idTexts.append(text ?? "")
        }
    }

    /// How `--pairs`, `--suggest` and labels name a record: its `--id` value, its provenance,
    /// or its number in the input (from 1).
    public func reference(_ index: Int) -> JSONValue {
        if idPath != nil, !idTexts[index].isEmpty { return .string(idTexts[index]) }
        if keepProvenance, !provenance[index].isEmpty, let value = try? JSONParser.parse(provenance[index]) {
            return value
        }
        return .object(["record": .int(index + 1)])
    }
}
