import SluiceCore

/// Gives each distinct byte string a dense id (0, 1, 2… in order of first appearance), so a
/// member's raw JSON text seen before is recognised by hashing its bytes, without parsing or
/// normalising it again. Most fields repeat their values many times over.
///
///     var interner = ByteStringInterner()
///     interner.intern("\"Ferry Building\"")    // (id: 0, isNew: true)
///     interner.intern("2023")                  // (id: 1, isNew: true)
///     interner.intern("\"Ferry Building\"")    // (id: 0, isNew: false)
///
/// - Complexity: O(n) per call in the length of the text; memory the distinct texts' bytes plus
///   about 32 bytes per distinct text.
struct ByteStringInterner {
    /// All distinct texts end to end: text `id` is `bytes[starts[id]..<starts[id + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing: an id in the low 32 bits and the top 32 bits of its hash above them,
    /// or `empty`. A power of two, at most half full. With the hash's bits in the slot, a probe
    /// reads no other array until the texts are compared: reading `hashes` for each was a
    /// cache miss, a third of the time `sluice-dedupe --key` spent interning keys.
    private var slots = [UInt64](repeating: empty, count: 64)
    private static let empty = UInt64.max

    var count: Int { hashes.count }

    /// The id of `text`, and whether it was seen here for the first time.
    mutating func intern(_ text: UnsafeBufferPointer<UInt8>) -> (id: Int32, isNew: Bool) {
        let hash = ByteHash.of(text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == Self.empty { break }
            let id = Int32(truncatingIfNeeded: entry)
            if entry >> 32 == hash >> 32 && equals(Int(id), text) { return (id, false) }
            slot = (slot + 1) & mask
        }
        let id = Int32(hashes.count)
        hashes.append(hash)
        bytes.append(contentsOf: text)
        starts.append(bytes.count)
        slots[slot] = Self.entry(id, hash)
        if 2 * hashes.count > slots.count { grow() }
        return (id, true)
    }

    mutating func intern(_ text: String) -> (id: Int32, isNew: Bool) {
        var text = text
        return text.withUTF8 { intern($0) }
    }

    private func equals(_ id: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[id], end = starts[id + 1]
        guard end - start == text.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            guard let stored = all.baseAddress, let wanted = text.baseAddress else { return text.isEmpty }
            return memcmp(stored + start, wanted, text.count) == 0
        }
    }

    private mutating func grow() {
        slots = [UInt64](repeating: Self.empty, count: slots.count * 2)
        let mask = slots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = Self.entry(Int32(id), hash)
        }
    }

    private static func entry(_ id: Int32, _ hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: id)) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
