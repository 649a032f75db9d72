/// Protection against chaining: connected components can link A to Z through a path of
/// pairwise matches although A and Z are nothing alike. A component is checked by scoring
/// every pair of its members; when fewer than `minDensity` of those pairs match, it is split
/// by average linkage (groups merge while the mean match probability between them stays at or
/// above the threshold). Components larger than `maxCheck` are too costly to check in full and
/// are kept but flagged.
///
///     let breaker = ChainBreaker(threshold: 0.9, minDensity: 0.5, maxCheck: 200)
///     breaker.split([0, 1, 2]) { a, b in (a, b) == (0, 2) ? 0.0 : 0.95 }
///     // .kept: 2 of 3 pairs match, density 0.67
///
/// - Complexity: O(k²) probabilities for a component of k members, O(k³) to split it.
public struct ChainBreaker: Sendable {
    public var threshold: Double
    public var minDensity: Double
    public var maxCheck: Int

    public init(threshold: Double, minDensity: Double, maxCheck: Int) {
        self.threshold = threshold
        self.minDensity = minDensity
        self.maxCheck = maxCheck
    }

    public enum Outcome: Equatable {
        case kept
        /// Too large to check: kept as one cluster but marked weak.
        case flagged
        /// The groups it was split into (each sorted; singletons included).
        case split([[Int]])
    }

    /// Checks one component (sorted members); `probability(a, b)` scores two members.
    public func split(_ members: [Int], probability: (Int, Int) -> Double) -> Outcome {
        guard members.count > 2 else { return .kept }
        guard members.count <= maxCheck else { return .flagged }
        let k = members.count
        var scores = [Double](repeating: 0, count: k * k)
        var matching = 0
        for x in 0..<k {
            for y in (x + 1)..<k {
                let p = probability(members[x], members[y])
                scores[x * k + y] = p
                scores[y * k + x] = p
                if p >= threshold { matching += 1 }
            }
        }
        let density = Double(matching) / Double(k * (k - 1) / 2)
        if density >= minDensity { return .kept }
        // Average linkage: sums of probabilities between groups, merged greedily.
        var groups: [[Int]] = (0..<k).map { [$0] }
        while groups.count > 1 {
            var best = (score: -1.0, a: 0, b: 0)
            for a in 0..<(groups.count - 1) {
                for b in (a + 1)..<groups.count {
                    var sum = 0.0
                    for x in groups[a] { for y in groups[b] { sum += scores[x * k + y] } }
                    let mean = sum / Double(groups[a].count * groups[b].count)
                    if mean > best.score { best = (mean, a, b) }
                }
            }
            guard best.score >= threshold else { break }
            groups[best.a] += groups[best.b]
            groups.remove(at: best.b)
        }
        return .split(groups.map { $0.map { members[$0] }.sorted() }.sorted { $0[0] < $1[0] })
    }
}
