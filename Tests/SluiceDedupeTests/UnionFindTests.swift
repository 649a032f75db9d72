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

    @Test func emptyAndSingletons() {
        var none = UnionFind(count: 0)
        #expect(none.groups().isEmpty)
        var alone = UnionFind(count: 3)
        alone.union(1, 1)
        #expect(alone.groups().isEmpty)
    }
}
