import Testing

@testable import SluiceStats

@Suite struct NumberStatsTests {
    func stats(_ texts: [String]) -> NumberStats {
        var stats = NumberStats()
        for text in texts { stats.add(text) }
        return stats
    }

    @Test func keepsTheFirstSmallestAndLargestAsWritten() {
        let numbers = stats(["3", "1.50", "4", "1.5", "4.0"])
        #expect(String(decoding: numbers.minimumText, as: UTF8.self) == "1.50")
        #expect(String(decoding: numbers.maximumText, as: UTF8.self) == "4")
        #expect(numbers.count == 5)
    }

    @Test func meanIsExactAndDeviationIsTheSampleOne() {
        let numbers = stats(["2", "4", "4", "4", "5", "5", "7", "9"])
        #expect(numbers.mean == 5)
        // Sample variance 32/7.
        #expect(abs((numbers.standardDeviation ?? 0) - (32.0 / 7).squareRoot()) < 1e-12)
        #expect(stats(["0.1", "0.2", "0.3"]).mean == 0.6 / 3)
        #expect(stats(["1"]).standardDeviation == nil)
        #expect(stats([]).mean == nil)
    }

    @Test func mergingPartsGivesTheWhole() {
        let texts = (0..<1_000).map { String(Double($0 % 97) * 0.37 - 11) }
        let whole = stats(texts)
        var merged = stats(Array(texts.prefix(333)))
        merged.merge(stats(Array(texts.dropFirst(333))))
        #expect(merged.count == whole.count && merged.mean == whole.mean)
        #expect(merged.minimumText == whole.minimumText && merged.maximumText == whole.maximumText)
        #expect(abs((merged.standardDeviation ?? 0) - (whole.standardDeviation ?? 0)) < 1e-9)
        var empty = NumberStats()
        empty.merge(whole)
        #expect(empty.mean == whole.mean)
    }
}
