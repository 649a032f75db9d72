extension String {
    /// Whether every byte is ASCII. Tables keyed by `String` match canonically equivalent texts
    /// (a composed `é` and `e` with a combining accent are one key); only for ASCII is that
    /// the same bytes, so memos that hand back what was made from the first text remember
    /// ASCII texts alone.
    public var isASCII: Bool {
        // Eight bytes a step where the bytes are contiguous (asked of every text a memo sees:
        // byte by byte through the view was 1.6% of sanitize's instructions).
        utf8.withContiguousStorageIfAvailable(Self.isASCII) ?? utf8.allSatisfy { $0 < 0x80 }
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }
}
