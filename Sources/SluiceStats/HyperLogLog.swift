import Foundation

/// An estimate of how many distinct values a stream holds, in 16 KiB whatever their number
/// (Flajolet et al.'s HyperLogLog with 2¹⁴ one-byte registers, read with Ertl's improved
/// estimator, which needs no bias tables and is unbiased from a handful of values upwards).
///
///     var sketch = HyperLogLog()
///     for n in 0..<1_000_000 { sketch.add(hash: ValueHash.hash(Array("\(n)".utf8), seed: 2)) }
///     sketch.estimate   // 1,000,000 give or take 0.8% (one standard error)
///
/// Its state depends only on the set of hashes added, never on their order or on how they were
/// split between threads: registers only ever take a maximum.
/// - Complexity: O(1) per value; `estimate` is O(registers).
struct HyperLogLog: Sendable {
    static let precision = 14
    static let registerCount = 1 << precision
    /// Bits left after the register index; a register holds a run length of 1...bits + 1.
    static let bits = 64 - precision
    /// The relative standard error of `estimate`: 1.04 / √registers.
    static let standardError = 1.04 / Double(registerCount).squareRoot()

    private(set) var registers = [UInt8](repeating: 0, count: HyperLogLog.registerCount)

    @inline(__always)
    mutating func add(hash: UInt64) {
        let index = Int(truncatingIfNeeded: hash >> UInt64(HyperLogLog.bits))
        let rest = hash << UInt64(HyperLogLog.precision)
        let run = UInt8(min(rest.leadingZeroBitCount, HyperLogLog.bits) + 1)
        if run > registers[index] { registers[index] = run }
    }

    /// The estimated number of distinct values added.
    var estimate: Double {
        let m = Double(HyperLogLog.registerCount)
        var histogram = [Double](repeating: 0, count: HyperLogLog.bits + 2)
        for register in registers { histogram[Int(register)] += 1 }
        var z = m * HyperLogLog.tau(1 - histogram[HyperLogLog.bits + 1] / m)
        for k in stride(from: HyperLogLog.bits, through: 1, by: -1) { z = 0.5 * (z + histogram[k]) }
        z += m * HyperLogLog.sigma(histogram[0] / m)
        return m * m / (2 * log(2.0)) / z
    }

    /// σ(x) = x + Σ x^(2^k) 2^(k-1), the correction for empty registers.
    static func sigma(_ value: Double) -> Double {
        if value == 1 { return .infinity }
        var x = value
        var y = 1.0
        var z = value
        while true {
            x *= x
            let previous = z
            z += x * y
            y += y
            if z == previous { return z }
        }
    }

    /// τ(x), the correction for registers at their largest value.
    static func tau(_ value: Double) -> Double {
        if value == 0 || value == 1 { return 0 }
        var x = value
        var y = 1.0
        var z = 1 - value
        while true {
            x = x.squareRoot()
            let previous = z
            y *= 0.5
            z -= (1 - x) * (1 - x) * y
            if z == previous { return z / 3 }
        }
    }
}
