/// Gives each distinct comparison pattern (levels packed 4 bits a field) a dense index in
/// order of first appearance. Matching looks up two patterns per candidate pair, millions of
/// times, among a few hundred distinct ones: a small open-addressing table with a multiplicative
/// hash does that without `Hasher`'s per-process seeded SipHash.
///
///     var interner = PatternInterner()
///     interner.index(of: 0x1142)   // 0
///     interner.index(of: 0x4442)   // 1
///     interner.index(of: 0x1142)   // 0
///     interner.patterns            // [0x1142, 0x4442]
///
/// - Complexity: O(1) expected per lookup; memory 8 bytes per distinct pattern plus the table.
struct PatternInterner {
    /// The distinct patterns; a pattern's index is its position here.
    private(set) var patterns: [UInt64] = []
    /// Open addressing: a pattern's index, or -1 for an empty slot. A power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 256)

    var count: Int { patterns.count }

    /// The index of `pattern`, added at the end when new.
    @inline(__always)
    mutating func index(of pattern: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Self.slot(pattern, mask: mask)
        while true {
            let index = slots[slot]
            if index < 0 { break }
            if patterns[Int(index)] == pattern { return Int(index) }
            slot = (slot + 1) & mask
        }
        let index = patterns.count
        patterns.append(pattern)
        slots[slot] = Int32(index)
        if 2 * patterns.count > slots.count { grow() }
        return index
    }

    private static func slot(_ pattern: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (pattern &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, pattern) in patterns.enumerated() {
            var slot = Self.slot(pattern, mask: mask)
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
