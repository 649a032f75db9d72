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
