/// The outcome of matching: which cluster each record is in, and per cluster its stable id,
/// size, canonical record and whether it is weak (a chain too large to check).
///
/// Ids never depend on arrival order: in exact mode a cluster's id is the hash of its key, so
/// the same key always gets the same id; in fuzzy mode it is the smallest identity hash
/// (provenance) among its members, so adding unrelated records renumbers nothing and adding a
/// member changes the id only when the newcomer's hash is smaller.
///
///     let table = try ClusterTable(labels: [0, 1, 0], facts: facts, keyHashes: nil)
///     table.cluster(of: 0).size                       // 2
///     table.clusterOf[1] == ClusterTable.alone        // true: held in no `Cluster` (fuzzy mode)
///     table.clusters.map(\.canonical)                 // the most complete member of each, earliest on ties
public struct ClusterTable {
    /// One cluster. Its facts are kept together: writing a record reads all of them, and
    /// from four arrays (a cache miss each) writing the marks took 1.6 times as long.
    public struct Cluster: Sendable {
        public var id: UInt64
        /// The canonical member's record number.
        public var canonical: Int32
        /// The size in the low 31 bits and `weak` in the top one: 16 bytes a cluster, where a
        /// `Bool` and the canonical's completeness beside them made 24 (fuzzy mode holds about
        /// a cluster a record: 22 MB at 1M bench records, heaptrack).
        var sizeAndWeak: UInt32

        public init(id: UInt64, size: Int32, canonical: Int32, weak: Bool = false) {
            self.id = id
            self.canonical = canonical
            sizeAndWeak = UInt32(bitPattern: size) & 0x7FFF_FFFF | (weak ? 0x8000_0000 : 0)
        }

        public var size: Int32 {
            get { Int32(bitPattern: sizeAndWeak & 0x7FFF_FFFF) }
            set { sizeAndWeak = sizeAndWeak & 0x8000_0000 | UInt32(bitPattern: newValue) & 0x7FFF_FFFF }
        }

        public var weak: Bool {
            get { sizeAndWeak & 0x8000_0000 != 0 }
            set { sizeAndWeak = sizeAndWeak & 0x7FFF_FFFF | (newValue ? 0x8000_0000 : 0) }
        }
    }

    /// Per record, its cluster number (an index into `clusters`), or `alone` for a record that
    /// is a cluster of its own in fuzzy mode: no `Cluster` is held for those (`cluster(of:)`
    /// makes it), where one for each was 147 MB at 10M bench records, nine in ten of them alone.
    public private(set) var clusterOf: [Int32]
    public internal(set) var clusters: [Cluster] = []
    /// The records `alone`, counted once.
    public private(set) var aloneCount = 0
    /// Per record, its identity (`RecordFacts.clusterIdentities()`): the id of a
    /// record alone. Empty when no record is `alone`.
    let identities: [UInt64]
    /// Per record, the best match probability linking it into its cluster (NaN for none);
    /// empty in exact mode, where it is 1 for a member of a cluster of two or more (`score(of:)`).
    public var scores: [Float]

    /// `clusterOf`'s mark for a record that is a cluster of its own, held in no `Cluster`.
    public static let alone: Int32 = -1

