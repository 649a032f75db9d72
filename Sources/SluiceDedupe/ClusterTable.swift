/// The outcome of matching: which cluster each record is in, and per cluster its stable id,
/// size, canonical record and whether it is weak (a chain too large to check).
///
/// Ids never depend on arrival order: in exact mode a cluster's id is the hash of its key, so
/// the same key always gets the same id; in fuzzy mode it is the smallest identity hash
/// (provenance) among its members, so adding unrelated records renumbers nothing and adding a
/// member changes the id only when the newcomer's hash is smaller.
///
///     let table = ClusterTable(labels: [0, 1, 0], facts: facts, keyHashes: nil)
///     table.sizes[table.clusterOf[0]]    // 2
///     table.canonical                    // the most complete member of each cluster, earliest on ties
public struct ClusterTable {
    /// Per record, its cluster number (an index into the per-cluster arrays).
    public private(set) var clusterOf: [Int32]
    public private(set) var ids: [UInt64] = []
    public private(set) var sizes: [Int32] = []
    public private(set) var canonical: [Int32] = []
    public var weak: [Bool] = []
    /// Per record, the best match probability linking it into its cluster (NaN for none).
    public var scores: [Float]

    /// Builds clusters from one label per record (equal labels, same cluster): a small
    /// non-negative number (a key's or a record's), or a negative one for a record alone.
    /// `keyHashes` gives each label's id in exact mode (nil in fuzzy mode).
    ///
    /// - Complexity: O(records + largest label); clusters are found by label in an array,
    ///   which took a tenth of the time a dictionary did between reading and writing.
    public init(labels: [Int], facts: RecordFacts, keyHashes: [UInt64]?) {
        clusterOf = [Int32](repeating: 0, count: labels.count)
        scores = [Float](repeating: .nan, count: labels.count)
        var clusterOfLabel = [Int32](repeating: -1, count: (labels.max() ?? -1) + 1)
        for (record, label) in labels.enumerated() {
            if label >= 0, clusterOfLabel[label] >= 0 {
                let cluster = clusterOfLabel[label]
                clusterOf[record] = cluster
                let c = Int(cluster)
                sizes[c] += 1
                let best = Int(canonical[c])
                if facts.completeness[record] > facts.completeness[best] { canonical[c] = Int32(record) }
                if keyHashes == nil { ids[c] = min(ids[c], facts.identity[record]) }
            } else {
                let cluster = Int32(sizes.count)
                if label >= 0 { clusterOfLabel[label] = cluster }
                clusterOf[record] = cluster
                sizes.append(1)
                canonical.append(Int32(record))
                ids.append(label >= 0 ? keyHashes?[label] ?? facts.identity[record] : facts.identity[record])
                weak.append(false)
            }
        }
    }

    public var clusterCount: Int { sizes.count }
    public var multiRecordClusters: Int { sizes.count { $0 > 1 } }
    /// Records that are not the canonical member of their cluster.
    public var foldedRecords: Int { clusterOf.count - clusterCount }

    public func isCanonical(_ record: Int) -> Bool { canonical[Int(clusterOf[record])] == Int32(record) }
}
