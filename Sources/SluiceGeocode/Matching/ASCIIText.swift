import SluiceCore

/// Character questions about location text answered from its UTF-8 bytes when the text is
/// ASCII, with the same answers as asking character by character (which is what other text
/// gets). In ASCII each byte is one character, except a CR LF pair, which is one character but
/// is neither a digit, a letter, nor any separator used here, so the answers still agree.
/// Walking characters costs a grapheme break check per character; bytes cost a compare.
///
///     ASCIIText.pieces(of: "Mason & Pine,  SF", separatedBy: [0x20, 0x2C])   // ["Mason", "&", "Pine", "SF"]
///     ASCIIText.isDigits("1600")   // true
enum ASCIIText {
    /// `body` over the bytes of ASCII text held contiguously; nil for other text.
    /// `text.utf8.index(_:offsetBy:)` turns offsets into `text`'s indices in O(1).
    static func withASCIIBytes<Result>(_ text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let result: Result?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? body(bytes) : nil
        }
        return result ?? nil
    }

    /// `text.split(whereSeparator:)` on the given ASCII separators, empty pieces left out.
    static func pieces(of text: Substring, separatedBy separators: [UInt8]) -> [Substring] {
        let ascii = withASCIIBytes(text) { bytes in
            var pieces: [Substring] = []
            let utf8 = text.utf8
            var start = 0
            for offset in 0..<bytes.count where separators.contains(bytes[offset]) {
                if start < offset {
                    pieces.append(text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: offset)])
                }
                start = offset + 1
            }
            if start < bytes.count { pieces.append(text[utf8.index(utf8.startIndex, offsetBy: start)...]) }
            return pieces
        }
        if let ascii { return ascii }
        let characters = separators.map { Character(Unicode.Scalar($0)) }
        return text.split(whereSeparator: characters.contains)
    }

    /// `word.allSatisfy(\.isNumber)`: true for an empty word.
    static func isDigits(_ word: Substring) -> Bool {
        withASCIIBytes(word) { $0.allSatisfy(isDigit) } ?? word.allSatisfy(\.isNumber)
    }

    /// `word.first?.isNumber`.
    static func startsWithDigit(_ word: Substring) -> Bool? {
        guard let first = firstASCIICharacter(word) else { return word.first?.isNumber }
        return isDigit(first)
    }

    /// `word.first?.isLetter`.
    static func startsWithLetter(_ word: Substring) -> Bool? {
        guard let first = firstASCIICharacter(word) else { return word.first?.isLetter }
        return first | 0x20 >= 0x61 && first | 0x20 <= 0x7A
    }

    /// The first character's byte when that character is one ASCII byte (not CR, and not
    /// followed by a byte that could extend it); nil otherwise, or for an empty word.
    static func firstASCIICharacter(_ word: Substring) -> UInt8? {
        var bytes = word.utf8.makeIterator()
        guard let first = bytes.next(), first < 0x80, first != 0x0D else { return nil }
        if let second = bytes.next(), second >= 0x80 { return nil }
        return first
    }

    /// `word.lowercased() == lowerCaseASCII`, for a lower-case ASCII word to compare with.
    static func isLowercased(_ word: Substring, _ lowerCaseASCII: String) -> Bool {
        let ascii = withASCIIBytes(word) { bytes in
            bytes.count == lowerCaseASCII.utf8.count
                && zip(bytes, lowerCaseASCII.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
        }
        return ascii ?? (word.lowercased() == lowerCaseASCII)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
