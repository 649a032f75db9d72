/// One token of a location string: a word (letters, digits, apostrophes, inner hyphens) or a
/// punctuation mark that matters to the grammar (`& / @ ; , ( ) + # -`).
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

    init(text: String, lower: String, punct: UInt8, spaceBefore: Bool) {
        self.text = text
        self.lower = lower
        self.punct = punct
        self.spaceBefore = spaceBefore
        traits = punct == 0 ? WordTraits(lowercase: lower) : WordTraits.listed[lower] ?? []
    }

    var isWord: Bool { punct == 0 }
    /// All ASCII digits: `1158`.
    var isNumber: Bool { traits.contains(.number) }
    /// Digits and one final letter: `522A`.
    var isNumberWithLetter: Bool { traits.contains(.numberWithLetter) }
    func isPunct(_ character: Unicode.Scalar) -> Bool { punct == UInt8(ascii: character) }
    /// A word with a letter or digit in it (any non-ASCII scalar counts as a letter): `???` has none.
    var hasLetterOrDigit: Bool { traits.contains(.letterOrDigit) }
    /// A word with an ASCII letter: street names have one, emoji do not.
    var hasASCIILetter: Bool { traits.contains(.asciiLetter) }
    /// On `Vocabulary.placeWords`: `hotel`, `park`.
    var isPlaceWord: Bool { traits.contains(.placeWord) }
    /// A suffix that makes the words before it a street: `st`, `avenue` (not `park`).
    var isStreetSuffix: Bool { traits.contains(.streetSuffix) }
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
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"):
            true
        default: false
        }
    }

    /// Whitespace collapsed, control characters turned into spaces, double quotes (straight and
    /// curly) removed, and stray separators trimmed from both ends.
    static func clean(_ text: String) -> (text: String, removedControl: Bool) {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var removedControl = false
        var pendingSpace = false
        let bytes = Array(text.utf8)
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
        // Trim separators that carry nothing at the ends: `, Golden Gate Bridge;` or `Pier 7 -`.
        func isStray(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "/")
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
        let bytes = Array(text.utf8)
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 4 + 1)
        var wordStart = -1
        var spaceBefore = false
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80 }
        func endWord(at end: Int) {
            guard wordStart >= 0 else { return }
            let slice = bytes[wordStart..<end]
            var lower: [UInt8] = []
            lower.reserveCapacity(slice.count)
            var position = slice.startIndex
            while position < slice.endIndex {
                let byte = slice[position]
                // The typographic apostrophe U+2019 folds to "'" so `Fisherman’s` matches `Fisherman's`.
                if byte == 0xE2, position + 2 < slice.endIndex, slice[position + 1] == 0x80, slice[position + 2] == 0x99 {
                    lower.append(UInt8(ascii: "'"))
                    position += 3
                    continue
                }
                lower.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                position += 1
            }
            let text = String(decoding: slice, as: UTF8.self)
            tokens.append(Token(text: text, lower: String(decoding: lower, as: UTF8.self), punct: 0, spaceBefore: spaceBefore))
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
                let text = String(decoding: [byte], as: UTF8.self)
                tokens.append(Token(text: text, lower: text, punct: byte, spaceBefore: spaceBefore))
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
    static func startsGluedName(_ bytes: [UInt8], at start: Int) -> Bool {
        var end = start
        while end < bytes.count, (bytes[end] | 0x20) >= 0x61, (bytes[end] | 0x20) <= 0x7A { end += 1 }
        guard end - start >= 3 else { return false }
        let head = String(decoding: bytes[start..<(start + 2)].map { $0 | 0x20 }, as: UTF8.self)
        return !["st", "nd", "rd", "th"].contains(head)
    }

    /// The tokens written back as text with normal spacing: `Mason & California`.
    static func text(_ tokens: ArraySlice<Token>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(tokens.count * 8)
        var previousWasWord = false
        for token in tokens {
            // A space where the source had one, and between words a period had separated (`St.Francis`).
            if !out.isEmpty && (token.spaceBefore || (token.isWord && previousWasWord)) { out.append(0x20) }
            out.append(contentsOf: token.text.utf8)
            previousWasWord = token.isWord
        }
        return String(decoding: out, as: UTF8.self)
    }
}
