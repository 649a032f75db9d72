extension String {
    /// Whether every byte is ASCII. Tables keyed by `String` match canonically equivalent texts
    /// (a composed `é` and `e` with a combining accent are one key); only for ASCII is that
    /// the same bytes, so memos that hand back what was made from the first text remember
    /// ASCII texts alone.
    public var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }
}
