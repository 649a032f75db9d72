import SluiceCore

/// The distinct words of each distinct text of a `tokens` column, interned once: a pair then
/// filters two short arrays of word ids instead of splitting, hashing and sorting both texts
/// (`StringSimilarity.tokenSet` does that on every call). Results are the same Double, bit for bit.
///
///     let table = WordSetTable()
///     table.append("mason st california st")      // text 0: california mason st
///     table.append("california st at mason st")   // text 1: at california mason st
///     table.similarity(0, 1)   // 1.0, as StringSimilarity.tokenSet on the two texts
///
/// - Complexity: memory one id per distinct word of each text plus each distinct word once;
///   a pair costs O(words · log words) plus one Levenshtein of the joined words when needed.
final class WordSetTable {
    // A class, so a comparison reads it through one reference instead of copying seven arrays;
    // `@exclusivity(unchecked)` as in `FieldColumn`: written while reading, then only read.
    /// Word ids by the word's bytes (ASCII texts only: the others keep no words).
    @exclusivity(unchecked) private var wordIds = ByteTable()
    /// Word `id` is `wordScalars[wordStarts[id]..<wordStarts[id + 1]]`.
    @exclusivity(unchecked) private var wordScalars: [UInt32] = []
    @exclusivity(unchecked) private var wordStarts: [Int] = [0]
    /// Per text, its distinct word ids in the order the joined strings need (the words' byte
    /// order), from `textStarts[t]`. (A second copy in id order, for binary search, was 17 MB at
    /// 1M bench records; a text has a few words, which a scan looks through as fast.) The
    /// starts are `Int32`: half of `Int`'s 8 bytes a text (4 MB at 1M bench records).
    @exclusivity(unchecked) private var wordsInTextOrder: [Int32] = []
    @exclusivity(unchecked) private var textStarts: [Int32] = [0]
    /// Texts outside ASCII, compared with `StringSimilarity.tokenSet` itself: canonically
    /// equivalent words may differ in their scalars, and which one a Set keeps is not ours to copy.
    @exclusivity(unchecked) private var unicodeTexts: [Int: String] = [:]

    var count: Int { textStarts.count - 1 }

    /// Adds the next text (a normalised value: words separated by single spaces).
    func append(_ text: String) {
        var utf8 = text
        utf8.withUTF8 { append(utf8: $0) }
    }

    /// The same from the text's UTF-8 (`FieldColumn.finish`, over the values it holds as bytes).
    func append(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.contains(where: { $0 >= 0x80 }) {
            unicodeTexts[count] = String(decoding: bytes, as: UTF8.self)
        } else {
            appendWords(of: bytes)
        }
        textStarts.append(Int32(wordsInTextOrder.count))
    }

    private func appendWords(of bytes: UnsafeBufferPointer<UInt8>) {
        let first = wordsInTextOrder.count
        var wordStart = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x20 {
            defer { wordStart = end + 1 }
            guard end > wordStart else { continue }
            let word = UnsafeBufferPointer(rebasing: bytes[wordStart..<end])
            let (id, isNew) = wordIds.intern(word)
            if isNew {
                wordScalars.append(contentsOf: word.lazy.map { UInt32($0) })
                wordStarts.append(wordScalars.count)
            }
            wordsInTextOrder.append(id)
        }
        // Distinct words in byte order, which is String order for ASCII (what `tokenSet` sorts by).
        var words = Array(wordsInTextOrder[first...])
        wordsInTextOrder.removeSubrange(first...)
        words.sort { lessThan($0, $1) }
        for (index, word) in words.enumerated() where index == 0 || word != words[index - 1] { wordsInTextOrder.append(word) }
    }

    private func lessThan(_ x: Int32, _ y: Int32) -> Bool {
        wordScalars[wordStarts[Int(x)]..<wordStarts[Int(x) + 1]].lexicographicallyPrecedes(wordScalars[wordStarts[Int(y)]..<wordStarts[Int(y) + 1]])
    }

    /// `StringSimilarity.tokenSet` of texts `a` and `b`.
    func similarity(_ a: Int, _ b: Int) -> Double {
        if let textA = unicodeTexts[a] ?? (unicodeTexts[b] != nil ? text(a) : nil) {
            return StringSimilarity.tokenSet(textA, unicodeTexts[b] ?? text(b))
        }
        return withSplit(a, b) { split in split.similarity() }
    }

    /// `level(similarity(a, b))` for a `level` that falls as the similarity rises, skipping the
    /// Levenshtein of the joined words when its length bound already settles the level.
    @inline(__always)
    func level(_ a: Int, _ b: Int, _ level: (Double) -> UInt8) -> UInt8 {
        if !unicodeTexts.isEmpty, unicodeTexts[a] != nil || unicodeTexts[b] != nil { return level(similarity(a, b)) }
        return withSplit(a, b) { split in
            // max(r1, rest) has the better (lower) level of the two; r1 ≤ its bound.
            let rest = split.commonCount > 0 ? level(split.prefixRatios()) : level(0)
            if level(split.joinedRatioBound()) >= rest { return rest }
            return level(split.similarity())
        }
    }

