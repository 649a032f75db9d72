import Testing

@testable import SluiceStats

@Suite struct TypeCountsTests {
    @Test func ranksTypesAndKeepsTheirFirstDistinctLines() {
        var types = TypeCounts()
        for (type, line) in [(JSONType.number, 1), (.string, 2), (.string, 2), (.number, 3), (.string, 4), (.null, 5), (.string, 6), (.string, 7)] {
            types.add(type, line: line)
        }
        #expect(types.ranked.map(\.type) == [.string, .number, .null])
        #expect(types.firstLines(.string) == [2, 4, 6])
        #expect(types.firstLines(.null) == [5])
        #expect(types.total == 8 && types.count(.boolean) == 0)
    }

    @Test func tiesFollowTheFixedOrder() {
        var types = TypeCounts()
        types.add(.array, line: 1)
        types.add(.boolean, line: 2)
        #expect(types.ranked.map(\.type) == [.boolean, .array])
    }

    @Test func mergingKeepsTheEarliestLines() {
        var first = TypeCounts()
        first.add(.string, line: 1)
        first.add(.string, line: 2)
        var second = TypeCounts()
        second.add(.string, line: 2)
        second.add(.string, line: 9)
        second.add(.string, line: 10)
        first.merge(second)
        #expect(first.firstLines(.string) == [1, 2, 9])
        #expect(first.count(.string) == 5)
        first.removeAll()
        #expect(first.total == 0 && first.firstLines(.string).isEmpty)
    }
}
