/// Street suffixes misspelt by one letter, as people type them: `Streeet`, `Aveune`, `Plc`.
/// Publication 28 lists the usual abbreviations and variants (`USPSTables.suffixes`); this
/// reads the slips it cannot list.
///
///     SuffixSpelling.abbreviation(ofMisspelt: "streeet")  // "St"   (one letter too many)
///     SuffixSpelling.abbreviation(ofMisspelt: "aveune")   // "Ave"  (two letters swapped)
///     SuffixSpelling.abbreviation(ofMisspelt: "plc")      // "Pl"   (a letter after `Pl`)
///     SuffixSpelling.abbreviation(ofMisspelt: "blv")      // "Blvd" (the last letter lost)
///     SuffixSpelling.abbreviation(ofMisspelt: "lake")     // nil    (a word of its own)
///
/// Only where a street is expected (a side of a corner, a street's last word) and only for
/// words on no vocabulary list, so `Lake`, `Palace` and `Ally` keep their meaning. Short words
/// are where real words lie one letter from a suffix (`line`/`lane`, `car`/`cir`, `red`/`rd`),
/// so the rule is narrow there: a full suffix name must have five letters or more (five only
/// with a swap or a doubled letter), and an abbreviation may only have gained one letter at its end,
/// or lost the last of four where what is left has no vowel (`blv`, `pkw`).
///
/// - Complexity: O(n) in the word's length for each of the few dozen spellings tried.
enum SuffixSpelling {
    /// Full names of the street suffixes (`USPSTables.streetSuffixes`) of five letters or more,
    /// each with its abbreviation: `("street", "St")`.
    static let names: [(name: [UInt8], abbreviation: String)] = USPSTables.suffixRows.compactMap { row in
        let (name, abbreviation, _) = row
        guard USPSTables.streetSuffixes.contains(abbreviation), name.utf8.count >= 5 else { return nil }
        return (Array(name.utf8), abbreviation)
    }

    /// The standard abbreviations of the street suffixes, lowercase: `st`, `pl`, `ave`.
    static let abbreviations: [(lower: [UInt8], abbreviation: String)] = USPSTables.streetSuffixes.sorted().map {
        (Array(Words.lowercased($0).utf8), $0)
    }

    /// The abbreviation of the suffix `lower` is one slip away from, or nil. `traits` are the
    /// word's (`WordTraits(lowercase: lower)` when not given).
    static func abbreviation(ofMisspelt lower: String, traits: WordTraits? = nil) -> String? {
        // A word on a list means what the list says; digits and other scripts are no suffix.
        guard (traits ?? WordTraits(lowercase: lower)) == [.letterOrDigit, .asciiLetter] else { return nil }
        let word = Array(lower.utf8)
        guard word.count >= 3, word.count <= 11, word.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        for (lower, abbreviation) in abbreviations where word.count == lower.count + 1 && word.starts(with: lower) {
            return abbreviation
        }
        // `Blv`, `Pkw`: an abbreviation of four letters that lost its last, where no vowel makes
        // it a word (Wake County writes `Capital Blv`; it was a street of its own, not Blvd).
        let vowels: [UInt8] = Array("aeiouy".utf8)
        if word.count == 3, !word.contains(where: vowels.contains) {
            for (lower, abbreviation) in abbreviations where lower.count == 4 && lower.starts(with: word) { return abbreviation }
        }
        for (name, abbreviation) in names where name[0] == word[0] && isOneEditApart(word, name) {
            // Five-letter names have real words one letter away (`train`, `plate`, `count`):
            // there only a swap or a doubled letter counts.
            if name.count == 5, !isSwapOrDoubling(word, name) { continue }
            return abbreviation
        }
        return nil
    }

    /// Whether `word` is `name` with two neighbours swapped (`plcae`) or a letter doubled (`drivve`).
    static func isSwapOrDoubling(_ word: [UInt8], _ name: [UInt8]) -> Bool {
        guard word.count == name.count || word.count == name.count + 1 else { return false }
        var start = 0
        while start < name.count, word[start] == name[start] { start += 1 }
        guard start < name.count || word.count > name.count else { return false }
        if word.count == name.count {
            return start + 1 < word.count && word[start] == name[start + 1] && word[start + 1] == name[start]
                && word[(start + 2)...] == name[(start + 2)...]
        }
        return start > 0 && word[start] == word[start - 1] && word[(start + 1)...].elementsEqual(name[start...])
    }

    /// Whether `a` becomes `b` by one letter added, removed or changed, or two neighbours swapped.
    static func isOneEditApart(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        if a.count == b.count {
            // Changed (`streat`) or swapped (`aveune`).
            if a[(start + 1)...] == b[(start + 1)...] { return true }
            return start + 1 < a.count && a[start] == b[start + 1] && a[start + 1] == b[start] && a[(start + 2)...] == b[(start + 2)...]
        }
        // One letter added or removed: the rest of the longer matches the rest of the shorter.
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        return long[(start + 1)...].elementsEqual(short[start...])
    }
}
