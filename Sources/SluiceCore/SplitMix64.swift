/// A small, fast, seeded pseudo-random generator (Steele, Lea & Flood's SplitMix64), so that the
/// same seed gives the same benchmark data (and the same sketches in sluice-stats) on every
/// machine and Swift version. The system generator is never used: its sequence is not specified
/// and may change.
///
///     var random = SplitMix64(seed: 42)
///     random.next()            // 13679457532755275413, on every platform
///     random.int(below: 6)     // 0...5
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// A generator for one item of a stream (a film, a duplicate), independent of how many
    /// numbers the items before it used: items can be regenerated on their own.
    public init(seed: UInt64, stream: UInt64, item: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next() ^ (item &* 0xD1B5_4A32_D192_ED03)
        _ = next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (Lemire's multiply-shift; the bias is below 2⁻⁴⁰ for our bounds).
    public mutating func int(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`, both ends included.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.upperBound - range.lowerBound + 1)
    }

    /// A uniform number in [0, 1) with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// One element of a non-empty array, uniformly.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[int(below: items.count)]
    }

    /// One element, earlier ones more likely (Zipf-like: real data names a few landmarks often).
    public mutating func pickSkewed<T>(_ items: [T]) -> T {
        let u = unit()
        return items[min(items.count - 1, Int(u * u * Double(items.count)))]
    }
}
