import SluiceCore

/// Exact mode: records whose key fields are all equal form a cluster. It keeps one entry per
/// distinct key (its text, and its cluster: id, size, canonical member) and one cluster number
/// per record, never the records; the clusters are built as the records arrive.
///
///     var matcher = ExactMatcher(paths: ["title", "address.key"], fold: false)
///     matcher.append(record)    // {"title":"Vertigo","address":{"key":"california st & mason st"}}
///     matcher.append(other)     // the same title and key: the same cluster, of size 2
///     matcher.table.clusters[Int(matcher.table.clusterOf[1])].size   // 2
///
/// Key values are compared as their JSON text (`"Vertigo"`, `1.0` ≠ `1`), or with `fold` as
/// normalised text (case, accents, punctuation and spacing ignored). A record with a key
/// field missing, null or empty is in no cluster but its own (its id the hash of its identity).
/// A cluster's canonical member is its most complete record, the earliest on ties, so it is
/// chosen as records arrive, with no per-record completeness kept.
///
/// - Complexity: memory 4 bytes per record (its cluster number) and per distinct key its
///   bytes and 54 to 70 more (8 more keyed on an address's street key: its first town) (the table's slots and entry, the cluster and its canonical's
///   completeness, its number); a record without a key is a cluster of its own (18 bytes). 10M records used to hold 50 bytes each
///   (labels, facts, member places and scores: 754 MB at 10M in the piped pipeline).
public struct ExactMatcher {
    public let fields: KeyFields
    /// Each distinct key's text, its id in order of first appearance.
    var keys = ByteTable()
    /// Per key (by id), its cluster's number in `clusters`.
    var clusterOfKey: [Int32] = []
    /// Per record, its cluster's number: the only thing held per record.
    public private(set) var clusterOf: [Int32] = []
    public private(set) var clusters: [ClusterTable.Cluster] = []
    /// Per cluster, its canonical member's completeness: the next member replaces it when more complete.
    var completeness: [UInt16] = []
    public private(set) var withoutKey = 0
    /// The identities a record without a key takes its cluster's id from.
    private var identities = RecordFacts.ClusterIdentities()
    /// With `KeyFields.townPaths`: per cluster the first town named by a member (0: none yet),
    /// and the clusters whose members name different towns.
    var townOfCluster: [UInt64] = []
    public private(set) var clustersOfSeveralTowns = 0

    public init(paths: [String], fold: Bool) {
        fields = KeyFields(paths: paths, fold: fold)
    }

    public mutating func append(_ record: NDJSONRecord) {
        var text: [UInt8] = []
        let fact = RecordFacts.fact(of: record)
        let town = fields.town(of: record)
        guard fields.key(of: record, into: &text) else { return append(key: nil, fact: fact, town: town) }
        text.withUnsafeBufferPointer { append(key: $0, fact: fact, town: town) }
    }

    /// Adds a record by its key text (`KeyFields.key(of:into:)`, nil when it has none), what
    /// `RecordFacts.fact(of:)` read of it (its completeness, and its identity for a record
    /// without a key) and the town it names (`KeyFields.town(of:)`).
    public mutating func append(key: UnsafeBufferPointer<UInt8>?, fact: RecordFacts.Fact, town: UInt64 = 0) {
        let record = Int32(clusterOf.count)
        // Followed for every record: a part after the first of one row (`--split`) is the next.
        let identity = identities.next(fact.identity)
        guard let key else {
            withoutKey += 1
            clusterOf.append(Int32(clusters.count))
            clusters.append(ClusterTable.Cluster(id: identity, size: 1, canonical: record))
            completeness.append(fact.completeness)
            if !fields.townPaths.isEmpty { townOfCluster.append(0) }
            return
        }
        let (id, isNew) = keys.intern(key)
        if isNew {
            clusterOfKey.append(Int32(clusters.count))
            clusterOf.append(Int32(clusters.count))
            clusters.append(ClusterTable.Cluster(id: StableHash.of(key), size: 1, canonical: record))
            completeness.append(fact.completeness)
            if !fields.townPaths.isEmpty { townOfCluster.append(town) }
            return
        }
        let cluster = clusterOfKey[Int(id)]
        clusterOf.append(cluster)
        if town != 0 {
            // A cluster is counted once, at the first member naming another town than its first.
            let first = townOfCluster[Int(cluster)]
            if first == 0 {
                townOfCluster[Int(cluster)] = town
            } else if first != town, first != Self.countedTowns {
                clustersOfSeveralTowns += 1
                townOfCluster[Int(cluster)] = Self.countedTowns
            }
        }
        clusters.withUnsafeMutableBufferPointer { clusters in
            clusters[Int(cluster)].size += 1
            // Strictly more complete: the earliest member wins a tie.
            if fact.completeness > completeness[Int(cluster)] {
                clusters[Int(cluster)].canonical = record
                completeness[Int(cluster)] = fact.completeness
            }
        }
    }

