import Testing

@testable import SluiceStats

@Suite struct QuantilesTests {
    @Test func nearestRankIsTheCeilingOfQTimesN() {
        #expect(Quantiles.rank(numerator: 50, denominator: 100, of: 4) == 2)
        #expect(Quantiles.rank(numerator: 1, denominator: 100, of: 300) == 3)
        #expect(Quantiles.rank(numerator: 99, denominator: 100, of: 300) == 297)
        #expect(Quantiles.rank(numerator: 1, denominator: 100, of: 1) == 1)
        #expect(Quantiles.rank(numerator: 1, denominator: 100, of: 0) == 1)
    }

    @Test func countedNumbersInAnyOrder() {
        let counted: [(value: Double, count: Int)] = [(3, 1), (1, 1), (2, 2)]
        #expect(Quantiles.exact(counted, [(1, 4), (2, 4), (3, 4), (4, 4)]) == [1, 2, 2, 3])
        #expect(Quantiles.exact([], [(1, 2)]) == [nil])
    }
}
