import Testing

@testable import SluiceDedupe

@Suite struct UnionFindTests {
    @Test func unionsFormGroups() {
        var sets = UnionFind(count: 6)
        sets.union(0, 1)
        sets.union(4, 1)
        sets.union(2, 5)
        #expect(sets.find(4) == sets.find(0))
        #expect(sets.find(3) != sets.find(0))
        #expect(sets.groups() == [[0, 1, 4], [2, 5]])
    }

    /// Sets come one at a time in order of their smallest member, whatever their roots.
    @Test func eachGroupInOrderOfItsSmallestMember() {
        var sets = UnionFind(count: 9)
        for (a, b) in [(8, 7), (7, 6), (3, 5), (1, 8), (4, 2)] { sets.union(a, b) }
        var seen: [[Int]] = []
        sets.forEachGroup { seen.append($0) }
        #expect(seen == [[1, 6, 7, 8], [2, 4], [3, 5]])
        #expect(sets.find(6) == sets.find(1) && sets.find(0) == 0)
    }

    @Test func emptyAndSingletons() {
        var none = UnionFind(count: 0)
        #expect(none.groups().isEmpty)
        var alone = UnionFind(count: 3)
        alone.union(1, 1)
        #expect(alone.groups().isEmpty)
    }
}