    /// Builds clusters from one label per record (equal labels, same cluster): a small
    /// non-negative number (a key's or a record's), or a negative one for a record alone.
    /// `keyHashes` gives each label's id in exact mode, where every cluster is held; in fuzzy
    /// mode (nil) a record no other shares a label with is `alone`. `labels` becomes `clusterOf`,
    /// in place: a caller that gives its last copy spends no second array on it.
    ///
    /// - Complexity: O(records + largest label); memory 4 bytes per possible label while it
    ///   runs. Clusters are found by label in an array: with dictionaries (and a cluster's facts
    ///   in four arrays) this took 0.23 s for 1M records, between reading the last record and
    ///   writing the first, against 0.03 s now (perf).
    public init(labels: consuming [Int32], facts: RecordFacts, keyHashes: [UInt64]?) throws {
        var clusterOf = labels
        scores = [Float](repeating: .nan, count: clusterOf.count)
        let identity = try facts.clusterIdentities(), completeness = try facts.completeness()
        identities = keyHashes == nil ? identity : []
        // Per label, how often it is seen (`unseen`, `once`, `shared`), then its cluster's number.
        let unseen: Int32 = -1, once: Int32 = -2, shared: Int32 = -3
        var clusterOfLabel = [Int32](repeating: unseen, count: Int(clusterOf.max() ?? -1) + 1)
        // Counted first, to reserve them: grown by doubling, the clusters (then 24 bytes each,
        // nearly one per record) took up to twice their bytes, 38 MB at 1M records.
        var count = 0
        for label in clusterOf where label >= 0 {
            switch clusterOfLabel[Int(label)] {
            case unseen:
                clusterOfLabel[Int(label)] = once
                if keyHashes != nil { count += 1 }
            case once:
                clusterOfLabel[Int(label)] = shared
                if keyHashes == nil { count += 1 }
            default: break
            }
        }
        if keyHashes != nil { count += clusterOf.count { $0 < 0 } }
        clusters.reserveCapacity(count)
        for record in clusterOf.indices {
            let label = clusterOf[record]
            let c = label >= 0 ? clusterOfLabel[Int(label)] : unseen
            if c >= 0 {
                clusterOf[record] = c
                clusters[Int(c)].size += 1
                // Strictly more complete: the earliest member wins a tie.
                if completeness[record] > completeness[Int(clusters[Int(c)].canonical)] { clusters[Int(c)].canonical = Int32(record) }
                if keyHashes == nil { clusters[Int(c)].id = min(clusters[Int(c)].id, identity[record]) }
            } else if keyHashes == nil, c != shared {
                clusterOf[record] = Self.alone
                aloneCount += 1
            } else {
                let cluster = Int32(clusters.count)
                if label >= 0 { clusterOfLabel[Int(label)] = cluster }
                clusterOf[record] = cluster
                let id = label >= 0 ? keyHashes?[Int(label)] ?? identity[record] : identity[record]
                clusters.append(Cluster(id: id, size: 1, canonical: Int32(record)))
            }
        }
        self.clusterOf = clusterOf
    }

    /// A table decided elsewhere (`KnownClusters.resolve`, `ExactMatcher`): a canonical of -1
    /// is a cluster none of these records is canonical in; `scores` empty: exact mode's.
    init(clusterOf: [Int32], clusters: [Cluster], scores: [Float]) {
        self.clusterOf = clusterOf
        self.clusters = clusters
        self.scores = scores
        identities = []
    }

    /// Record `record`'s cluster: the one held, or for a record `alone`, one made of it.
    @inline(__always)
    public func cluster(of record: Int) -> Cluster {
        let c = clusterOf[record]
        return c >= 0 ? clusters[Int(c)] : Cluster(id: identities[record], size: 1, canonical: Int32(record))
    }

    /// The best match probability linking `record` into its cluster (NaN for none): the one
    /// kept, or in exact mode (`scores` empty) 1 in a cluster of two or more.
    @inline(__always)
    public func score(of record: Int) -> Float {
        guard scores.isEmpty else { return scores[record] }
        return cluster(of: record).size > 1 ? 1 : .nan
    }

    /// Whether records `a` and `b` are in one cluster (two records `alone` are not: compare
    /// here, not `clusterOf` values).
    @inline(__always)
    public func inOneCluster(_ a: Int, _ b: Int) -> Bool { a == b || clusterOf[a] != Self.alone && clusterOf[a] == clusterOf[b] }

    public var clusterCount: Int { clusters.count + aloneCount }
    public var multiRecordClusters: Int { clusters.count { $0.size > 1 } }
    /// Records that are not the canonical member of their cluster.
    public var foldedRecords: Int { clusterOf.count - clusterCount }

    public func isCanonical(_ record: Int) -> Bool { cluster(of: record).canonical == Int32(record) }

    /// The same clusters with one held for every record too, numbered in the order of their
    /// first records (as if none were `alone`): for code keeping facts per cluster number
    /// (`KnownClusters.resolve`).
    func holdingEveryRecord() -> ClusterTable {
        guard aloneCount > 0 else { return self }
        var number = [Int32](repeating: -1, count: clusters.count)
        var all: [Cluster] = []
        all.reserveCapacity(clusterCount)
        let clusterOf = self.clusterOf.indices.map { record in
            let c = self.clusterOf[record]
            if c >= 0, number[Int(c)] >= 0 { return number[Int(c)] }
            if c >= 0 { number[Int(c)] = Int32(all.count) }
            all.append(cluster(of: record))
            return Int32(all.count - 1)
        }
        return ClusterTable(clusterOf: clusterOf, clusters: all, scores: scores)
    }
}
