/// FNV-1a, 64 bits: the hash whose values may be kept, the same on every run and machine
/// (Swift's `Hasher` is seeded per process). What it gives is written out and read back, so
/// this function must never change: dedupe's cluster ids (`dedupe.cluster`, read again by
/// `--against`, merge lines and saved labels), block keys, and `sluice-fetch --cache`'s file
/// names (`HTTPCache.stem`). `ValueHash` is stable too but spreads bits better (sketches);
/// `ByteHash` is for tables inside one process.
///
///     StableHash.of("california st & mason st")    // the same number in every run
///     StableHash.hex(StableHash.of("a"))            // "af63dc4c8601ec8c"
public enum StableHash {
    public static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// Inlinable: sanitize's word tables hash every word with it, from another module.
    @inlinable
    public static func of(_ bytes: some Sequence<UInt8>, seed: UInt64 = offset) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    @inlinable
    public static func of(_ text: String) -> UInt64 { of(text.utf8) }

    /// FNV-1a taken a 64-bit little-endian word at a time (the last bytes zero-padded to a
    /// word), continuing from `seed`: eight times fewer steps than `of`, for checksums of whole
    /// files (the gazetteer's compiled index). Each step is a bijection of the hash, so any one
    /// changed word changes the result. Its values are kept in files: it must never change.
    ///
    ///     StableHash.words(UnsafeRawBufferPointer(...))    // the same number in every run
    public static func words(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = offset) -> UInt64 {
        var hash = seed
        let whole = bytes.count & ~7
        var index = 0
        while index < whole {
            hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* prime
            index += 8
        }
        if index < bytes.count {
            var last: UInt64 = 0
            for (shift, byte) in bytes[index...].enumerated() { last |= UInt64(byte) << (8 * shift) }
            hash = (hash ^ last) &* prime
        }
        return hash
    }

    /// Sixteen lower-case hex digits.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash `hex(_:)` wrote (a dedupe cluster id): exactly 16 hex digits, either case; nil for
    /// anything else (`""`, `+` or `-` before the digits, which `UInt64(_:radix:)` would take).
    ///
    ///     StableHash.hash(hex: "73548d2d6e046fad")   // 0x73548d2d6e046fad
    ///     StableHash.hash(hex: "+3548d2d6e046fad")   // nil
    public static func hash(hex text: String) -> UInt64? {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ ($0 &- UInt8(ascii: "0")) < 10 || ($0 | 0x20) &- UInt8(ascii: "a") < 6 }) else {
            return nil
        }
        return UInt64(text, radix: 16)
    }
}
