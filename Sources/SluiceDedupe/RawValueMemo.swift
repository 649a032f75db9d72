import SluiceCore

/// The records that held a member's raw JSON text lately, so that a record repeating a text
/// copies that record's compared values and keys instead of parsing and normalising it again
/// (`FuzzyMatcher.append`). Two generations of at most `capacity` texts each, as
/// `BoundedMemo` keeps them (a text found in the older is carried into the newer), but on
/// `ByteTable`s: a look-up hashes the bytes and allocates nothing. Held for every distinct
/// text, as it was, these tables were 80 MB of fuzzy mode's 423 MB heap at 1M bench records
/// (heaptrack): nearly every title, place and director text, kept twice (raw here, normalised in
/// `FieldColumn`). A text forgotten is only parsed again, to the same values, so what is
/// remembered changes the time, never the output.
///
///     var memo = RawValueMemo(capacity: 2)
///     memo.holder(of: "\"Vertigo\"")           // nil: parse it, then
///     memo.remember("\"Vertigo\"", record: 0)
///     memo.holder(of: "\"Vertigo\"")           // 0
///
/// - Complexity: O(length) per look-up; memory at most `2 × capacity` texts (their bytes and
///   ~40 bytes each).
struct RawValueMemo {
    let capacity: Int
    private var newer: ByteTable
    private var older = ByteTable(capacity: 1)
    /// Per text of each generation (by its id there), the first record seen holding it.
    private var newerHolders: [Holder] = []
    private var olderHolders: [Holder] = []

    /// A record remembered as holding a text, and that record's key under the rule whose keys
    /// go to disk as they are read (`Blocker.spilledKeys`: no longer there to copy from).
    struct Holder {
        var record: Int32
        var spilledKey: UInt64 = 0
    }

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        newer = ByteTable(capacity: min(self.capacity, 1 << 12))
    }

    /// How many texts are remembered, in both generations.
    var count: Int { newer.count + older.count }

    /// The record remembered as holding `raw`, carried into the newer generation when found in
    /// the older; nil when `raw` is not remembered.
    mutating func holder(of raw: UnsafeBufferPointer<UInt8>) -> Holder? {
        let hash = ByteHash.of(raw)
        if let id = newer.find(raw, hash: hash) { return newerHolders[Int(id)] }
        guard let id = older.find(raw, hash: hash) else { return nil }
        let holder = olderHolders[Int(id)]
        remember(raw, hash: hash, holder)
        return holder
    }

    /// Notes that `record` holds `raw` (not remembered yet), with its spilled key if any.
    mutating func remember(_ raw: UnsafeBufferPointer<UInt8>, record: Int, spilledKey: UInt64 = 0) {
        remember(raw, hash: ByteHash.of(raw), Holder(record: Int32(record), spilledKey: spilledKey))
    }

    private mutating func remember(_ raw: UnsafeBufferPointer<UInt8>, hash: UInt64, _ holder: Holder) {
        if newer.count >= capacity {
            // The newer generation becomes the older; the older's storage is emptied and reused.
            swap(&newer, &older)
            swap(&newerHolders, &olderHolders)
            newer.removeAll()
            newerHolders.removeAll(keepingCapacity: true)
        }
        _ = newer.intern(raw, hash: hash)
        newerHolders.append(holder)
    }
}

extension RawValueMemo {
    /// The same for a text (tests and examples).
    mutating func holder(of text: String) -> Int? {
        var text = text
        return text.withUTF8 { holder(of: $0) }.map { Int($0.record) }
    }

    mutating func remember(_ text: String, record: Int) {
        var text = text
        text.withUTF8 { remember($0, record: record) }
    }
}
