import Foundation
import SluiceCore

/// The words of each distinct text of a `name` column, weighed by how rare they are in the
/// field: `cafe`, `restaurant`, `the` say little about which business a listing is, a rare word
/// says much. Two names are compared by soft TF-IDF (Cohen, Ravikumar and Fienberg, 2003): each
/// word's weight is log(records / records holding it), each name a unit vector of its words'
/// weights, and a word of one name counts against the most similar word of the other when their
/// Jaro–Winkler similarity reaches 0.9 (`piaza` and `piazza`), scaled by that similarity.
///
///     let table = NameWordTable()
///     for text in ["cafe de la presse", "cafe lo", "cafe de la presse sf", "the cafe", …] { table.append(text) }
///     table.finish(recordCounts: counts)
///     table.similarity(0, 2)   // high: the words they share are rare
///     table.similarity(0, 1)   // low: `cafe` is what they share, and half the names hold it
///
/// - Complexity: memory one id per word of each distinct text plus each distinct word once; a
///   pair costs O(words²) word comparisons (names are short).
final class NameWordTable {
    // `@exclusivity(unchecked)` as in `FieldColumn`: written while reading and in `finish`,
    // then only read by the comparing threads.
    @exclusivity(unchecked) private var wordIds = ByteTable()
    /// Word `id` is `wordScalars[wordStarts[id]..<wordStarts[id + 1]]`.
    @exclusivity(unchecked) private var wordScalars: [UInt32] = []
    @exclusivity(unchecked) private var wordStarts: [Int] = [0]
    /// Per text, its distinct words: `words[textStarts[t]..<textStarts[t + 1]]`.
    @exclusivity(unchecked) private var words: [Int32] = []
    @exclusivity(unchecked) private var textStarts: [Int] = [0]
    /// Per text word (parallel to `words`), its weight divided by the text's norm (`finish`).
    @exclusivity(unchecked) private var unitWeights: [Double] = []
    /// Per word, its weight log(records / records holding it) (`finish`).
    @exclusivity(unchecked) private(set) var wordWeights: [Double] = []

    /// Words at least this similar count as the same word, scaled by their similarity.
    static let closeWord = 0.9

    var count: Int { textStarts.count - 1 }

    /// Adds the next distinct text (a normalised value: words separated by single spaces).
    func append(_ text: String) {
        let first = words.count
        for word in text.split(separator: " ") {
            var bytes = String(word)
            let (id, isNew) = bytes.withUTF8 { wordIds.intern($0) }
            if isNew {
                wordScalars.append(contentsOf: word.unicodeScalars.lazy.map(\.value))
                wordStarts.append(wordScalars.count)
            }
            if !words[first...].contains(id) { words.append(id) }
        }
        textStarts.append(words.count)
    }

    /// Weighs the words once every text is in: `recordCounts[t]` is how many records hold text
    /// `t`; with `learnt` (a saved model's counts), each word's holders and the records are the
    /// larger of the model's and these; with `unheld`, records not held count too (added first).
    /// Must run before the first comparison.
    func finish(recordCounts: [Int32], learnt: ValueCounts? = nil, unheld: UnheldCounts? = nil) {
        var holding = holders(recordCounts: recordCounts)
        var records = Double(recordCounts.reduce(0) { $0 + Int($1) })
        if let unheld {
            for word in holding.indices { holding[word] += Double(unheld.holders(ofWord: text(ofWord: word))) }
            records += Double(unheld.present)
        }
        if let learnt {
            for word in holding.indices { holding[word] = max(holding[word], Double(learnt.words[text(ofWord: word)] ?? 0)) }
            records = max(records, Double(learnt.present))
        }
        wordWeights = holding.map { log(max(records, 1) / max($0, 1)) + 0.01 }
        unitWeights = [Double](repeating: 0, count: words.count)
        for t in 0..<count {
            let range = textStarts[t]..<textStarts[t + 1]
            let norm = sqrt(range.reduce(0.0) { $0 + wordWeights[Int(words[$1])] * wordWeights[Int(words[$1])] })
            for k in range { unitWeights[k] = norm > 0 ? wordWeights[Int(words[k])] / norm : 0 }
        }
    }

    /// Per word, how many records hold it.
    private func holders(recordCounts: [Int32]) -> [Double] {
        var holding = [Double](repeating: 0, count: wordStarts.count - 1)
        for t in 0..<count {
            for word in words[textStarts[t]..<textStarts[t + 1]] { holding[Int(word)] += Double(recordCounts[t]) }
        }
        return holding
    }

    private func text(ofWord word: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for value in wordScalars[wordStarts[word]..<wordStarts[word + 1]] { Unicode.Scalar(value).map { scalars.append($0) } }
        return String(scalars)
    }

    /// The words held by at least `minimum` records (`recordCounts` as for `finish`), for a
    /// saved model (`ValueCounts`).
    func heldWords(recordCounts: [Int32], minimum: Int) -> [String: Int] {
        var out: [String: Int] = [:]
        for (word, count) in holders(recordCounts: recordCounts).enumerated() where Int(count) >= minimum { out[text(ofWord: word)] = Int(count) }
        return out
    }

    /// The soft TF-IDF similarity of texts `a` and `b`, in 0…1: the mean of both directions,
    /// since each word takes its best partner in the other name.
    func similarity(_ a: Int, _ b: Int) -> Double {
        wordScalars.withUnsafeBufferPointer { scalars in
            (directed(a, b, scalars) + directed(b, a, scalars)) / 2
        }
    }

    private func directed(_ a: Int, _ b: Int, _ scalars: UnsafeBufferPointer<UInt32>) -> Double {
        var total = 0.0
        for k in textStarts[a]..<textStarts[a + 1] {
            let word = words[k]
            var best = (similarity: 0.0, weight: 0.0)
            for l in textStarts[b]..<textStarts[b + 1] {
                if words[l] == word {
                    best = (1, unitWeights[l])
                    break
                }
                let x = UnsafeBufferPointer(rebasing: scalars[wordStarts[Int(word)]..<wordStarts[Int(word) + 1]])
                let y = UnsafeBufferPointer(rebasing: scalars[wordStarts[Int(words[l])]..<wordStarts[Int(words[l]) + 1]])
                // Short words (`st`, `sf`, `a`) are only ever the same word when equal.
                guard min(x.count, y.count) >= 4, StringSimilarity.jaroWinklerMayReach(Self.closeWord, countA: x.count, countB: y.count)
                else { continue }
                let similarity = StringSimilarity.jaroWinkler(x, y)
                if similarity >= Self.closeWord, similarity > best.similarity { best = (similarity, unitWeights[l]) }
            }
            total += unitWeights[k] * best.weight * best.similarity
        }
        return min(total, 1)
    }
}
