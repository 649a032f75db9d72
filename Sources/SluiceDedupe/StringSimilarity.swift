import SluiceCore

/// String similarities on Unicode scalars, each in 0…1 where 1 means equal. Jaro–Winkler, the
/// summaries its bound reads and the Levenshtein ratio take any unsigned code units: an ASCII
/// text's UTF-8 bytes are its scalars, so `FieldColumn` compares ASCII texts on the bytes it
/// already holds (no copy of 4 bytes a character), and the same code, specialised, serves both.
///
///     StringSimilarity.jaroWinkler("martha".unicodeScalars.map(\.value), "marhta".unicodeScalars.map(\.value))  // 0.961
///     StringSimilarity.levenshteinRatio("kitten".unicodeScalars.map(\.value), "sitting".unicodeScalars.map(\.value)) // 0.571
///     StringSimilarity.tokenSet("mason st california st", "california st at mason st")  // 1.0
///
/// - Complexity: Jaro–Winkler O(n·m) worst case in its match window, Levenshtein O(n·m) time
///   and O(m) space.
public enum StringSimilarity {
    /// Jaro–Winkler similarity with the usual prefix scale 0.1 over at most 4 characters.
    public static func jaroWinkler<Unit: FixedWidthInteger & UnsignedInteger>(
        _ a: UnsafeBufferPointer<Unit>, _ b: UnsafeBufferPointer<Unit>
    ) -> Double {
        if a.isEmpty || b.isEmpty { return a.isEmpty && b.isEmpty ? 1 : 0 }
        let (s, t) = a.count <= b.count ? (a, b) : (b, a)
        let window = max(0, t.count / 2 - 1)
        let (matches, transpositions) = bitParallelJaroMatches(s, t, window: window) ?? jaroMatches(s, t, window: window)
        if matches == 0 { return 0 }
        let m = Double(matches)
        let jaro = (m / Double(s.count) + m / Double(t.count) + (m - Double(transpositions / 2)) / m) / 3
        var prefix = 0
        while prefix < min(4, s.count), s[prefix] == t[prefix] { prefix += 1 }
        return jaro + Double(prefix) * 0.1 * (1 - jaro)
    }

