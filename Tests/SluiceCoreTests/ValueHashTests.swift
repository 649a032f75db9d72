import Testing

@testable import SluiceCore

@Suite struct ValueHashTests {
    @Test func theSameBytesGiveTheSameHashAndTheSeedTellsKindsApart() {
        let vertigo = Array("Vertigo".utf8)
        #expect(ValueHash.hash(vertigo, seed: 1) == ValueHash.hash(vertigo, seed: 1))
        #expect(ValueHash.hash(vertigo, seed: 1) != ValueHash.hash(vertigo, seed: 2))
        #expect(ValueHash.hash([], seed: 1) != ValueHash.hash([], seed: 2))
    }

    /// Every length takes its own path through the tail loads (0, 1–3, 4–7, 8–16, over 16), and
    /// every byte counts: changing any one changes the hash.
    @Test func everyByteOfEveryLengthCounts() {
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let hash = ValueHash.hash(bytes, seed: 1)
            for index in 0..<length {
                var changed = bytes
                changed[index] ^= 1
                #expect(ValueHash.hash(changed, seed: 1) != hash, "length \(length), byte \(index)")
            }
            #expect(ValueHash.hash(bytes + [0], seed: 1) != hash, "a trailing zero byte changes length \(length)")
        }
    }

    /// Sequential numbers (the worst case for a weak hash: they differ in a digit or two) spread
    /// over the top bits, which the HyperLogLog uses to pick a register.
    @Test func sequentialNumbersDoNotCollideAndFillTheTopBits() {
        var hashes = Set<UInt64>()
        var topBuckets = [Int](repeating: 0, count: 256)
        for number in 0..<100_000 {
            let hash = ValueHash.hash(Array(String(number).utf8), seed: 2)
            hashes.insert(hash)
            topBuckets[Int(hash >> 56)] += 1
        }
        #expect(hashes.count == 100_000)
        // 100,000 / 256 ≈ 391 per bucket; a fair hash stays well within ±30%.
        #expect(topBuckets.allSatisfy { (273...508).contains($0) })
    }
}
