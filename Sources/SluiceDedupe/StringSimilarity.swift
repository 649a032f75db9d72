/// String similarities on Unicode scalars, each in 0…1 where 1 means equal.
///
///     StringSimilarity.jaroWinkler(Array("martha".unicodeScalars), Array("marhta".unicodeScalars))  // 0.961
///     StringSimilarity.levenshteinRatio(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) // 0.571
///     StringSimilarity.tokenSet("mason st california st", "california st at mason st")  // 1.0
///
/// - Complexity: Jaro–Winkler O(n·m) worst case in its match window, Levenshtein O(n·m) time
///   and O(m) space.
public enum StringSimilarity {
    /// Jaro–Winkler similarity with the usual prefix scale 0.1 over at most 4 characters.
    public static func jaroWinkler(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> Double {
        if a.isEmpty || b.isEmpty { return a.isEmpty && b.isEmpty ? 1 : 0 }
        if a == b { return 1 }
        let (s, t) = a.count <= b.count ? (a, b) : (b, a)
        let window = max(0, t.count / 2 - 1)
        // Fixed-size flags avoid an allocation per call for the usual short fields.
        var sFlags = [Bool](repeating: false, count: s.count)
        var tFlags = [Bool](repeating: false, count: t.count)
        var matches = 0
        let sBase = s.startIndex, tBase = t.startIndex
        for i in 0..<s.count {
            let low = max(0, i - window), high = min(t.count - 1, i + window)
            if low > high { continue }
            for j in low...high where !tFlags[j] && s[sBase + i] == t[tBase + j] {
                sFlags[i] = true
                tFlags[j] = true
                matches += 1
                break
            }
        }
        if matches == 0 { return 0 }
        var transpositions = 0
        var k = 0
        for i in 0..<s.count where sFlags[i] {
            while !tFlags[k] { k += 1 }
            if s[sBase + i] != t[tBase + k] { transpositions += 1 }
            k += 1
        }
        let m = Double(matches)
        let jaro = (m / Double(s.count) + m / Double(t.count) + (m - Double(transpositions / 2)) / m) / 3
        var prefix = 0
        while prefix < min(4, s.count), s[sBase + prefix] == t[tBase + prefix] { prefix += 1 }
        return jaro + Double(prefix) * 0.1 * (1 - jaro)
    }

    public static func jaroWinkler(_ a: [UInt32], _ b: [UInt32]) -> Double { jaroWinkler(a[...], b[...]) }

    /// Edit distance with insertions, deletions and substitutions of cost 1.
    public static func levenshtein(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for (i, x) in a.enumerated() {
            current[0] = i + 1
            for (j, y) in b.enumerated() {
                let substitution = previous[j] + (x == y ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// 1 − distance / length of the longer string.
    public static func levenshteinRatio(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> Double {
        let longest = max(a.count, b.count)
        if longest == 0 { return 1 }
        return 1 - Double(levenshtein(a, b)) / Double(longest)
    }

    public static func levenshteinRatio(_ a: [UInt32], _ b: [UInt32]) -> Double { levenshteinRatio(a[...], b[...]) }

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
            levenshteinRatio(x.unicodeScalars.map(\.value)[...], y.unicodeScalars.map(\.value)[...])
        }
        var best = ratio(withA, withB)
        if !common.isEmpty { best = max(best, ratio(common, withA), ratio(common, withB)) }
        return best
    }
}
