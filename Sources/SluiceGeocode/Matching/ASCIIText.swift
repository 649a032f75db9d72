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
extension String {
    /// The text without the given characters at either end, then without spaces and tabs.
    func trimmingCharacters(in set: String) -> String {
        let ascii: String?? = utf8.withContiguousStorageIfAvailable { bytes in
            guard let kept = Self.keptASCII(bytes, stripping: set) else { return nil }
            return kept == bytes.indices ? self : String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
        }
        if let ascii, let ascii { return ascii }
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last]).trimmingSpaces()
    }

    /// What `trimmingCharacters(in:)` keeps of ASCII text with an ASCII `set`, where every byte
    /// is a character (CR LF is one character, but neither byte is in the set or a space);
    /// nil for any other text.
    private static func keptASCII(_ bytes: UnsafeBufferPointer<UInt8>, stripping set: String) -> Range<Int>? {
        let strip = set.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }), strip.allSatisfy({ $0 < 0x80 && $0 != 0x0D && $0 != 0x0A && $0 != 0x20 && $0 != 0x09 }) else {
            return nil
        }
        var low = 0, high = bytes.count
        while low < high, strip.contains(bytes[low]) { low += 1 }
        while high > low, strip.contains(bytes[high - 1]) { high -= 1 }
        while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
        while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
        return low..<high
    }
}
