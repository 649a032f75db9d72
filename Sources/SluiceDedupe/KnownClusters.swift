import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--against KNOWN`: the records an earlier run wrote, with the cluster each was given, and
/// what linking new records to them decides.
///
/// The known records held come first in the matcher (records 0..<held: all of KNOWN, or with
/// `--model` only those an input record can meet, see `KnownSelection`); no pair of two known
/// records is compared, and each known cluster's records are joined before any new link. After
/// linking:
///
/// - a cluster holding known records keeps the id of its known cluster; when a new record
///   links two or more, the surviving id is the one of the largest (most known records),
///   ties to the smallest id, and each other one is reported as merged into it; chains are
///   split as in one run, and a known cluster parted by a split stays whole where most of its
///   records went;
/// - a cluster of new records only is a new cluster, with the usual id (the smallest identity
///   hash of its members), re-hashed while it equals a known id, so it never collides;
/// - known records are not written again: their ids change only by a reported merge.
///
///     var known = KnownClusters()
///     known.append(id: 0xa1)            // per known record, in order
///     matcher.knownCount = known.count; matcher.knownLinks = known.links
///     let outcome = try known.resolve(try matcher.link(…), facts: facts)
public struct KnownClusters {
    /// A known cluster absorbed by another: every record that had `absorbed` is now in `into`.
    public struct Merge: Equatable, Sendable {
        public var absorbed: UInt64
        public var into: UInt64
        /// Known records of the absorbed cluster.
        public var records: Int
    }

    /// The new records' clusters, and what happened to the known ones.
    public struct Outcome {
        /// Over the new records only (record 0 is the first new one).
        public var table: ClusterTable
        public var merges: [Merge]
        /// New records that joined a known cluster.
        public var joined: Int
        /// Clusters of new records only.
        public var created: Int
    }

    /// Per known record held (the matcher's first records), its cluster id (after the merges
    /// `KNOWN` reports itself). All of KNOWN, or with `KnownSelection` the records sharing a
    /// block with an input record and the rest of their clusters.
    public internal(set) var ids: [UInt64] = []
    /// Known records read, held or not.
    public private(set) var count = 0
    /// Per known record read, its cluster id, until `finish` counts them.
    var everyId: [UInt64] = []
    /// Every known cluster id, sorted, and the known records with it (of all of KNOWN): the
    /// sizes merges report, and the ids a new cluster must not take.
    var allIds: [UInt64] = []
    var allSizes: [Int32] = []
    /// Per held known record, its cluster's number (an index into `sizes`); per number, the
    /// known records with it; and each held id's number. Arrays by number, not dictionaries by
    /// id: 10,000 new records against a million known took 9.2 s with dictionaries (and
    /// known-only groups chain-checked), 4.4 s so.
    var clusterOfRecord: [Int32] = []
    public private(set) var sizes: [Int32] = []
    var numberOf: [UInt64: Int32] = [:]
    /// Merges an earlier `--against` run reported in `KNOWN` (absorbed → into).
    var reportedMerges: [UInt64: UInt64] = [:]

    public init() {}

    /// Known records held: the first `held` records of the matcher.
    public var held: Int { ids.count }

    /// A known record, read and held.
    public mutating func append(id: UInt64) {
        everyId.append(id)
        ids.append(id)
        count += 1
    }

    /// A known record read and not held (`KnownSelection`): only its cluster is counted.
    mutating func appendUnheld(id: UInt64) {
        everyId.append(id)
        count += 1
    }

    /// Known records read and not held, in order (`KnownClusters.scan`).
    mutating func appendUnheld(ids: [UInt64]) {
        if everyId.isEmpty { everyId = ids } else { everyId += ids }
        count += ids.count
    }

    /// Known records with cluster id `id` (in all of KNOWN).
    public func size(of id: UInt64) -> Int {
        guard let position = position(of: id) else { return 0 }
        return Int(allSizes[position])
    }

    /// Whether some known record has cluster id `id`.
    public func isKnown(_ id: UInt64) -> Bool { position(of: id) != nil }

    private func position(of id: UInt64) -> Int? {
        var low = 0, high = allIds.count
        while low < high {
            let middle = (low + high) / 2
            if allIds[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < allIds.count && allIds[low] == id ? low : nil
    }

    /// An id after the merges `KNOWN` reports (followed to the end, a cycle stopped).
    func surviving(_ id: UInt64) -> UInt64 { Self.surviving(id, merges: reportedMerges) }

    static func surviving(_ id: UInt64, merges: [UInt64: UInt64]) -> UInt64 {
        var id = id, steps = 0
        while let next = merges[id], steps < merges.count {
            id = next
            steps += 1
        }
        return id
    }

    /// Every known record's id after the merges `merges`, sorted: what `finish` counts clusters
    /// from (a call of its own so that it can run beside other work: `read`).
    static func sortedSurviving(_ everyId: [UInt64], merges: [UInt64: UInt64]) -> [UInt64] {
        var sorted = merges.isEmpty ? everyId : everyId.map { surviving($0, merges: merges) }
        sorted.sort()
        return sorted
    }

    /// Applies the merges `KNOWN` held (an earlier `--against` output has them after its
    /// records) and numbers and counts the clusters. `sortedEveryId`: `sortedSurviving` of
    /// `everyId` and `reportedMerges`, when the caller has it already.
    public mutating func finish() { finish(sortedEveryId: nil) }

    mutating func finish(sortedEveryId: [UInt64]?) {
        if !reportedMerges.isEmpty { ids = ids.map(surviving) }
        everyId = sortedEveryId ?? Self.sortedSurviving(everyId, merges: reportedMerges)
        allIds = []
        allSizes = []
        for id in everyId {
            if allIds.last == id {
                allSizes[allSizes.count - 1] += 1
            } else {
                allIds.append(id)
                allSizes.append(1)
            }
        }
        everyId = []
        numberOf = [:]
        sizes = []
        clusterOfRecord = ids.map { id in
            if let number = numberOf[id] { return number }
            let number = Int32(sizes.count)
            numberOf[id] = number
            sizes.append(Int32(size(of: id)))
            return number
        }
    }

    /// Links joining each known cluster's records in a chain (each to the previous one of its id).
    public var links: [(Int32, Int32)] {
        var last = [Int32](repeating: -1, count: sizes.count)
        var out: [(Int32, Int32)] = []
        for (record, number) in clusterOfRecord.enumerated() {
            if last[Int(number)] >= 0 { out.append((last[Int(number)], Int32(record))) }
            last[Int(number)] = Int32(record)
        }
        return out
    }

    /// The surviving id of clusters joined together: the largest, ties to the smallest id.
    public func survivor(of clusterIds: [UInt64]) -> UInt64? {
        clusterIds.max { a, b in
            let (sa, sb) = (size(of: a), size(of: b))
            return sa != sb ? sa < sb : a > b
        }
    }

    /// Decides every cluster's id from `table`, the clusters of the known and the new records
    /// together (known first, chains split as in one run: a split can part a known cluster's
    /// records), and returns the new records' clusters. A known cluster belongs to the cluster
    /// of `table` holding most of its records (ties: the first), whole: its records are never
    /// moved. A cluster holding no known cluster is new; its id and canonical come from its
    /// new records alone.
    public func resolve(_ table: ClusterTable, facts: RecordFacts) throws -> Outcome {
        // What is kept below is kept per cluster number: every record's cluster numbered.
        let table = table.holdingEveryRecord()
        let known = held
        let n = table.clusterOf.count
        // Each known cluster's home: where its records are, or, parted by a split, where most are.
        var home = [Int32](repeating: -1, count: sizes.count)
        var parted: [Int32: [Int32: Int]] = [:]
        var seen = [Int32](repeating: 0, count: sizes.count)
        for record in 0..<known {
            let number = Int(clusterOfRecord[record]), c = table.clusterOf[record]
            seen[number] += 1
            if home[number] < 0 {
                home[number] = c
            } else if home[number] != c || parted[Int32(number)] != nil {
                parted[Int32(number), default: [home[number]: Int(seen[number]) - 1]][c, default: 0] += 1
            }
        }
        for (number, counts) in parted {
            home[Int(number)] = counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? home[Int(number)]
        }
        // Per cluster of `table`: its new records, the smallest identity among them and the
        // most complete (the earliest on ties).
        var newRecords = [Int32](repeating: 0, count: table.clusters.count)
        var smallestIdentity = [UInt64](repeating: .max, count: table.clusters.count)
        var mostComplete = [Int32](repeating: -1, count: table.clusters.count)
        let identity = try facts.clusterIdentities(), completeness = try facts.completeness()
        for record in known..<n {
            let c = Int(table.clusterOf[record])
            newRecords[c] += 1
            smallestIdentity[c] = min(smallestIdentity[c], identity[record])
            if mostComplete[c] < 0 || completeness[record] > completeness[Int(mostComplete[c])] { mostComplete[c] = Int32(record) }
        }
        var knownIdsOf: [Int: [UInt64]] = [:]
        var idOf = [UInt64](repeating: 0, count: sizes.count)
        for (id, number) in numberOf { idOf[Int(number)] = id }
        for (number, c) in home.enumerated() where newRecords[Int(c)] > 0 { knownIdsOf[Int(c), default: []].append(idOf[number]) }
        var taken: Set<UInt64> = []
        var merges: [Merge] = []
        var newIndex = [Int32](repeating: -1, count: table.clusters.count)
        var clusters: [ClusterTable.Cluster] = []
        var clusterOf: [Int32] = []
        clusterOf.reserveCapacity(n - known)
        var joined = 0, created = 0
        for record in known..<n {
            let c = Int(table.clusterOf[record])
            if newIndex[c] < 0 {
                newIndex[c] = Int32(clusters.count)
                var cluster = table.clusters[c]
                if let knownIds = knownIdsOf[c], let into = survivor(of: knownIds) {
                    cluster.id = into
                    cluster.size = newRecords[c] + Int32(knownIds.reduce(0) { $0 + size(of: $1) })
                    // The known canonical record stays canonical: no new record takes its place.
                    cluster.canonical = -1
                    for absorbed in knownIds.sorted() where absorbed != into {
                        merges.append(Merge(absorbed: absorbed, into: into, records: size(of: absorbed)))
                    }
                } else {
                    cluster.size = newRecords[c]
                    cluster.id = smallestIdentity[c]
                    cluster.canonical = mostComplete[c] - Int32(known)
                    while isKnown(cluster.id) || taken.contains(cluster.id) { cluster.id = StableHash.of(StableHash.hex(cluster.id)) }
                    taken.insert(cluster.id)
                    created += 1
                }
                clusters.append(cluster)
            }
            if knownIdsOf[c] != nil { joined += 1 }
            clusterOf.append(newIndex[c])
        }
        merges.sort { ($0.into, $0.absorbed) < ($1.into, $1.absorbed) }
        let outcome = ClusterTable(clusterOf: clusterOf, clusters: clusters, scores: Array(table.scores[known...]))
        return Outcome(table: outcome, merges: merges, joined: joined, created: created)
    }

    /// One output line reporting a merge: `{"dedupe":{"merge":{"absorbed":"…","into":"…","records":3}}}`.
    public static func line(_ merge: Merge, memberKey: String) -> JSONValue {
        .object([
            JSONMember(
                memberKey,
                .object([
                    "merge": .object([
                        "absorbed": .string(StableHash.hex(merge.absorbed)),
                        "into": .string(StableHash.hex(merge.into)),
                        "records": .int(merge.records),
                    ])
                ]))
        ])
    }

    /// The line after the merge lines that says what linking did, for `sluice-load`'s
    /// `_sluice_runs` (`linked`, `created`; merges are counted from their own lines):
    /// `{"dedupe":{"against":{"known":1200,"joined":30,"created":12,"merged":1}}}`.
    public static func summaryLine(_ outcome: Outcome, known: Int, memberKey: String) -> JSONValue {
        .object([
            JSONMember(
                memberKey,
                .object([
                    "against": .object([
                        "known": .int(known),
                        "joined": .int(outcome.joined),
                        "created": .int(outcome.created),
                        "merged": .int(outcome.merges.count),
                    ])
                ]))
        ])
    }

    /// A cluster id from its 16 hex digits (`StableHash.hash(hex:)`, as sluice-load checks a merge line's).
    static func id(_ text: String) -> UInt64? { StableHash.hash(hex: text) }
}
