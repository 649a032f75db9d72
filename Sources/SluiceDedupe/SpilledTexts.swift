import SluiceCore

/// A `tokens` column's distinct texts while the input is read, when nothing will read them as
/// text again (`FieldColumn.spillsTexts`): each is found again by a digest of its bytes, and its
/// bytes go to a temporary file as they come, to be split into words once the input is read
/// (`forEachText`). At 10M bench records the locations' 4.54M distinct texts held in a
/// `ByteTable` (their bytes, places and hashes, and the index) were about 255 MB of fuzzy
/// dedupe's peak as reading ended; here their slots and second hashes are about 100 MB.
///
///     var texts = SpilledTexts()
///     texts.intern(utf8("market st"))   // (id: 0, isNew: true)
///     texts.intern(utf8("market st"))   // (id: 0, isNew: false)
///     try texts.forEachText { print(String(decoding: $0, as: UTF8.self)) }   // market st
///
/// Two texts are taken for one when their digests are equal: the top 32 bits of `ByteHash`
/// (kept in the slot) and all 64 of `StableHash`. For 4.5M distinct texts the chance that two
/// of them share a digest is about 1 in 10^16.
///
/// - Complexity: O(length) per look-up, expected; memory 8 bytes a text and 8 to 16 bytes of
///   slots (at most three quarters full); disk 4 bytes a text and its bytes.
struct SpilledTexts {
    /// 0 for an empty slot, else the text's first hash's top 32 bits above its id + 1. A power
    /// of two; a text's first slot is given by the top bits of its hash, so the slots double
    /// without reading a text again.
    private var slots = [UInt64](repeating: 0, count: 1 << 10)
    private var slotBits = 10
    /// Per id, the text's second hash (0 for a text added by `appendUnindexed`).
    private var checks: [UInt64] = []
    /// Each text as its length (4 bytes, little-endian) then its bytes, in id order.
    private var file = SpillList<UInt8>(what: "a tokens column's texts")
    /// The first failure to write the file: the column's values are added where nothing can
    /// throw (`FieldColumn.append`), so it is kept and thrown when the texts are read back.
    private var failure: StageFailure?

    /// The texts held.
    var count: Int { checks.count }

    /// The id of `bytes`, adding them at the end when new.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> (id: Int32, isNew: Bool) {
        let tag = ByteHash.of(bytes) >> 32
        let check = StableHash.of(bytes)
        let mask = slots.count - 1
        var slot = Int(tag >> UInt64(32 - slotBits))
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let id = Int32(truncatingIfNeeded: entry) &- 1
            if entry >> 32 == tag, checks[Int(id)] == check { return (id, false) }
            slot = (slot + 1) & mask
        }
        let id = appendUnindexed(bytes, check: check)
        slots[slot] = tag << 32 | UInt64(id + 1)
        if 4 * checks.count > 3 * slots.count { grow() }
        return (id, true)
    }

    /// Adds `bytes` as a new text that `intern` does not find (a text outside ASCII, which the
    /// column finds by its `String`).
    @discardableResult
    mutating func appendUnindexed(_ bytes: UnsafeBufferPointer<UInt8>, check: UInt64 = 0) -> Int32 {
        let id = Int32(checks.count)
        checks.append(check)
        guard failure == nil else { return id }
        do { try Self.append(bytes, to: &file) } catch { failure = error }
        return id
    }

    /// Writes a text to `file` as this type's files hold them: its length, then its bytes.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to file: inout SpillList<UInt8>) throws(StageFailure) {
        var length = UInt32(bytes.count).littleEndian
        try withUnsafeBytes(of: &length) { (raw) throws(StageFailure) in try file.append(contentsOf: raw.assumingMemoryBound(to: UInt8.self)) }
        try file.append(contentsOf: bytes)
    }

    private mutating func grow() {
        let old = slots
        slots = []
        slotBits += 1
        slots = [UInt64](repeating: 0, count: 1 << slotBits)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int((entry >> 32) >> UInt64(32 - slotBits))
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// Frees the index: from here on the texts are only read back (`forEachText`).
    mutating func dropIndex() {
        slots = []
        checks = []
    }

    /// Calls `body` with each text's bytes, in id order (each valid only during the call).
    func forEachText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        if let failure { throw failure }
        try Self.forEachText(in: file, body)
    }

    /// The texts of a file written by `append(_:to:)`, in order.
    static func forEachText(in file: SpillList<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        // Lengths and texts run across chunks: each is gathered whole, then read.
        var pending: [UInt8] = []
        /// The length of the text being gathered; nil while its length is.
        var length: Int?
        try file.forEachChunk { chunk in
            var offset = 0
            while offset < chunk.count {
                let need = length ?? 4
                let taken = min(need - pending.count, chunk.count - offset)
                pending.append(contentsOf: chunk[offset..<(offset + taken)])
                offset += taken
                guard pending.count == need else { continue }
                if length == nil {
                    length = pending.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
                    pending.removeAll(keepingCapacity: true)
                    if length != 0 { continue }
                }
                length = nil
                pending.withUnsafeBufferPointer(body)
                pending.removeAll(keepingCapacity: true)
            }
        }
    }
}
