import SluiceCore

/// The counts of one compared text field over the known records a run reads but does not hold
/// (`--against` with `--model`, see `KnownSelection`): the records holding a value, each value's
/// count and, for a `name` field, how many records hold each word. With them a column weighs
/// equal text (term frequencies) and name words over all of KNOWN, as a run holding every known
/// record does, while holding only the records it compares.
///
/// Counted over every known record while KNOWN is read, then the held ones are taken out
/// (`remove(heldBy:)`), so nothing is counted twice. Values and words are kept by their hash:
/// 12 bytes or so per distinct value instead of its text.
///
///     var unheld = UnheldCounts()
///     unheld.add("cafe de la presse", values: true, words: true)
///     unheld.count(of: "cafe de la presse")   // 1
///     unheld.holders(ofWord: "cafe")          // 1
struct UnheldCounts: Equatable {
    /// Records holding a value of the field.
    var present = 0
    /// Per value (by the hash of its compared text), the records holding it.
    var values: [UInt64: Int32] = [:]
    /// Per word (by its hash), the records holding it (`name` fields).
    var words: [UInt64: Int32] = [:]

    /// What one record's compared text adds: its hash (when values are counted) and its
    /// distinct words' hashes (when words are), the words `NameWordTable` splits it into.
    struct Hashes {
        var value: UInt64?
        var words: [UInt64] = []

        /// A value's hash alone (`StableHash` of its compared text), no words.
        init(value: UInt64) { self.value = value }

        init(_ text: String, values: Bool, words countWords: Bool) {
            value = values ? StableHash.of(text) : nil
            guard countWords else { return }
            var seen: Set<Substring> = []
            for word in text.split(separator: " ") where seen.insert(word).inserted { words.append(StableHash.of(String(word))) }
        }
    }

    /// Counts one record's compared text (normalised, as `FieldColumn.comparedText` gives it).
    mutating func add(_ text: String, values countValues: Bool, words countWords: Bool) {
        add(Hashes(text, values: countValues, words: countWords))
    }

    /// Counts `times` records' text given by its hashes (read once for a value many records
    /// hold, and added once for all of them: `KnownSelection` counts the records per text).
    mutating func add(_ hashes: Hashes, times: Int32 = 1) {
        present += Int(times)
        if let value = hashes.value { values[value, default: 0] += times }
        for word in hashes.words { words[word, default: 0] += times }
    }

    /// Adds the counts of other records (another part of KNOWN, `KnownClusters.scan`).
    mutating func add(_ other: UnheldCounts) {
        present += other.present
        values.merge(other.values, uniquingKeysWith: +)
        words.merge(other.words, uniquingKeysWith: +)
    }

    /// Takes out the records `column` holds: called once the held known records are appended
    /// to it and before any other record is, so what is left counts the known records not held.
    mutating func remove(heldBy column: FieldColumn) {
        present -= column.presentCount
        if !values.isEmpty {
            for (id, text) in column.texts.enumerated() { values[StableHash.of(text), default: 0] -= column.counts[id] }
        }
        if !words.isEmpty, column.spec.method == .name {
            for (word, holders) in column.nameWords.heldWords(recordCounts: column.counts, minimum: 1) {
                words[StableHash.of(word), default: 0] -= Int32(holders)
            }
        }
    }

    /// Records not held whose compared text is `text`.
    func count(of text: String) -> Int32 { values.isEmpty ? 0 : values[StableHash.of(text)] ?? 0 }

    /// Records not held whose text holds `word`.
    func holders(ofWord word: String) -> Int32 { words.isEmpty ? 0 : words[StableHash.of(word)] ?? 0 }
}
