/// dedupe's largest clusters with their members, and how many clusters there are of each size.
///
/// A cluster's size is on every member (`dedupe.size`), so whether it belongs among the
/// `limit` largest is known from its first member on: members are gathered only for those,
/// and memory stays bounded by `limit` × `membersShown`.
///
///     clusters.add(facts)    // "dedupe":{"cluster":"ae51…","size":27,"canonical":true}
///     clusters.largest[0]    // ae51…, size 27, members [("Vertigo", "Mason & California"), …]
struct LargestClusters {
    struct Cluster {
        var id: String
        var size: Int
        /// Members seen, in input order (at most `membersShown` kept).
        var members: [(label: String, text: String, canonical: Bool)] = []
        var seen = 0

        func ranksBefore(_ other: Cluster) -> Bool { size != other.size ? size > other.size : id < other.id }
    }

    let limit: Int
    static let membersShown = 12
    /// Largest first.
    private(set) var largest: [Cluster] = []
    /// Clusters by size, counted by their canonical record (one per cluster with `--mark`, the
    /// kept one with `--drop` and `--merge`).
    private(set) var clustersBySize: [Int: Int] = [:]
    private(set) var records = 0

    init(limit: Int) { self.limit = limit }

    mutating func add(_ facts: ReportRecord) {
        guard let dedupe = facts.dedupe else { return }
        records += 1
        if dedupe.canonical { clustersBySize[dedupe.size, default: 0] += 1 }
        guard dedupe.size > 1 else { return }
        let position: Int
        if let known = largest.firstIndex(where: { $0.id == dedupe.cluster }) {
            position = known
        } else {
            let cluster = Cluster(id: dedupe.cluster, size: dedupe.size)
            if largest.count == limit {
                guard let last = largest.last, cluster.ranksBefore(last) else { return }
                largest.removeLast()
            }
            position = largest.firstIndex { cluster.ranksBefore($0) } ?? largest.count
            largest.insert(cluster, at: position)
        }
        largest[position].seen += 1
        if largest[position].members.count < Self.membersShown {
            largest[position].members.append((facts.label, facts.text ?? "(no location text)", dedupe.canonical))
        }
    }

    /// Clusters counted, and those of more than one record.
    var clusters: Int { clustersBySize.values.reduce(0, +) }
    var withDuplicates: Int { clustersBySize.filter { $0.key > 1 }.values.reduce(0, +) }
}
