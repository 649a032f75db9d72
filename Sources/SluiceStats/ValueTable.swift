import SluiceCore

/// What a counted value is: its JSON type, part of its identity (`"1"` is not `1`).
enum ValueKind: UInt8, Sendable {
    case string = 1
    case number = 2
    case boolean = 3
}

/// Values with their counts, in the order they were first added: an open-addressing hash
/// table over entries that keep each value's bytes (a string's decoded text, a number's text as
/// written, `true`/`false`) in one arena, so adding a value seen before allocates nothing.
///
///     var table = ValueTable()
///     table.add(kind: .string, bytes: "Vertigo", count: 2)   // first seen: a new entry
///     table.add(kind: .string, bytes: "Vertigo", count: 1)
///     table.entries[0].count   // 3
///
/// `group` lets one table count values of several fields at once (a worker's batch) without
/// mixing them; a table of one field uses group 0.
/// - Complexity: O(length) per add, expected; memory is the bytes plus about 50 per entry.
struct ValueTable {
    struct Entry {
        var hash: UInt64
        var count: Int
        var offset: Int
        var length: Int32
        var group: Int32
        var kind: ValueKind
    }

    private(set) var entries: [Entry] = []
    /// The values' bytes, one after another; past `byteCount`, room to grow.
    private(set) var arena: [UInt8] = []
    private(set) var byteCount = 0
    /// Entry numbers (+1; 0 is empty), a power of two at least twice the entries.
    private var slots: [Int32]
    private var mask: Int

    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        entries.reserveCapacity(capacity)
    }

    var count: Int { entries.count }
    /// The bytes this table holds, for memory limits and reports.
    var memoryBytes: Int { arena.capacity + entries.capacity * MemoryLayout<Entry>.stride + slots.count * 4 }

    static func hash(kind: ValueKind, bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ValueHash.hash(bytes, seed: UInt64(kind.rawValue))
    }

    /// Adds `count` to a value, creating its entry the first time. `hash` must be
    /// `ValueTable.hash(kind:bytes:)` of the same bytes. Returns the entry's index.
    @discardableResult
    mutating func add(group: Int32 = 0, kind: ValueKind, bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, count: Int) -> Int {
        var slot = firstSlot(hash: hash, group: group)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            let entry = entries[stored - 1]
            if entry.hash == hash, entry.group == group, entry.kind == kind, Int(entry.length) == bytes.count, equal(entry, bytes) {
                entries[stored - 1].count += count
                return stored - 1
            }
            slot = (slot + 1) & mask
        }
        let offset = byteCount
        store(bytes)
        entries.append(Entry(hash: hash, count: count, offset: offset, length: Int32(bytes.count), group: group, kind: kind))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { rehash(size: slots.count * 2) }
        return entries.count - 1
    }

    /// Adds `count` to entry `index` if it holds exactly these bytes of this kind, without
    /// hashing or probing: a record often repeats the value of the record before it (the same
    /// film, year, director).
    @inline(__always)
    mutating func addIfSame(_ index: Int, kind: ValueKind, bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Bool {
        let entry = entries[index]
        guard entry.kind == kind, Int(entry.length) == bytes.count, bytes.isEmpty || equal(entry, bytes) else { return false }
        entries[index].count += count
        return true
    }

    mutating func add(group: Int32 = 0, kind: ValueKind, bytes: [UInt8], count: Int = 1) {
        _ = bytes.withUnsafeBufferPointer { add(group: group, kind: kind, bytes: $0, hash: ValueTable.hash(kind: kind, bytes: $0), count: count) }
    }

    @inline(__always)
    private func equal(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        arena.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress, let other = bytes.baseAddress, !bytes.isEmpty else { return bytes.isEmpty }
            return ByteTable.equal(UnsafeRawPointer(base + entry.offset), UnsafeRawPointer(other), count: bytes.count)
        }
    }

    /// Copies a new value's bytes after the others (a copy into room made by doubling: the
    /// generic `append(contentsOf:)` costs a hundred instructions a call).
    @inline(__always)
    private mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) {
        if byteCount + bytes.count > arena.count {
            arena.append(contentsOf: repeatElement(0, count: max(bytes.count, arena.count, 4096)))
        }
        if let source = bytes.baseAddress, !bytes.isEmpty {
            let offset = byteCount
            arena.withUnsafeMutableBufferPointer { room in
                room.baseAddress.map { ($0 + offset).update(from: source, count: bytes.count) }
            }
        }
        byteCount += bytes.count
    }

    /// The bytes of an entry.
    func bytes(of entry: Entry) -> ArraySlice<UInt8> { arena[entry.offset..<(entry.offset + Int(entry.length))] }

    /// Empties the table, keeping its storage (a worker's table, once per batch).
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        byteCount = 0
        for index in slots.indices { slots[index] = 0 }
    }

    /// Keeps the entries `keep` accepts, in order, with the counts it gives.
    mutating func filter(_ keep: (Entry) -> Int?) {
        var kept = ValueTable(capacity: entries.count)
        for entry in entries {
            guard let count = keep(entry) else { continue }
            arena.withUnsafeBufferPointer { stored in
                let bytes = UnsafeBufferPointer(rebasing: stored[entry.offset..<(entry.offset + Int(entry.length))])
                kept.add(group: entry.group, kind: entry.kind, bytes: bytes, hash: entry.hash, count: count)
            }
        }
        self = kept
    }

    @inline(__always)
    private func firstSlot(hash: UInt64, group: Int32) -> Int {
        Int(truncatingIfNeeded: (hash ^ UInt64(truncatingIfNeeded: group) &* 0x9E37_79B9_7F4A_7C15) >> 7) & mask
    }

    private mutating func rehash(size: Int) {
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for (index, entry) in entries.enumerated() {
            var slot = firstSlot(hash: entry.hash, group: entry.group)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
