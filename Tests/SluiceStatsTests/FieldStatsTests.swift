import Testing

@testable import SluiceStats

@Suite struct FieldStatsTests {
    @Test func countsMergeAndReset() {
        var first = FieldCounts()
        first.records = 2
        first.empty = 1
        first.types.add(.string, line: 1)
        first.strings.add(length: 3, line: 1)
        var second = FieldCounts()
        second.records = 1
        second.types.add(.number, line: 4)
        second.numbers.add("7")
        first.merge(second)
        #expect(first.records == 3 && first.empty == 1 && first.values == 2)
        #expect(first.numbers.count == 1 && first.strings.count == 1)
        first.removeAll()
        #expect(first.values == 0 && first.records == 0 && first.numbers.count == 0)
    }

    @Test func theLimitReachesTheValueCounts() {
        #expect(FieldStats(limits: StatsLimits(exactValues: 5)).values.limit == 5)
        #expect(FieldStats(limits: StatsLimits(exactValues: nil)).values.limit == nil)
    }
}