    /// Jaro's matching characters of `s` (the shorter text) in `t` within `window`, each taking
    /// the first unmatched equal character, and the matched characters out of order.
    static func jaroMatches<Unit: FixedWidthInteger & UnsignedInteger>(
        _ s: UnsafeBufferPointer<Unit>, _ t: UnsafeBufferPointer<Unit>, window: Int
    ) -> (matches: Int, transpositions: Int) {
        // Flags on the stack: this runs millions of times and must not allocate.
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: s.count + t.count) { flags in
            flags.initialize(repeating: false)
            let sFlags = UnsafeMutableBufferPointer(rebasing: flags[..<s.count])
            let tFlags = UnsafeMutableBufferPointer(rebasing: flags[s.count...])
            var matches = 0
            for i in 0..<s.count {
                let low = max(0, i - window), high = min(t.count - 1, i + window)
                if low > high { continue }
                for j in low...high where !tFlags[j] && s[i] == t[j] {
                    sFlags[i] = true
                    tFlags[j] = true
                    matches += 1
                    break
                }
            }
            var transpositions = 0
            var k = 0
            for i in 0..<s.count where sFlags[i] {
                while !tFlags[k] { k += 1 }
                if s[i] != t[k] { transpositions += 1 }
                k += 1
            }
            return (matches, transpositions)
        }
    }

    /// The same matches with the flags as bits: the first unmatched equal character in the
    /// window is the lowest bit of (positions of the character in `t`) & ~matched & window.
    /// Nil when `t` is longer than 64 or not ASCII.
    static func bitParallelJaroMatches<Unit: FixedWidthInteger & UnsignedInteger>(
        _ s: UnsafeBufferPointer<Unit>, _ t: UnsafeBufferPointer<Unit>, window: Int
    ) -> (matches: Int, transpositions: Int)? {
        guard s.count <= t.count, t.count <= 64, !t.contains(where: { $0 >= 128 }) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { positions in
            positions.initialize(repeating: 0)
            for (j, scalar) in t.enumerated() { positions[Int(scalar)] |= 1 << UInt64(j) }
            var sFlags: UInt64 = 0, tFlags: UInt64 = 0
            var matches = 0
            for i in 0..<s.count where s[i] < 128 {
                let low = max(0, i - window), high = min(t.count - 1, i + window)
                if low > high { continue }
                let width = high - low + 1
                let inWindow = (width == 64 ? UInt64.max : (1 << UInt64(width)) - 1) << UInt64(low)
                let candidates = positions[Int(s[i])] & ~tFlags & inWindow
                if candidates == 0 { continue }
                tFlags |= candidates & (0 &- candidates)
                sFlags |= 1 << UInt64(i)
                matches += 1
            }
            var transpositions = 0
            while sFlags != 0 {
                if s[sFlags.trailingZeroBitCount] != t[tFlags.trailingZeroBitCount] { transpositions += 1 }
                sFlags &= sFlags - 1
                tFlags &= tFlags - 1
            }
            return (matches, transpositions)
        }
    }

    /// A bitmask of the characters a text holds (scalar value mod 64), for `jaroWinklerSummaryBound`.
    public static func characterMask<Unit: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<Unit>) -> UInt64 {
        text.reduce(0) { $0 | 1 << UInt64($1 & 63) }
    }

    /// How many of a text's characters fall in each of 16 classes (scalar value mod 16), 4 bits
    /// a class, 15 meaning 15 or more: for `jaroWinklerSummaryBound`.
    public static func characterTally<Unit: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<Unit>) -> UInt64 {
        var tally: UInt64 = 0
        for unit in text {
            let shift = UInt64(unit & 15) * 4
            if (tally >> shift) & 15 != 15 { tally += 1 << shift }
        }
        return tally
    }

    /// Whether `jaroWinkler` of texts of these lengths can reach `cut` at all, every character
    /// of the shorter matching: lengths far apart cannot (a 200,000-character value against a
    /// street's name took 24 ms a pair, the whole window scanned for each character).
    @inline(__always)
    public static func jaroWinklerMayReach(_ cut: Double, countA: Int, countB: Int) -> Bool {
        if countA == 0 || countB == 0 { return true }
        // The margin keeps a rounding of the bound from deciding on the cut.
        return bound(matches: min(countA, countB), countA: countA, countB: countB) + 1e-9 >= cut
    }

    /// Jaro–Winkler at most, given at most `matches` matching characters: none transposed and
    /// the prefix at its longest.
    @inline(__always)
    static func bound(matches: Int, countA: Int, countB: Int) -> Double {
        let m = Double(matches)
        let jaro = (m / Double(countA) + m / Double(countB) + 1) / 3
        return jaro + Double(min(4, countA, countB)) * 0.1 * (1 - jaro)
    }

    /// An upper bound of `jaroWinkler` from the texts' lengths, masks and tallies alone, with no
    /// character read: a character of one text's mask missing from the other's occurs at least
    /// once and can never match, no class can match more characters than the text with fewer of
    /// them holds, and the prefix is taken at its longest. Lets most clear non-matches skip the
    /// O(n·m) part without touching their texts' bytes: a bound that read them (a cache miss a
    /// text) was 23% of fuzzy dedupe's cycles at 1M bench records (perf).
    @inline(__always)
    public static func jaroWinklerSummaryBound(
        countA: Int, countB: Int, maskA: UInt64, maskB: UInt64, tallyA: UInt64, tallyB: UInt64
    ) -> Double {
        if countA == 0 || countB == 0 { return 1 }
        var m = min(countA - (maskA & ~maskB).nonzeroBitCount, countB - (maskB & ~maskA).nonzeroBitCount)
        if let shared = sharedTally(tallyA, tallyB) { m = min(m, shared) }
        if m <= 0 { return 0 }
        return bound(matches: m, countA: countA, countB: countB)
    }

    /// The sum over classes of the smaller of two tallies' counts; nil when a class is full
    /// (15 or more) in both, whose smaller count is then unknown.
    @inline(__always)
    static func sharedTally(_ a: UInt64, _ b: UInt64) -> Int? {
        let both = a & b
        let ones: UInt64 = 0x1111_1111_1111_1111
        if both & (both >> 1) & (both >> 2) & (both >> 3) & ones != 0 { return nil }
        // The 16 counts as two sets of 8 bytes; a byte's smaller count by the sign of a - b.
        let low: UInt64 = 0x0F0F_0F0F_0F0F_0F0F, high: UInt64 = 0x8080_8080_8080_8080
        func smaller(_ x: UInt64, _ y: UInt64) -> UInt64 {
            let xAtLeastY = (((x | high) &- y) & high) >> 7 &* 0xFF
            return (y & xAtLeastY) | (x & ~xAtLeastY)
        }
        let sum = smaller(a & low, b & low) &+ smaller((a >> 4) & low, (b >> 4) & low)
        return Int((sum &* 0x0101_0101_0101_0101) >> 56)
    }

    public static func jaroWinkler(_ a: [UInt32], _ b: [UInt32]) -> Double {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in jaroWinkler(x, y) } }
    }

    /// 1 − distance / length of the longer string.
    public static func levenshteinRatio<Unit: FixedWidthInteger & UnsignedInteger>(
        _ a: UnsafeBufferPointer<Unit>, _ b: UnsafeBufferPointer<Unit>
    ) -> Double {
        let longest = max(a.count, b.count)
        if longest == 0 { return 1 }
        return 1 - Double(EditDistance.distance(a, b)) / Double(longest)
    }

    public static func levenshteinRatio(_ a: [UInt32], _ b: [UInt32]) -> Double {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in levenshteinRatio(x, y) } }
    }

    /// Token-set similarity (fuzzywuzzy's `token_set_ratio`): the words both share, sorted, are
    /// compared with each side's sorted words; the best Levenshtein ratio wins. Word order and
    /// repeated words do not matter, and one side's extra words cost less than a mismatch.
    public static func tokenSet(_ a: String, _ b: String) -> Double {
        let wordsA = Set(a.split(separator: " ")), wordsB = Set(b.split(separator: " "))
        if wordsA.isEmpty || wordsB.isEmpty { return wordsA.isEmpty && wordsB.isEmpty ? 1 : 0 }
        let common = wordsA.intersection(wordsB).sorted().joined(separator: " ")
        let onlyA = wordsA.subtracting(wordsB).sorted().joined(separator: " ")
        let onlyB = wordsB.subtracting(wordsA).sorted().joined(separator: " ")
        let withA = [common, onlyA].filter { !$0.isEmpty }.joined(separator: " ")
        let withB = [common, onlyB].filter { !$0.isEmpty }.joined(separator: " ")
        func ratio(_ x: String, _ y: String) -> Double {
            levenshteinRatio(x.unicodeScalars.map(\.value), y.unicodeScalars.map(\.value))
        }
        var best = ratio(withA, withB)
        if !common.isEmpty { best = max(best, ratio(common, withA), ratio(common, withB)) }
        return best
    }
}
