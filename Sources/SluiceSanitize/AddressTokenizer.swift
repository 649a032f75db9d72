/// One token of a location string: a word (letters, digits, apostrophes, inner hyphens) or a
/// punctuation mark that matters to the grammar (`& / @ ; , ( ) + # - : [ ]`; a backslash reads
/// as `/`).
struct Token: Equatable, Sendable {
    /// The word as written, or the punctuation character.
    var text: String
    /// Lowercase ASCII form used for every comparison (`"St."` → `"st"`).
    var lower: String
    /// The punctuation byte, or 0 for a word.
    var punct: UInt8
    /// Whether whitespace came before the token (`1158-70` versus `Nightclub - 298`).
    var spaceBefore: Bool
    /// The word's shape and vocabulary lists, found once here (punctuation has lists only: `#` is a unit).
    var traits: WordTraits

    init(text: String, lower: String, punct: UInt8, spaceBefore: Bool, traits: WordTraits? = nil) {
        self.text = text
        self.lower = lower
        self.punct = punct
        self.spaceBefore = spaceBefore
        self.traits = traits ?? (punct == 0 ? WordTraits(lowercase: lower) : WordTraits.table[lower] ?? [])
    }

    var isWord: Bool { punct == 0 }
    /// All ASCII digits: `1158`.
    var isNumber: Bool { traits.contains(.number) }
    /// Digits and one final letter: `522A`.
    var isNumberWithLetter: Bool { traits.contains(.numberWithLetter) }
    /// A building's number as an address starts with it: `1158`, `522A`, or spelled `One`.
    var isBuildingNumber: Bool { isNumber || isNumberWithLetter || lower == "one" }
    func isPunct(_ character: Unicode.Scalar) -> Bool { punct == UInt8(ascii: character) }
    /// A word with a letter or digit in it (any non-ASCII scalar counts as a letter): `???` has none.
    var hasLetterOrDigit: Bool { traits.contains(.letterOrDigit) }
    /// A word with an ASCII letter: street names have one, emoji do not.
    var hasASCIILetter: Bool { traits.contains(.asciiLetter) }
    /// On `Vocabulary.placeWords`: `hotel`, `park`.
    var isPlaceWord: Bool { traits.contains(.placeWord) }
    /// A suffix that makes the words before it a street: `st`, `avenue` (not `park`).
    var isStreetSuffix: Bool { traits.contains(.streetSuffix) }

    /// Whether the token is `word`, one of `Vocabulary.grammarWords`: the trait rules out the
    /// other tokens without a string comparison (the grammar scans every token for these).
    func `is`(_ word: String) -> Bool {
        assert(Vocabulary.grammarWords.contains(word), "\(word) is not a grammar word")
        return traits.contains(.grammarWord) && lower == word
    }
}

extension Collection<Token> {
    /// The words, punctuation left out: `filter(\.isWord)` in one allocation (the standard
    /// `filter` grows its array as it goes, several reallocations for a street's words).
    var words: [Token] {
        var words: [Token] = []
        words.reserveCapacity(count)
        for token in self where token.isWord { words.append(token) }
        return words
    }
}

