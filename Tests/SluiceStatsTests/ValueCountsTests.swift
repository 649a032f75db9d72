import Testing

@testable import SluiceStats

@Suite struct ValueCountsTests {
    func add(_ counts: inout ValueCounts, _ words: [String]) {
        for word in words { counts.add(kind: .string, bytes: Array(word.utf8)) }
    }

    @Test func exactUpToTheLimit() {
        var counts = ValueCounts(limit: 3)
        add(&counts, ["a", "b", "a", "c", "a"])
        #expect(counts.isExact)
        #expect(counts.distinct == (3, true))
        let top = counts.top(2)
        #expect(top.values.map { String(decoding: $0.bytes, as: UTF8.self) } == ["a", "b"])
        #expect(top.values.map(\.count) == [3, 1] && top.undercount == 0)
        #expect(counts.total == 5)
    }

    @Test func estimatesPastTheLimitAndKeepsWhatWasCounted() {
        var counts = ValueCounts(limit: 3)
        add(&counts, ["a", "b", "a", "c", "d", "a"])
        #expect(!counts.isExact)
        let distinct = counts.distinct
        #expect(distinct.count == 4 && !distinct.exact)
        #expect(counts.top(1).values.first.map { String(decoding: $0.bytes, as: UTF8.self) } == "a")
        #expect(counts.top(1).values.first?.count == 3)
    }

    @Test func aFieldOfLongValuesStopsCountingExactlyByItsBytes() {
        var counts = ValueCounts(limit: 4)
        add(&counts, (0..<4).map { String(repeating: "x", count: 600) + "\($0)" })
        #expect(!counts.isExact)
    }

    @Test func withoutALimitEverythingIsExact() {
        var counts = ValueCounts(limit: nil)
        add(&counts, (0..<50_000).map { "v\($0)" })
        #expect(counts.distinct == (50_000, true))
    }

    @Test func quantilesAreExactFromTheCountsThenFromTheSketch() {
        var counts = ValueCounts(limit: 1_000)
        for number in [5, 1, 3, 3, 2] { counts.add(kind: .number, bytes: Array(String(number).utf8)) }
        counts.add(kind: .string, bytes: Array("9".utf8))
        let exact = counts.quantiles([(1, 100), (50, 100), (99, 100)])
        #expect(exact.exact && exact.values == [1, 3, 5])
        for number in 0..<20_000 { counts.add(kind: .number, bytes: Array(String(number).utf8)) }
        let estimated = counts.quantiles([(50, 100)])
        #expect(!estimated.exact)
        // 20,005 numbers from 0 to 19,999: the median is about 10,000, within the sketch's error.
        #expect(abs((estimated.values[0] ?? 0) - 10_000) < 200)
    }
}
