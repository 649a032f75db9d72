extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without leading and trailing spaces and tabs.
    ///
    ///     "  a b \t".trimmingSpaces()   // "a b"
    ///
    /// Text whose first and last bytes are neither (most text) is returned as it is, without
    /// walking its characters: a character equal to a space or a tab is that one byte.
    /// Inlinable, so that callers in other modules get it specialised for `String`/`Substring`.
    @inlinable
    public func trimmingSpaces() -> String {
        let (first, last) = (utf8.first, utf8.last)
        guard first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return String(self) }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}

extension String {
    /// The text without the given characters at either end, then without spaces and tabs.
    ///
    ///     "Pier 39.,".trimmingCharacters(in: ",.")   // "Pier 39"
    public func trimmingCharacters(in set: String) -> String {
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
