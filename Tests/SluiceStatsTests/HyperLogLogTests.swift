import SluiceCore
import Testing

@testable import SluiceStats

@Suite struct HyperLogLogTests {
    func sketch(_ range: Range<Int>, prefix: String = "") -> HyperLogLog {
        var sketch = HyperLogLog()
        for number in range { sketch.add(hash: ValueHash.hash(Array((prefix + String(number)).utf8), seed: 2)) }
        return sketch
    }

    @Test func anEmptySketchEstimatesNothing() {
        #expect(HyperLogLog().estimate == 0)
    }

    /// Ertl's estimator needs no switch to linear counting: small sets come out nearly exact.
    @Test(arguments: [1, 10, 100, 1_000])
    func smallSetsAreNearlyExact(count: Int) {
        let estimate = sketch(0..<count).estimate
        #expect(abs(estimate - Double(count)) <= max(1, Double(count) * 0.02))
    }

    /// One standard error is 0.81%; these stay within three.
    @Test(arguments: [20_000, 300_000])
    func largeSetsStayWithinThreeStandardErrors(count: Int) {
        let estimate = sketch(0..<count).estimate
        #expect(abs(estimate - Double(count)) / Double(count) < 3 * HyperLogLog.standardError)
    }

    @Test func repeatsAndOrderChangeNothing() {
        var forwards = HyperLogLog()
        var backwards = HyperLogLog()
        for number in 0..<5_000 { forwards.add(hash: ValueHash.hash(Array(String(number % 2_000).utf8), seed: 2)) }
        for number in (0..<2_000).reversed() { backwards.add(hash: ValueHash.hash(Array(String(number).utf8), seed: 2)) }
        #expect(forwards.registers == backwards.registers)
    }

}
