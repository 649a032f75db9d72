/// The outcome of matching: which cluster each record is in, and per cluster its stable id,
/// size, canonical record and whether it is weak (a chain too large to check).
///
/// Ids never depend on arrival order: in exact mode a cluster's id is the hash of its key, so
/// the same key always gets the same id; in fuzzy mode it is the smallest identity hash
/// (provenance) among its members, so adding unrelated records renumbers nothing and adding a
/// member changes the id only when the newcomer's hash is smaller.
///
///     let table = ClusterTable(labels: [0, 1, 0], facts: facts, keyHashes: nil)
///     table.clusters[Int(table.clusterOf[0])].size    // 2
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

    /// Per record, its cluster number (an index into `clusters`).
    public private(set) var clusterOf: [Int32]
    public internal(set) var clusters: [Cluster] = []
    /// Per record, the best match probability linking it into its cluster (NaN for none);
    /// empty in exact mode, where it is 1 for a member of a cluster of two or more (`score(of:)`).
    public var scores: [Float]

    /// Builds clusters from one label per record (equal labels, same cluster): a small
    /// non-negative number (a key's or a record's), or a negative one for a record alone.
    /// `keyHashes` gives each label's id in exact mode (nil in fuzzy mode).
    ///
    /// - Complexity: O(records + largest label). Clusters are found by label in an array: with
    ///   dictionaries (and a cluster's facts in four arrays) this took 0.23 s for 1M records,
    ///   between reading the last record and writing the first, against 0.03 s now (perf).
    public init(labels: [Int32], facts: RecordFacts, keyHashes: [UInt64]?) {
        clusterOf = [Int32](repeating: 0, count: labels.count)
        scores = [Float](repeating: .nan, count: labels.count)
        var clusterOfLabel = [Int32](repeating: -1, count: Int(labels.max() ?? -1) + 1)
        if let keyHashes {
            // Exact mode knows its clusters: one per key and one per record without a key.
            clusters.reserveCapacity(keyHashes.count + labels.count { $0 < 0 })
        } else {
            // Fuzzy mode counts them first (-2: a label seen): grown by doubling, the clusters
            // (nearly one per record) took up to twice their bytes each (24 then), 38 MB at 1M records.
            var count = 0
            for label in labels {
                if label < 0 {
                    count += 1
                } else if clusterOfLabel[Int(label)] == -1 {
                    clusterOfLabel[Int(label)] = -2
                    count += 1
                }
            }
            clusters.reserveCapacity(count)
        }
        for (record, label) in labels.enumerated() {
            if label >= 0, clusterOfLabel[Int(label)] >= 0 {
                let c = Int(clusterOfLabel[Int(label)])
                clusterOf[record] = Int32(c)
                clusters[c].size += 1
                // Strictly more complete: the earliest member wins a tie.
                if facts.completeness[record] > facts.completeness[Int(clusters[c].canonical)] { clusters[c].canonical = Int32(record) }
                if keyHashes == nil { clusters[c].id = min(clusters[c].id, facts.identity[record]) }
            } else {
                let cluster = Int32(clusters.count)
                if label >= 0 { clusterOfLabel[Int(label)] = cluster }
                clusterOf[record] = cluster
                let id = label >= 0 ? keyHashes?[Int(label)] ?? facts.identity[record] : facts.identity[record]
                clusters.append(Cluster(id: id, size: 1, canonical: Int32(record)))
            }
        }
    }

    /// A table decided elsewhere (`KnownClusters.resolve`, `ExactMatcher`): a canonical of -1
    /// is a cluster none of these records is canonical in; `scores` empty: exact mode's.
    init(clusterOf: [Int32], clusters: [Cluster], scores: [Float]) {
        self.clusterOf = clusterOf
        self.clusters = clusters
        self.scores = scores
    }

    /// The best match probability linking `record` into its cluster (NaN for none): the one
    /// kept, or in exact mode (`scores` empty) 1 in a cluster of two or more.
    @inline(__always)
    public func score(of record: Int) -> Float {
        guard scores.isEmpty else { return scores[record] }
        return clusters[Int(clusterOf[record])].size > 1 ? 1 : .nan
    }

    public var clusterCount: Int { clusters.count }
    public var multiRecordClusters: Int { clusters.count { $0.size > 1 } }
    /// Records that are not the canonical member of their cluster.
    public var foldedRecords: Int { clusterOf.count - clusterCount }

    public func isCanonical(_ record: Int) -> Bool { clusters[Int(clusterOf[record])].canonical == Int32(record) }
}
