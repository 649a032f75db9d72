/// Linking that never puts two records answered `distinct` in one cluster: disjoint sets, each
/// keeping the distinct answers that touch its members; a union that would hold both records of
/// one is refused, and says which. Links are offered strongest first (answered matches, then
/// the model's by falling probability), so what a refusal leaves out is the weakest link of the
/// chain between the two records: the rule is that a `distinct` answer wins.
///
///     var sets = AnsweredDistinct(count: 3, distinct: [(0, 2)])
///     sets.union(0, 1)   // nil: joined
///     sets.union(1, 2)   // 0: refused, it would join 0 and 2 (distinct answer 0)
///
/// - Complexity: a union costs O(the distinct answers touching the smaller set); memory one
///   entry per distinct answer and per set holding one.
public struct AnsweredDistinct: Sendable {
    public private(set) var sets: UnionFind
    let pairs: [(a: Int32, b: Int32)]
    /// Per set (by root), the distinct answers with a record in it.
    var touching: [Int32: [Int32]] = [:]

    public init(count: Int, distinct: [(Int, Int)]) {
        sets = UnionFind(count: count)
        pairs = distinct.map { (Int32($0.0), Int32($0.1)) }
        for (index, pair) in pairs.enumerated() {
            touching[pair.a, default: []].append(Int32(index))
            if pair.b != pair.a { touching[pair.b, default: []].append(Int32(index)) }
        }
    }

    public mutating func find(_ x: Int) -> Int { sets.find(x) }

    /// `UnionFind.groups()` of the sets, in place (a copy of `sets` to call it on is 4 bytes a
    /// record more).
    public mutating func groups() -> [[Int]] { sets.groups() }

    /// `UnionFind.forEachGroup(_:)` of the sets, in place.
    public mutating func forEachGroup(_ body: ([Int]) throws -> Void) rethrows { try sets.forEachGroup(body) }

    /// Joins the sets of `a` and `b`; refused, returning the index of the distinct answer whose
    /// two records it would join, when it would.
    @discardableResult
    public mutating func union(_ a: Int, _ b: Int) -> Int? {
        let (rootA, rootB) = (sets.find(a), sets.find(b))
        if rootA == rootB { return nil }
        var small = touching[Int32(rootA)] ?? [], large = touching[Int32(rootB)] ?? []
        var other = rootB
        if small.count > large.count {
            swap(&small, &large)
            other = rootA
        }
        for index in small {
            let pair = pairs[Int(index)]
            if sets.find(Int(pair.a)) == other || sets.find(Int(pair.b)) == other { return Int(index) }
        }
        sets.union(a, b)
        // The two lists leave the table first, so the larger grows in place.
        touching[Int32(rootA)] = nil
        touching[Int32(rootB)] = nil
        guard !small.isEmpty || !large.isEmpty else { return nil }
        large.append(contentsOf: small)
        touching[Int32(sets.find(a))] = large
        return nil
    }
}
