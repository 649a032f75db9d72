/// Disjoint sets over record numbers 0..<n with path halving and union by size.
///
///     var sets = UnionFind(count: 4)
///     sets.union(0, 1); sets.union(1, 2)
///     sets.find(2) == sets.find(0)   // true
///     sets.find(3) == sets.find(0)   // false
///
/// - Complexity: near O(1) amortised per operation; 8 bytes per record.
public struct UnionFind: Sendable {
    var parent: [Int32]
    var size: [Int32]

    public init(count: Int) {
        parent = (0..<count).map { Int32($0) }
        size = [Int32](repeating: 1, count: count)
    }

    public mutating func find(_ x: Int) -> Int {
        var x = x
        while Int(parent[x]) != x {
            parent[x] = parent[Int(parent[x])]
            x = Int(parent[x])
        }
        return x
    }

    public mutating func union(_ a: Int, _ b: Int) {
        var rootA = find(a), rootB = find(b)
        if rootA == rootB { return }
        if size[rootA] < size[rootB] { swap(&rootA, &rootB) }
        parent[rootB] = Int32(rootA)
        size[rootA] += size[rootB]
    }

    /// The members of every set with more than one member, each sorted, the sets in order of
    /// their smallest member.
    public mutating func groups() -> [[Int]] {
        var byRoot: [Int: [Int]] = [:]
        for x in parent.indices where size[find(x)] > 1 { byRoot[find(x), default: []].append(x) }
        return byRoot.values.sorted { $0[0] < $1[0] }
    }
}
