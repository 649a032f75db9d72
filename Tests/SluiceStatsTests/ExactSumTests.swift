import Testing

@testable import SluiceStats

@Suite struct ExactSumTests {
    func sum(_ values: [Double]) -> Double {
        var sum = ExactSum()
        for value in values { sum.add(value) }
        return sum.value
    }

    @Test func isTheCorrectlyRoundedSum() {
        #expect(sum([0.1, 0.2, 0.3]) == 0.6)
        #expect(sum([1e100, 1, -1e100]) == 1)
        #expect(sum([1, 1e-16, 1e-16]) == 1.0000000000000002)
        #expect(sum([]) == 0)
        // Python: math.fsum([0.1] * 10) == 1.0
        #expect(sum(Array(repeating: 0.1, count: 10)) == 1)
    }

    @Test func roundsHalfwayCasesToEven() {
        // Python: math.fsum([1.0, 2.0**-53, 2.0**-106]) == 1.0000000000000002 (just over half)
        #expect(sum([1, 0x1p-53, 0x1p-106]) == 1.0000000000000002)
        #expect(sum([1, 0x1p-53]) == 1)
    }

    @Test func theOrderAndTheSplitDoNotMatter() {
        var random = SluiceStatsTests.Random(seed: 3)
        let values = (0..<2_000).map { _ in Double(random.next() % 1_000_000) / 997 * (random.next() % 2 == 0 ? 1 : -1e-3) }
        let whole = sum(values)
        #expect(sum(values.reversed()) == whole)
        var first = ExactSum()
        var second = ExactSum()
        for value in values.prefix(700) { first.add(value) }
        for value in values.dropFirst(700) { second.add(value) }
        second.add(first)
        #expect(second.value == whole)
    }

    @Test func anInfiniteValueMakesTheSumInfinite() {
        #expect(sum([1, .infinity]) == .infinity)
        #expect(sum([.infinity, -.infinity]).isNaN)
    }
}