    /// An ASCII text's distinct words, sorted and joined: the same word set as the text itself,
    /// for the fallback when only the other text is outside ASCII.
    private func text(_ t: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for word in wordsInTextOrder[Int(textStarts[t])..<Int(textStarts[t + 1])] {
            if !scalars.isEmpty { scalars.append(" ") }
            for value in wordScalars[wordStarts[Int(word)]..<wordStarts[Int(word) + 1]] {
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
        }
        return String(scalars)
    }

    /// The words of `a` and `b` split into shared and own ones, as `tokenSet` joins them.
    private struct Split {
        let wordStarts: UnsafeBufferPointer<Int>
        let wordScalars: UnsafeBufferPointer<UInt32>
        let a: UnsafeBufferPointer<Int32>, b: UnsafeBufferPointer<Int32>
        var commonCount = 0, commonLength = 0, onlyACount = 0, onlyALength = 0, onlyBCount = 0, onlyBLength = 0

        /// Length of words joined with single spaces.
        static func joined(_ count: Int, _ length: Int) -> Int { count == 0 ? 0 : length + count - 1 }
        var common: Int { Self.joined(commonCount, commonLength) }
        var withA: Int { Self.joined(commonCount + onlyACount, commonLength + onlyALength) }
        var withB: Int { Self.joined(commonCount + onlyBCount, commonLength + onlyBLength) }

        /// max(ratio(common, withA), ratio(common, withB)): the common words are a prefix of
        /// each, so the Levenshtein distance is the length difference.
        func prefixRatios() -> Double {
            let ratioA = 1 - Double(withA - common) / Double(withA)
            let ratioB = 1 - Double(withB - common) / Double(withB)
            return max(ratioA, ratioB)
        }

        /// An upper bound of ratio(withA, withB): the distance is at least the length difference.
        func joinedRatioBound() -> Double {
            let longest = max(withA, withB)
            return longest == 0 ? 1 : 1 - Double(abs(withA - withB)) / Double(longest)
        }

        func similarity() -> Double {
            if a.isEmpty || b.isEmpty { return a.isEmpty && b.isEmpty ? 1 : 0 }
            let joinedRatio: Double
            if onlyACount == 0 && onlyBCount == 0 {
                joinedRatio = 1
            } else {
                joinedRatio = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: withA + withB) { buffer in
                    let x = UnsafeMutableBufferPointer(rebasing: buffer[..<withA])
                    let y = UnsafeMutableBufferPointer(rebasing: buffer[withA...])
                    write(a, other: b, to: x)
                    write(b, other: a, to: y)
                    return StringSimilarity.levenshteinRatio(UnsafeBufferPointer(x), UnsafeBufferPointer(y))
                }
            }
            return commonCount > 0 ? max(joinedRatio, prefixRatios()) : joinedRatio
        }

        /// The common words then the own words of `side`, joined with spaces.
        private func write(_ side: UnsafeBufferPointer<Int32>, other: UnsafeBufferPointer<Int32>, to out: UnsafeMutableBufferPointer<UInt32>) {
            var position = 0
            func put(_ word: Int32) {
                if position > 0 {
                    out[position] = 0x20
                    position += 1
                }
                for k in wordStarts[Int(word)]..<wordStarts[Int(word) + 1] {
                    out[position] = wordScalars[k]
                    position += 1
                }
            }
            for word in side where other.contains(word) { put(word) }
            for word in side where !other.contains(word) { put(word) }
        }
    }

    @inline(__always)
    private func withSplit<R>(_ a: Int, _ b: Int, _ body: (Split) -> R) -> R {
        wordsInTextOrder.withUnsafeBufferPointer { inTextOrder in
            wordStarts.withUnsafeBufferPointer { starts in
                wordScalars.withUnsafeBufferPointer { scalars in
                    let rangeA = Int(textStarts[a])..<Int(textStarts[a + 1]), rangeB = Int(textStarts[b])..<Int(textStarts[b + 1])
                    var split = Split(
                        wordStarts: starts, wordScalars: scalars,
                        a: UnsafeBufferPointer(rebasing: inTextOrder[rangeA]), b: UnsafeBufferPointer(rebasing: inTextOrder[rangeB]))
                    for word in split.a {
                        let length = starts[Int(word) + 1] - starts[Int(word)]
                        if split.b.contains(word) {
                            split.commonCount += 1
                            split.commonLength += length
                        } else {
                            split.onlyACount += 1
                            split.onlyALength += length
                        }
                    }
                    for word in split.b where !split.a.contains(word) {
                        split.onlyBCount += 1
                        split.onlyBLength += starts[Int(word) + 1] - starts[Int(word)]
                    }
                    return body(split)
                }
            }
        }
    }
}
