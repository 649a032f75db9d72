import Testing

@testable import SluiceCore

@Suite struct ByteTableTests {
    @Test func equalTextsShareAnIdInOrderOfFirstAppearance() {
        var table = ByteTable()
        #expect(table.intern("\"Ferry Building\"") == (0, true))
        #expect(table.intern("2023") == (1, true))
        #expect(table.intern("\"Ferry Building\"") == (0, false))
        #expect(table.intern("\"ferry building\"") == (2, true))  // bytes, not normalised text
        #expect(table.intern("\"Ferry Buildin\"") == (3, true))
        #expect(table.count == 4)
        #expect(Array(table.bytes(of: 1)) == Array("2023".utf8))
        #expect(table.byteCount == 16 + 4 + 16 + 15)
    }

    @Test func emptyAndLongTextsAndGrowth() {
        var table = ByteTable()
        #expect(table.intern("") == (0, true))
        #expect(table.intern("") == (0, false))
        let long = "{\"lat\":37.79155,\"lon\":-122.41098,\"note\":\"Grace Cathedral, 1100 California St\"}"
        #expect(table.intern(long) == (1, true))
        #expect(table.intern(long + " ") == (2, true))
        // Enough texts to grow the table several times; every id stays put.
        for year in 1900..<3000 { #expect(table.intern("\"\(year) Market St\"").isNew) }
        for year in 1900..<3000 { #expect(table.intern("\"\(year) Market St\"") == (Int32(year - 1900 + 3), false)) }
        #expect(table.intern(long) == (1, false))
        #expect(table.withBytes(of: 1) { String(decoding: $0, as: UTF8.self) } == long)
    }

    /// Filled to three quarters, a table numbers keys as one filled to half, in fewer slots,
    /// and never fuller than that, also once its index is dropped and restored.
    @Test func threeQuartersFullNumbersKeysAlike() {
        var half = ByteTable(), dense = ByteTable(capacity: 32, fill: .threeQuarters)
        for k in 0..<5_000 {
            let text = "\(k * 7919 % 10_007) Market St"
            #expect(dense.intern(text) == half.intern(text))
            #expect(4 * dense.count <= 3 * dense.slots.count && 2 * half.count <= half.slots.count)
        }
        #expect(dense.slots.count < half.slots.count)
        dense.dropIndex()
        dense.restoreIndex()
        #expect(4 * (dense.count + 1) <= 3 * dense.slots.count)
        for k in 0..<5_000 { #expect(dense.intern("\(k * 7919 % 10_007) Market St") == half.intern("\(k * 7919 % 10_007) Market St")) }
    }

    /// With the caller's hash: found again, or not there; a guessed id checked without a probe.
    @Test func findAndHoldsUnderTheCallersHash() {
        var table = ByteTable()
        let vertigo = Array("Vertigo".utf8), other = Array("Vertigo!".utf8)
        vertigo.withUnsafeBufferPointer { text in
            #expect(table.intern(text, hash: 42) == (0, true))
            #expect(table.intern(text, hash: 42) == (0, false))
            #expect(table.find(text, hash: 42) == 0)
            #expect(table.holds(0, text))
        }
        other.withUnsafeBufferPointer { text in
            #expect(table.find(text, hash: 42) == nil)
            #expect(!table.holds(0, text))
        }
        #expect(table.key(0).hash == 42 && table.key(0).count == 7)
    }

    /// A weak hash costs probes, never a wrong answer: every key hashed alike is still found.
    @Test func collidingHashesStillFindTheirKeys() {
        var table = ByteTable()
        let words = (0..<200).map { Array("word \($0)".utf8) }
        for (index, word) in words.enumerated() {
            #expect(word.withUnsafeBufferPointer { table.intern($0, hash: 7) } == (Int32(index), true))
        }
        for (index, word) in words.enumerated() {
            #expect(word.withUnsafeBufferPointer { table.find($0, hash: 7) } == Int32(index))
        }
        #expect(Array("word 200".utf8).withUnsafeBufferPointer { table.find($0, hash: 7) } == nil)
    }

    /// Without its index a table still reads keys by id; restored, it finds them all again.
    @Test func dropAndRestoreTheIndex() {
        var table = ByteTable()
        let words = (0..<100).map { "word \($0)" }
        for word in words { _ = table.intern(word) }
        table.dropIndex()
        #expect(!table.hasIndex && table.count == 100)
        #expect(table.withBytes(of: 42) { String(decoding: $0, as: UTF8.self) } == "word 42")
        table.restoreIndex()
        #expect(table.hasIndex)
        for (index, word) in words.enumerated() { #expect(table.intern(word) == (Int32(index), false)) }
        #expect(table.intern("word 100") == (100, true))
    }

    @Test func removeAllEmptiesAndNumbersAgainFromZero() {
        var table = ByteTable()
        for word in ["a", "b", "c"] { _ = table.intern(word) }
        table.removeAll()
        #expect(table.count == 0 && table.byteCount == 0)
        #expect(table.intern("c") == (0, true))
    }

    /// Every length the word-at-a-time compare takes a different way (1–3, 4–7, 8, more).
    @Test func equalComparesEveryByte() {
        for count in 1...20 {
            let a = (0..<count).map { UInt8($0 + 1) }
            for index in 0..<count {
                var b = a
                b[index] ^= 0x40
                a.withUnsafeBytes { x in
                    b.withUnsafeBytes { y in
                        guard let x = x.baseAddress, let y = y.baseAddress else { return }
                        #expect(!ByteTable.equal(x, y, count: count), "\(count) \(index)")
                        #expect(ByteTable.equal(x, x, count: count))
                    }
                }
            }
        }
    }
}
