/// Little-endian values appended to a byte array: a compiled index's writer (`SidecarIndex`).
public struct IndexBytes {
    public var bytes: [UInt8] = []

    public init() {}

    public mutating func append(_ raw: [UInt8]) { bytes += raw }
    public mutating func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    public mutating func append(_ value: Double) { append(value.bitPattern) }
    public mutating func append(_ text: String) {
        append(UInt64(text.utf8.count))
        bytes += text.utf8
    }
    public mutating func appendBlob(_ blob: [UInt8]) {
        append(UInt64(blob.count))
        bytes += blob
    }
    /// An array of integers as it lies in memory (little-endian on every machine Sluice runs
    /// on), after its count.
    public mutating func appendArray<T: FixedWidthInteger>(_ values: [T]) {
        append(UInt64(values.count))
        values.withUnsafeBytes { bytes += $0 }
        pad()
    }
    /// The little-endian bytes of one value.
    public static func bytes<T: FixedWidthInteger>(of value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    /// Zeros up to a multiple of 8 bytes.
    public mutating func pad() { bytes += [UInt8](repeating: 0, count: (8 - bytes.count % 8) % 8) }
}

/// Reads what `IndexBytes` wrote, checking every length against what is left: an index is
/// hostile input (a damaged disk, a forged file), so no value read leads outside the bytes.
public struct IndexReader {
    public let bytes: UnsafeRawBufferPointer
    public var position: Int

    public init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    public var remaining: Int { bytes.count - position }

    public mutating func take(_ count: Int) throws(SidecarIndex.Problem) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw .corrupt("malformed: a value runs past the end at byte \(position)") }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<position + count])
    }

    public mutating func uint64() throws(SidecarIndex.Problem) -> UInt64 { UInt64(littleEndian: try take(8).loadUnaligned(as: UInt64.self)) }
    public mutating func uint32() throws(SidecarIndex.Problem) -> UInt32 { UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self)) }
    public mutating func int64() throws(SidecarIndex.Problem) -> Int64 { Int64(bitPattern: try uint64()) }
    public mutating func byte() throws(SidecarIndex.Problem) -> UInt8 { try take(1)[0] }
    public mutating func double() throws(SidecarIndex.Problem) -> Double { Double(bitPattern: try uint64()) }

    /// A count of things each at least `size` bytes long: never more than the bytes left hold.
    public mutating func count(each size: Int) throws(SidecarIndex.Problem) -> Int {
        let value = try uint64()
        guard value <= UInt64(remaining / max(size, 1)) else { throw .corrupt("malformed: a count of \(value) at byte \(position - 8)") }
        return Int(value)
    }

    public mutating func blob() throws(SidecarIndex.Problem) -> UnsafeRawBufferPointer { try take(try count(each: 1)) }

    public mutating func string() throws(SidecarIndex.Problem) -> String {
        let raw = try blob()
        guard let text = String(validating: raw, as: UTF8.self) else { throw .corrupt("malformed: text that is not UTF-8 at byte \(position)") }
        return text
    }

    /// An array `IndexBytes.appendArray` wrote.
    public mutating func array<T: FixedWidthInteger>(of type: T.Type) throws(SidecarIndex.Problem) -> [T] {
        let count = try count(each: MemoryLayout<T>.size)
        let raw = try take(count * MemoryLayout<T>.size)
        try pad()
        // Copied as it lies (one copy, not an element at a time: a million ids in a millisecond).
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress, let source = raw.baseAddress { UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: raw.count) }
            initialized = count
        }
        #if _endian(big)
            return values.map { T(littleEndian: $0) }
        #else
            return values
        #endif
    }

    /// Skips the zeros that `IndexBytes.pad()` wrote.
    public mutating func pad() throws(SidecarIndex.Problem) { _ = try take((8 - position % 8) % 8) }
}
