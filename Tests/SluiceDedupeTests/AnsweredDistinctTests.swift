import Testing

@testable import SluiceDedupe

@Suite struct AnsweredDistinctTests {
    @Test func aUnionJoiningTwoRecordsAnsweredDistinctIsRefused() {
        var sets = AnsweredDistinct(count: 5, distinct: [(0, 2), (3, 4)])
        #expect(sets.union(0, 1) == nil)
        #expect(sets.union(1, 2) == 0)
        #expect(sets.find(1) != sets.find(2))
        #expect(sets.union(2, 3) == nil)
        #expect(sets.union(1, 4) == nil)
        // {0, 1, 4} and {2, 3}: 0~2 and 3~4 both stand between them.
        #expect([0, 1].contains(sets.union(0, 3)))
        #expect(sets.union(0, 0) == nil && sets.union(2, 3) == nil)
    }

    @Test func withoutDistinctAnswersItIsUnionFind() {
        var sets = AnsweredDistinct(count: 4, distinct: [])
        for (a, b) in [(0, 1), (2, 3), (1, 3)] { #expect(sets.union(a, b) == nil) }
        #expect(Set((0..<4).map { sets.find($0) }).count == 1)
    }

    /// Seeded random links over 300 records with 200 distinct answers: whatever order links come
    /// in, no set ends up holding both records of a distinct answer.
    @Test func noSetEverHoldsADistinctPair() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let distinct = (0..<200).map { _ in (next(300), next(300)) }.filter { $0.0 != $0.1 }
        var sets = AnsweredDistinct(count: 300, distinct: distinct)
        var refused = 0
        for _ in 0..<3000 where sets.union(next(300), next(300)) != nil { refused += 1 }
        #expect(refused > 0)
        for (a, b) in distinct { #expect(sets.find(a) != sets.find(b)) }
    }
}