    /// A cluster already counted as naming several towns.
    static let countedTowns = UInt64.max

    /// The clusters as the writer reads them: a record's score is 1 when its cluster has
    /// another member (`ClusterTable.score(of:)`), so no score is kept per record.
    public var table: ClusterTable { ClusterTable(clusterOf: clusterOf, clusters: clusters, scores: []) }

    static func isNullOrEmpty(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        (raw.count == 4 && raw[0] == UInt8(ascii: "n")) || (raw.count == 2 && raw[0] == UInt8(ascii: "\""))
    }
}

extension ExactMatcher {
    /// The key fields of exact mode, with each path split into member names once: splitting
    /// `address.key` per record was a sixth of the stage's instructions.
    ///
    ///     let fields = ExactMatcher.KeyFields(paths: ["title", "address.key"], fold: false)
    ///     fields.key(of: record, into: &out)    // "Vertigo"␟"mason st" appended, true
    public struct KeyFields: Sendable {
        public let paths: [String]
        public let fold: Bool
        /// Each path's member names (`["address", "key"]`), and whether all are ASCII.
        let parts: [[String]]
        let isASCII: [Bool]

        /// For a key that is an address's street key (`address.key`, sanitize's, which leaves the
        /// town out) and no key field of that address's town: where the town is (`address.city`).
        /// Records of one key naming different towns are then counted, for a warning: `100 Main
        /// St` in Seattle and in Boston are one key.
        public let townPaths: [[String]]

        public init(paths: [String], fold: Bool) {
            self.paths = paths
            self.fold = fold
            parts = paths.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
            isASCII = paths.map { $0.utf8.allSatisfy { $0 < 0x80 } }
            let keyed = Set(parts)
            townPaths = parts.compactMap { path in
                guard path.count >= 2, path.last == "key" else { return nil }
                let parent = Array(path.dropLast())
                return ["city", "zip", "state"].contains(where: { keyed.contains(parent + [$0]) }) ? nil : parent + ["city"]
            }
        }

        /// The town a record names, for `townPaths`: a hash of its text's ASCII letters and digits,
        /// case folded (`San Francisco` = `SAN FRANCISCO`), read from the line without parsing it;
        /// 0 without one.
        public func town(of record: NDJSONRecord) -> UInt64 {
            guard let path = townPaths.first, let raw = record.rawValue(atPath: path), raw.count > 2, raw[0] == UInt8(ascii: "\"")
            else { return 0 }
            let hash = StableHash.of(raw[1..<(raw.count - 1)].lazy.map(Self.folded).filter(Self.isLetterOrDigit))
            // The hash of nothing: no letter or digit, no town.
            guard hash != StableHash.offset else { return 0 }
            return hash == 0 || hash == ExactMatcher.countedTowns ? 1 : hash
        }

        /// ASCII upper case folded to lower; other bytes as they are.
        static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

        /// A lower-case ASCII letter or digit, or a byte of a character outside ASCII.
        static func isLetterOrDigit(_ byte: UInt8) -> Bool { (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80 }

        /// Appends the record's key text to `out`: each field's JSON text (or normalised text),
        /// joined by a unit separator. False, leaving `out` as it was, when a field is missing,
        /// null or empty. A string without escapes, a number or a boolean is its text in the line
        /// as it stands (what `JSONWriter` writes of it); anything else is parsed and written.
        public func key(of record: NDJSONRecord, into out: inout [UInt8]) -> Bool {
            let start = out.count
            for index in paths.indices {
                if index > 0 { out.append(0x1F) }
                guard append(record, field: index, to: &out) else {
                    out.removeSubrange(start...)
                    return false
                }
            }
            return true
        }

        private func append(_ record: NDJSONRecord, field: Int, to out: inout [UInt8]) -> Bool {
            // Names compare as Swift strings on the parsed path; as bytes on the fast one, which
            // is the same comparison for ASCII names only.
            guard isASCII[field] else {
                guard let value = record.value(atPath: paths[field]), value != .null, value != .string("") else { return false }
                return append(value, to: &out)
            }
            guard let raw = record.rawValue(atPath: parts[field]), !isNullOrEmpty(raw) else { return false }
            if !fold, raw.first != UInt8(ascii: "{"), raw.first != UInt8(ascii: "["), !raw.contains(UInt8(ascii: "\\")) {
                out.append(contentsOf: raw)
                return true
            }
            return append((try? JSONParser.parse(raw)) ?? .null, to: &out)
        }

        private func append(_ value: JSONValue, to out: inout [UInt8]) -> Bool {
            guard fold else {
                JSONWriter.write(value, to: &out)
                return true
            }
            guard let text = TextNormalizer.text(of: value).flatMap(TextNormalizer.normalize) else { return false }
            out.append(contentsOf: text.utf8)
            return true
        }
    }
}
