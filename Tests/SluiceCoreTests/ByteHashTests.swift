import Testing

@testable import SluiceCore

@Suite struct ByteHashTests {
    private func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer(ByteHash.of) }

    /// Every byte counts, in the eight-byte words and in the tail, and so does the length
    /// (`a` and `a` followed by a zero byte differ).
    @Test func equalBytesHashEquallyAndEveryByteCounts() {
        let text = Array("california st & mason st".utf8)
        #expect(hash(text) == hash(Array(text)))
        for index in text.indices {
            var changed = text
            changed[index] ^= 1
            #expect(hash(changed) != hash(text), "byte \(index)")
        }
        #expect(hash([0x61]) != hash([0x61, 0]))
        #expect(hash([]) != hash([0]))
    }
}