/// Cleans and tokenizes location text byte by byte (no regular expressions, no `Character`
/// iteration), which keeps the parser at hundreds of thousands of strings per second.
///
///     AddressTokenizer.clean("  \"Mason  &\tCalifornia\"  ")  // ("Mason & California", removedControl: true)
///     AddressTokenizer.tokens("Hyde St. at Greenwich").map(\.text)  // ["Hyde", "St", "at", "Greenwich"]
enum AddressTokenizer {
    /// Punctuation that separates tokens and is kept as a token of its own.
    static func isGrammarPunct(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: ";"), UInt8(ascii: ","),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "-"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: "\\"):
            true
        default: false
        }
    }

    /// Whitespace collapsed, control characters turned into spaces, double quotes (straight and
    /// curly) removed, and stray separators trimmed from both ends.
    static func clean(_ text: String) -> (text: String, removedControl: Bool) {
        // Most location strings are clean already: kept as they are, without building a copy.
        if Words.withBytes(of: text, isClean) { return (text, false) }
        return Words.withBytes(of: text) { clean(utf8: $0) }
    }

    /// Whether `clean(utf8:)` would give these bytes back unchanged: no control character, no
    /// quote (nor the lead byte of a curly one), no run of spaces, no stray separator at an end.
    static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if isStray(first) || isStray(last) { return false }
        var previousWasSpace = false
        for byte in bytes {
            // Letters and digits, most of the text, are above the quote: one comparison for them.
            if byte > UInt8(ascii: "\"") {
                if byte == 0x7F || byte == 0xE2 { return false }
                previousWasSpace = false
                continue
            }
            // Control characters and the quote; a space after a space.
            if byte < 0x20 || byte == UInt8(ascii: "\"") || (byte == 0x20 && previousWasSpace) { return false }
            previousWasSpace = byte == 0x20
        }
        return true
    }

    /// Separators that carry nothing at the ends: `, Golden Gate Bridge;` or `Pier 7 -`.
    static func isStray(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "/")
    }

    static func clean(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (text: String, removedControl: Bool) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var removedControl = false
        var pendingSpace = false
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            index += 1
            // U+201C/U+201D curly double quotes are three bytes: E2 80 9C / E2 80 9D.
            if byte == 0xE2, index + 1 < bytes.count, bytes[index] == 0x80, bytes[index + 1] == 0x9C || bytes[index + 1] == 0x9D {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { continue }
            if byte < 0x20 || byte == 0x7F {
                if byte != 0x09 && byte != 0x0A && byte != 0x0D { removedControl = true }
                byte = 0x20
            }
            if byte == 0x20 {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append(byte)
        }
        var start = 0
        var end = out.count
        while start < end, isStray(out[start]) { start += 1 }
        while end > start, isStray(out[end - 1]) { end -= 1 }
        return (String(decoding: out[start..<end], as: UTF8.self), removedControl)
    }

    /// Splits cleaned text into tokens. Periods end a word and are dropped (`St.` → `St`); a
    /// hyphen between two letters stays inside the word (`Twenty-Fourth`, `Haight-Ashbury`).
    static func tokens(_ text: String) -> [Token] {
        Words.withBytes(of: text) { tokens(utf8: $0) }
    }

    static func tokens(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 4 + 1)
        var wordStart = -1
        var spaceBefore = false
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80 }
        func endWord(at end: Int) {
            guard wordStart >= 0 else { return }
            let slice = UnsafeBufferPointer(rebasing: bytes[wordStart..<end])
            // Written straight into the string's storage: words of up to 15 bytes need no allocation.
            var traits: WordTraits = []
            var foldedAny = false
            let lower = String(unsafeUninitializedCapacity: slice.count) { lower in
                var count = 0
                var position = 0
                while position < slice.count {
                    let byte = slice[position]
                    // The typographic apostrophe U+2019 folds to "'" so `Fisherman’s` matches `Fisherman's`.
                    if byte == 0xE2, position + 2 < slice.count, slice[position + 1] == 0x80, slice[position + 2] == 0x99 {
                        lower[count] = UInt8(ascii: "'")
                        foldedAny = true
                        count += 1
                        position += 3
                        continue
                    }
                    let isUpper = byte >= 0x41 && byte <= 0x5A
                    if isUpper { foldedAny = true }
                    lower[count] = isUpper ? byte | 0x20 : byte
                    count += 1
                    position += 1
                }
                // The traits from the bytes just written: no second pass over the string.
                traits = WordTraits(lowercase: UnsafeBufferPointer(rebasing: lower[..<count]))
                return count
            }
            // A word written in lowercase (and numbers) is its own lowercase form: one string for both.
            let text = foldedAny ? String(decoding: slice, as: UTF8.self) : lower
            tokens.append(Token(text: text, lower: lower, punct: 0, spaceBefore: spaceBefore, traits: traits))
            wordStart = -1
            spaceBefore = false
        }
        for (index, byte) in bytes.enumerated() {
            if byte == 0x20 || byte == UInt8(ascii: ".") {
                endWord(at: index)
                if byte == 0x20 { spaceBefore = true }
                continue
            }
            if byte == UInt8(ascii: "-"), wordStart >= 0, index > 0, isLetter(bytes[index - 1]),
                index + 1 < bytes.count, isLetter(bytes[index + 1])
            {
                continue
            }
            // `901/909Tennessee St.`: a house number glued to the street name is two words
            // (ordinals such as `16th` and units such as `522A` stay whole).
            if wordStart >= 0, isLetter(byte), isDigit(bytes[index - 1]), bytes[wordStart..<index].allSatisfy(isDigit),
                startsGluedName(bytes, at: index)
            {
                endWord(at: index)
            }
            if isGrammarPunct(byte) {
                endWord(at: index)
                // `MARKET ST \ 05TH ST`: San Francisco's street network (its police incidents'
                // `intersection`, its permits' block ends) joins a corner's streets with a
                // backslash, read as the slash others write.
                let punct = byte == UInt8(ascii: "\\") ? UInt8(ascii: "/") : byte
                let text = String(Unicode.Scalar(punct))
                tokens.append(Token(text: text, lower: text, punct: punct, spaceBefore: spaceBefore))
                spaceBefore = false
                continue
            }
            if wordStart < 0 { wordStart = index }
        }
        endWord(at: bytes.count)
        return tokens
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether the letters at `start` (right after digits) begin a name rather than an ordinal
    /// or unit suffix: three or more ASCII letters not starting `st`, `nd`, `rd`, `th`.
    static func startsGluedName(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var end = start
        while end < bytes.count, (bytes[end] | 0x20) >= 0x61, (bytes[end] | 0x20) <= 0x7A { end += 1 }
        guard end - start >= 3 else { return false }
        switch (bytes[start] | 0x20, bytes[start + 1] | 0x20) {
        case (UInt8(ascii: "s"), UInt8(ascii: "t")), (UInt8(ascii: "n"), UInt8(ascii: "d")), (UInt8(ascii: "r"), UInt8(ascii: "d")),
            (UInt8(ascii: "t"), UInt8(ascii: "h")):
            return false
        default: return true
        }
    }

    /// The tokens written back as text with normal spacing: `Mason & California`.
    static func text(_ tokens: ArraySlice<Token>) -> String {
        // A space where the source had one, and between words a period had separated (`St.Francis`).
        func spaced(_ token: Token, afterWord previousWasWord: Bool) -> Bool {
            token.spaceBefore || (token.isWord && previousWasWord)
        }
        // Measured first, then written straight into the string's storage in one allocation.
        var length = 0
        var previousWasWord = false
        for token in tokens {
            if length > 0 && spaced(token, afterWord: previousWasWord) { length += 1 }
            length += token.text.utf8.count
            previousWasWord = token.isWord
        }
        return String(unsafeUninitializedCapacity: length) { out in
            var count = 0
            var previousWasWord = false
            for token in tokens {
                if count > 0 && spaced(token, afterWord: previousWasWord) {
                    out[count] = 0x20
                    count += 1
                }
                for byte in token.text.utf8 {
                    out[count] = byte
                    count += 1
                }
                previousWasWord = token.isWord
            }
            return count
        }
    }
}
