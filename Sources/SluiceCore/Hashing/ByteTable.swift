#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte strings numbered 0, 1, 2… in the order first added, found again by their bytes: the
/// one open-addressing table of the package (linear probing, at most half full, or three
/// quarters: `Fill`). The caller
/// may give the hash, so each table keeps the hash it already computes (dedupe and load
/// `ByteHash`, sanitize `StableHash`); equal bytes must get equal hashes. What a caller keeps
/// per key (a value, a layout) lives in its own array, indexed by the id.
///
///     var table = ByteTable()
///     table.intern("\"Ferry Building\"")   // (id: 0, isNew: true)
///     table.intern("2023")                 // (id: 1, isNew: true)
///     table.intern("\"Ferry Building\"")   // (id: 0, isNew: false)
///     table.bytes(of: 1)                   // the bytes of "2023"
///
/// A slot holds the top 32 bits of its key's hash beside the id, so a probe reads nothing else
/// until the bytes are compared: reading each key's hash from another array was a cache miss,
/// a third of the time `sluice-dedupe --key` spent on its keys.
/// - Complexity: O(length) per look-up, expected; memory the keys' bytes plus 16 bytes a key and
///   16 to 32 bytes of slots.
public struct ByteTable: Sendable {
    /// Where a key's bytes are, and its hash: 16 bytes a key, where the place as two `Int`s made
    /// 24 (fuzzy dedupe's distinct texts: 11 MB at 1M bench records, heaptrack). The place packs
    /// the start (38 bits: an arena of up to 256 GiB) above the length (26 bits: up to 64 MiB,
    /// the longest line a stage reads).
    public struct Key: Sendable {
        public let hash: UInt64
        @usableFromInline let place: UInt64

        @inlinable
        init(hash: UInt64, start: Int, count: Int) {
            precondition(count < 1 << 26 && start < 1 << 38, "a ByteTable key past 64 MiB or an arena past 256 GiB")
            self.hash = hash
            place = UInt64(start) << 26 | UInt64(count)
        }

        @inlinable public var start: Int { Int(place >> 26) }
        @inlinable public var count: Int { Int(place & (1 << 26 - 1)) }
    }

    // Internal but inlinable, as the methods that add keys are: stats adds hundreds of
    // thousands from another module, and a call into this one for each cost it 9% more
    // instructions.
    @usableFromInline var keys: [Key] = []
    /// The keys' bytes end to end. Appended to, so the room it grows into by doubling is
    /// capacity, never written, and so not resident, where room filled with zeros was (up to
    /// half the arena: at 10M bench records, fuzzy dedupe's titles held 39 MB in 67).
    /// Appending took the time copying into that room did (6M new keys, a median of three).
    @usableFromInline var arena: [UInt8] = []
    /// 0 for an empty slot, else the hash's top 32 bits above the id + 1. A power of two.
    @usableFromInline var slots: [UInt64]

    /// How full the slots may get before they double.
    public enum Fill: Sendable {
        /// Half: the shortest probes.
        case half
        /// Three quarters: a third less room for slots on average, for a table of millions of
        /// keys (fuzzy dedupe's distinct texts: 67 MB less for the locations of 10M bench
        /// records), a miss probing about three times as many slots (in one or two cache lines).
        case threeQuarters
    }

    @usableFromInline let fill: Fill

    /// The bytes the keys hold (not the arena's capacity).
    public var byteCount: Int { arena.count }

    public init(capacity: Int = 32, fill: Fill = .half) {
        self.fill = fill
        var size = 16
        while Self.overfull(keys: capacity, slots: size, fill) { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        keys.reserveCapacity(capacity)
    }

    /// Whether `keys` keys are too many for `slots` slots.
    @inlinable @inline(__always)
    static func overfull(keys: Int, slots: Int, _ fill: Fill) -> Bool {
        switch fill {
        case .half: 2 * keys > slots
        case .threeQuarters: 4 * keys > 3 * slots
        }
    }

    public var count: Int { keys.count }

    /// The id of `bytes`, whose hash is `hash`, adding it at the end when new.
    @inlinable @inline(__always)
    public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (id: Int32, isNew: Bool) {
        let (found, slot) = probe(bytes, hash: hash)
        if found >= 0 { return (found, false) }
        return (add(bytes, hash: hash, slot: slot), true)
    }

    /// The id of the key, or nil when the table does not hold it.
    @inlinable @inline(__always)
    public func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        let found = probe(bytes, hash: hash).id
        return found >= 0 ? found : nil
    }

    /// Keyed by the bytes alone, hashed with `ByteHash` (for keys that live in this process only).
    @inlinable
    public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> (id: Int32, isNew: Bool) {
        intern(bytes, hash: ByteHash.of(bytes))
    }

    public mutating func intern(_ text: String) -> (id: Int32, isNew: Bool) {
        var text = text
        return text.withUTF8 { intern($0) }
    }

