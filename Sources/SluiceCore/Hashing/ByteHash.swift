/// A fast hash of bytes for tables that live in one process: eight bytes at a time, each word
/// mixed with a multiply (the texts are short, and nothing outside the process sees the hash,
/// so speed matters more than stability across runs or resistance to chosen input). Tables
/// keyed by it compare the bytes themselves on a match: a weak hash costs probes, never a
/// wrong answer. Nothing may keep its values: a change to it would change only tables' layouts
/// and `sluice-eval`'s fold assignment (`GeocodeFolds`). `StableHash` is the one for values
/// written out and read back; `ValueHash` the one whose bits all count (sketches).
public enum ByteHash {
    public static func of(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(text.count)
        guard let base = text.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        while offset + 8 <= text.count {
            mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < text.count {
            tail |= UInt64(text[offset]) << shift
            shift += 8
            offset += 1
        }
        mix(tail)
        hash = (hash ^ (hash >> 29)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}
