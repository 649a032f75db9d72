import Testing

@testable import SluiceStats

@Suite struct KLLSketchTests {
    /// The rank of `value` among 0..<n is `value + 1`; the answer's rank must be within the
    /// sketch's error of the rank asked for.
    @Test func ranksStayCloseOnAShuffledStream() {
        var sketch = KLLSketch(k: 1024)
        var random = SluiceStatsTests.Random(seed: 5)
        let count = 200_000
        var values = Array(0..<count)
        for index in values.indices.reversed() { values.swapAt(index, random.next() % (index + 1)) }
        for value in values { sketch.add(Double(value)) }
        #expect(sketch.count == count)
        #expect(sketch.heldCount < 4 * 1024)
        let fractions = [(1, 100), (50, 100), (99, 100)]
        for (fraction, answer) in zip(fractions, sketch.quantiles(fractions)) {
            let wanted = Quantiles.rank(numerator: fraction.0, denominator: fraction.1, of: count)
            let rank = Int(answer ?? -1) + 1
            #expect(abs(rank - wanted) < count / 200, "p\(fraction.0): rank \(rank), wanted \(wanted)")
        }
    }

    @Test func weightedAddsCountAsManyNumbers() {
        var sketch = KLLSketch(k: 64)
        sketch.add(1, weight: 1_000)
        sketch.add(2, weight: 3)
        sketch.add(3, weight: 1_000)
        #expect(sketch.count == 2_003)
        #expect(sketch.quantiles([(1, 100), (50, 100), (99, 100)]) == [1, 2, 3])
    }

    @Test func theSameNumbersInTheSameOrderGiveTheSameSketch() {
        var first = KLLSketch(k: 32)
        var second = KLLSketch(k: 32)
        for value in 0..<10_000 {
            first.add(Double(value % 977))
            second.add(Double(value % 977))
        }
        #expect(first.levels == second.levels)
    }

    @Test func anEmptySketchHasNoQuantiles() {
        #expect(KLLSketch(k: 8).quantiles([(1, 2)]) == [nil])
    }
}