    /// Whether key `id` is `bytes`, without hashing or probing: for a caller that guesses the id.
    @inlinable @inline(__always)
    public func holds(_ id: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = keys[Int(id)]
        guard key.count == bytes.count else { return false }
        guard let wanted = bytes.baseAddress, key.count > 0 else { return true }
        return arena.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return false }
            // Past 64 bytes memcmp's wider compares: load's row shapes are hundreds of bytes,
            // and a word at a time cost `sluice-load` 0.8% more instructions.
            let stored = UnsafeRawPointer(base + key.start)
            if key.count > 64 { return memcmp(stored, wanted, key.count) == 0 }
            return ByteTable.equal(stored, UnsafeRawPointer(wanted), count: key.count)
        }
    }

    /// Key `id`'s place and hash.
    @inlinable
    public func key(_ id: Int32) -> Key { keys[Int(id)] }

    /// The bytes of key `id`.
    public func bytes(of id: Int32) -> ArraySlice<UInt8> {
        let key = keys[Int(id)]
        return arena[key.start..<(key.start + key.count)]
    }

    /// Calls `body` with the bytes of key `id`.
    @inlinable
    public func withBytes<R>(of id: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let key = keys[Int(id)]
        return try arena.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[key.start..<(key.start + key.count)])) }
    }

    /// Whether the table can find keys by their bytes (see `dropIndex`).
    public var hasIndex: Bool { !slots.isEmpty }

    /// Frees the slots, for a table whose keys are from now on read by id only (fuzzy dedupe's
    /// distinct texts once the input is read: slots 21 MB of 241 at 1M bench records,
    /// heaptrack). Finding or adding a key traps until `restoreIndex` makes them again. (The
    /// keys' and the arena's room past their counts is capacity, never written: not resident.)
    public mutating func dropIndex() {
        slots = []
    }

    /// Makes the slots again after `dropIndex`.
    public mutating func restoreIndex() {
        guard slots.isEmpty else { return }
        var size = 16
        while Self.overfull(keys: keys.count + 1, slots: size, fill) { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for (id, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = ByteTable.slot(Int32(id), key.hash)
        }
    }

    /// Calls `body` with the bytes of keys `a` and `b`: one access to the arena for the two
    /// (fuzzy dedupe compares two texts this way millions of times).
    @inlinable @inline(__always)
    public func withBytes<R>(of a: Int32, _ b: Int32, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let x = keys[Int(a)], y = keys[Int(b)]
        return try arena.withUnsafeBufferPointer { all in
            try body(
                UnsafeBufferPointer(rebasing: all[x.start..<(x.start + x.count)]), UnsafeBufferPointer(rebasing: all[y.start..<(y.start + y.count)]))
        }
    }

    /// Empties the table, keeping its storage (a worker's table, once per batch).
    public mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// The key's id, or -1 and the empty slot where it would go.
    @inlinable @inline(__always)
    func probe(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (id: Int32, slot: Int) {
        let mask = slots.count - 1
        let high = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return (-1, slot) }
            let id = Int32(truncatingIfNeeded: entry) &- 1
            if entry & 0xFFFF_FFFF_0000_0000 == high, keys[Int(id)].hash == hash, holds(id, bytes) { return (id, slot) }
            slot = (slot + 1) & mask
        }
    }

    @inlinable
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int) -> Int32 {
        let id = Int32(keys.count)
        keys.append(Key(hash: hash, start: arena.count, count: bytes.count))
        arena.append(contentsOf: bytes)
        slots[slot] = ByteTable.slot(id, hash)
        if Self.overfull(keys: keys.count, slots: slots.count, fill) { grow() }
        return id
    }

    @usableFromInline
    mutating func grow() {
        // The old slots go first (the keys are rehashed, not the slots): held beside the new
        // ones as those were made, they were 67 MB more for a moment near the end of fuzzy
        // dedupe's reading (its distinct places, 10M bench records).
        let size = slots.count * 2
        slots = []
        slots = [UInt64](repeating: 0, count: size)
        let mask = slots.count - 1
        for (id, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = ByteTable.slot(Int32(id), key.hash)
        }
    }

    @inlinable
    static func slot(_ id: Int32, _ hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: id + 1)) }

    /// Whether `count` (> 0) bytes at `a` and `b` are equal: a word at a time, the last word
    /// overlapping the one before it (keys are short: no byte loop, no call to memcmp). Stats'
    /// own tables compare with it too.
    @inlinable @inline(__always)
    public static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                    return false
                }
                offset += 8
            }
            return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        let first = a.load(as: UInt8.self) == b.load(as: UInt8.self)
        return first && a.load(fromByteOffset: count >> 1, as: UInt8.self) == b.load(fromByteOffset: count >> 1, as: UInt8.self)
            && a.load(fromByteOffset: count - 1, as: UInt8.self) == b.load(fromByteOffset: count - 1, as: UInt8.self)
    }
}
