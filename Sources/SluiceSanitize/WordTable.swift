import SluiceCore

/// A read-only table from short byte strings to a small value, probed with the bytes in hand:
/// the core's `StableHash` (FNV-1a) and linear probing, instead of `Dictionary<String, …>`'s seeded SipHash and a
/// `String` to hash. The tokenizer looks up every word of every location here.
///
///     let table = WordTable(["st": 1, "ave": 2])
///     "st".utf8.withContiguousStorageIfAvailable { table[$0] }  // 1
///
/// - Complexity: O(n) in the word's length per lookup; O(entries) to build.
struct WordTable<Value: Sendable>: Sendable {
    private let bytes: [UInt8]
    /// Per entry: where its key starts in `bytes`, its length, its value.
    private let entries: [(start: Int, count: Int, value: Value)]
    /// Open addressing: entry index + 1, or 0 for an empty slot.
    private let slots: [Int32]
    private let mask: Int

    init(_ table: [String: Value]) {
        var bytes: [UInt8] = []
        var entries: [(start: Int, count: Int, value: Value)] = []
        var size = 16
        while size < table.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        // Sorted, so the layout is the same in every run.
        for (key, value) in table.sorted(by: { $0.key < $1.key }) {
            let start = bytes.count
            bytes.append(contentsOf: key.utf8)
            entries.append((start, key.utf8.count, value))
            var slot = Int(truncatingIfNeeded: Self.hash(key.utf8)) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(entries.count)
        }
        self.bytes = bytes
        self.entries = entries
        self.slots = slots
        mask = size - 1
    }

    @inline(__always)
    static func hash(_ key: some Sequence<UInt8>) -> UInt64 { StableHash.of(key) }

    subscript(key: UnsafeBufferPointer<UInt8>) -> Value? {
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        while true {
            let index = Int(slots[slot])
            guard index > 0 else { return nil }
            let entry = entries[index - 1]
            if entry.count == key.count, Self.matches(bytes, from: entry.start, key) { return entry.value }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `key` is at `start` in `bytes`: a plain loop, where `elementsEqual` over a slice
    /// cost about 170 instructions a word.
    private static func matches(_ bytes: [UInt8], from start: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < key.count {
            if bytes[start + index] != key[index] { return false }
            index += 1
        }
        return true
    }

    subscript(key: String) -> Value? {
        Words.withBytes(of: key) { self[$0] }
    }
}
