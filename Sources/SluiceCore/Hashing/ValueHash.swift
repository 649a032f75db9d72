/// A 64-bit hash of a value's bytes, seeded by its kind so that the string `"1"` and the number
/// `1` differ. Every bit depends on every byte (a folded 64×64→128-bit multiply per 8 bytes, as
/// wyhash does), which the HyperLogLog needs: it reads the top bits and the run of zeros after.
///
///     ValueHash.hash(Array("Vertigo".utf8), seed: 1) != ValueHash.hash(Array("Vertigo".utf8), seed: 2)
///
/// The same on every run and machine (`sluice-stats`' distinct-count estimates depend on it, and
/// its output is byte-identical run to run), but nothing keeps its values: `StableHash` is the
/// one for ids written out and read back, `ByteHash` the one for tables inside a process.
///
/// - Complexity: O(n) in the bytes, about a nanosecond per 8 of them.
public enum ValueHash {
    @usableFromInline static let p0: UInt64 = 0xA076_1D64_78BD_642F
    @usableFromInline static let p1: UInt64 = 0xE703_7ED1_A0B4_28DB
    @usableFromInline static let p2: UInt64 = 0x8EBC_6AF0_9C88_C6E3

    @inline(__always) @usableFromInline
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// Inlinable: stats hashes every value and path with it, from another module.
    @inlinable
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let count = bytes.count
        var state = fold(seed ^ p0, UInt64(truncatingIfNeeded: count) ^ p1)
        guard let base = bytes.baseAddress, count > 0 else { return fold(state ^ p2, p1) }
        let raw = UnsafeRawPointer(base)
        // The last up-to-16 bytes are read as two words that may overlap the bytes before them
        // (wyhash's trick): no byte-by-byte tail.
        var a: UInt64
        var b: UInt64
        if count > 16 {
            var index = 0
            while index + 16 < count {
                state = fold(
                    raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ p1,
                    raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self) ^ state)
                index += 16
            }
            a = raw.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            b = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 8 {
            a = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            b = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            a = UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            b = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            a = UInt64(base[0]) << 16 | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1])
            b = 0
        }
        state = fold(a ^ p1, b ^ state)
        return fold(state ^ p0, state ^ p2 ^ UInt64(truncatingIfNeeded: count))
    }

    public static func hash(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        bytes.withUnsafeBufferPointer { hash($0, seed: seed) }
    }
}
