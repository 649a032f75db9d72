import SluiceCore

/// A read-only table from short byte strings to a small value, probed with the bytes in hand:
/// the core's `ByteTable` keyed by `StableHash` (FNV-1a), instead of `Dictionary<String, …>`'s
/// seeded SipHash and a `String` to hash. The tokenizer looks up every word of every location
/// here.
///
///     let table = WordTable(["st": 1, "ave": 2])
///     "st".utf8.withContiguousStorageIfAvailable { table[$0] }  // 1
///
/// - Complexity: O(n) in the word's length per lookup; O(entries) to build.
struct WordTable<Value: Sendable>: Sendable {
    private let words: ByteTable
    /// Per word, in the table's order: its value.
    private let values: [Value]

    init(_ table: [String: Value]) {
        var words = ByteTable(capacity: table.count)
        var values: [Value] = []
        // Sorted, so the layout is the same in every run.
        for (key, value) in table.sorted(by: { $0.key < $1.key }) {
            var key = key
            _ = key.withUTF8 { words.intern($0, hash: Self.hash($0)) }
            values.append(value)
        }
        self.words = words
        self.values = values
    }

    @inline(__always)
    static func hash(_ key: some Sequence<UInt8>) -> UInt64 { StableHash.of(key) }

    subscript(key: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let id = words.find(key, hash: Self.hash(key)) else { return nil }
        return values[Int(id)]
    }

    subscript(key: String) -> Value? {
        Words.withBytes(of: key) { self[$0] }
    }
}
