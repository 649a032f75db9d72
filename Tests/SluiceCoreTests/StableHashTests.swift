import Testing

@testable import SluiceCore

@Suite struct StableHashTests {
    @Test func fnv1aReferenceValues() {
        #expect(StableHash.of("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.hex(StableHash.of("a")) == "af63dc4c8601ec8c")
        #expect(StableHash.hex(1) == "0000000000000001")
        // Read back: exactly 16 hex digits, nothing before them.
        #expect(StableHash.hash(hex: "af63dc4c8601ec8c") == StableHash.of("a"))
        #expect(StableHash.hash(hex: "AF63DC4C8601EC8C") == StableHash.of("a"))
        for text in ["", "af63dc4c8601ec8", "af63dc4c8601ec8c0", "+f63dc4c8601ec8c", "-f63dc4c8601ec8c", "af63dc4c8601ec8g", " f63dc4c8601ec8c"] {
            #expect(StableHash.hash(hex: text) == nil, "\(text)")
        }
    }

    /// `words` is FNV-1a over little-endian 64-bit words, the last padded with zeros; it goes on
    /// from a seed exactly when each earlier piece is a whole number of words (the index's
    /// checksum is taken so, in pieces).
    @Test func wordsAreFNVOverLittleEndianWords() {
        let bytes: [UInt8] = Array(0..<21)
        let hash = bytes.withUnsafeBytes { StableHash.words($0) }
        var expected = StableHash.offset
        for start in stride(from: 0, to: bytes.count, by: 8) {
            var word: UInt64 = 0
            for (shift, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() { word |= UInt64(byte) << (8 * shift) }
            expected = (expected ^ word) &* StableHash.prime
        }
        #expect(hash == expected)
        let pieces = bytes.withUnsafeBytes { all in
            StableHash.words(UnsafeRawBufferPointer(rebasing: all[16...]), seed: StableHash.words(UnsafeRawBufferPointer(rebasing: all[..<16])))
        }
        #expect(pieces == hash)
        #expect([UInt8]().withUnsafeBytes { StableHash.words($0) } == StableHash.offset)
        // Kept in index files: pinned (the same loop in Python gives it).
        #expect(StableHash.hex(hash) == "7242fe745feca43f")
    }
}
