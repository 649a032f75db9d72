#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// An array whose bytes go into an index as they lie in memory (`withBytes(of:_:)`).
public protocol IndexArray {
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Array: IndexArray where Element: FixedWidthInteger {}

/// Calls `body` with the bytes of `arrays`, in order, as they lie in memory (no copy): the
/// parts of a payload for `SidecarIndex.write`.
public func withBytes<R>(of arrays: [any IndexArray], _ body: ([UnsafeRawBufferPointer]) throws -> R) rethrows -> R {
    func nest(_ rest: ArraySlice<any IndexArray>, _ parts: [UnsafeRawBufferPointer]) throws -> R {
        guard let first = rest.first else { return try body(parts) }
        return try first.withUnsafeBytes { try nest(rest.dropFirst(), parts + [$0]) }
    }
    return try nest(arrays[...], [])
}

/// What reads an index's payload, value after value: its bytes in memory (`IndexReader`), or
/// the file itself (`IndexFileReader`). Every length is checked against what is left: an index
/// is hostile input (a damaged disk, a forged file), so no value read leads outside it.
public protocol IndexSource {
    var remaining: Int { get }
    /// The next `count` bytes, copied.
    mutating func bytes(_ count: Int) throws(SidecarIndex.Problem) -> [UInt8]
    /// The next `count` values of an array `IndexBytes.appendArray` wrote (after its count).
    mutating func values<T: FixedWidthInteger>(_ count: Int, of type: T.Type) throws(SidecarIndex.Problem) -> [T]
    mutating func uint64() throws(SidecarIndex.Problem) -> UInt64
}

extension IndexSource {
    public mutating func byte() throws(SidecarIndex.Problem) -> UInt8 { try bytes(1)[0] }

    /// A count of things each at least `size` bytes long: never more than the bytes left hold.
    public mutating func count(each size: Int) throws(SidecarIndex.Problem) -> Int {
        let value = try uint64()
        guard value <= UInt64(remaining / max(size, 1)) else {
            throw .corrupt("malformed: a count of \(value), more than the \(remaining) bytes left")
        }
        return Int(value)
    }

    /// Bytes `IndexBytes.appendBlob` wrote.
    public mutating func blobBytes() throws(SidecarIndex.Problem) -> [UInt8] { try bytes(try count(each: 1)) }

    /// An array `IndexBytes.appendArray` wrote.
    public mutating func array<T: FixedWidthInteger>(of type: T.Type) throws(SidecarIndex.Problem) -> [T] {
        let values = try values(try count(each: MemoryLayout<T>.size), of: type)
        try skipPadding(after: values.count * MemoryLayout<T>.size)
        return values
    }

    /// Skips the zeros `IndexBytes.pad()` wrote after `length` bytes that began on a multiple of 8.
    public mutating func skipPadding(after length: Int) throws(SidecarIndex.Problem) { _ = try bytes((8 - length % 8) % 8) }
}

/// Reads an index's payload from memory.
public struct IndexReader: IndexSource {
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

    public mutating func blob() throws(SidecarIndex.Problem) -> UnsafeRawBufferPointer { try take(try count(each: 1)) }

    public mutating func string() throws(SidecarIndex.Problem) -> String {
        let raw = try blob()
        guard let text = String(validating: raw, as: UTF8.self) else { throw .corrupt("malformed: text that is not UTF-8 at byte \(position)") }
        return text
    }

    public mutating func bytes(_ count: Int) throws(SidecarIndex.Problem) -> [UInt8] { Array(try take(count)) }

    public mutating func values<T: FixedWidthInteger>(_ count: Int, of type: T.Type) throws(SidecarIndex.Problem) -> [T] {
        let raw = try take(count * MemoryLayout<T>.size)
        // Copied as it lies (one copy, not an element at a time: a million ids in a millisecond).
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress, let source = raw.baseAddress {
                UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: raw.count)
            }
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

/// Reads an index's payload from its file, value after value, into the arrays that keep it (no
/// copy of the whole file in memory), the checksum taken as it goes: `finish` says whether the
/// payload was whole. What was read before `finish` is only checked for lengths, not trusted.
public final class IndexFileReader: IndexSource {
    public let header: SidecarIndex.Header
    /// The index file, open while the reader lives.
    public let fd: Int32
    private var position = 0
    private var checksum = SidecarIndex.Checksum()

    init(fd: Int32, header: SidecarIndex.Header) {
        self.fd = fd
        self.header = header
    }

    deinit { close(fd) }

    public var remaining: Int { header.payloadLength - position }

    /// Reads the next `count` bytes into `buffer`.
    private func read(into buffer: UnsafeMutableRawBufferPointer) throws(SidecarIndex.Problem) {
        guard buffer.count <= remaining else { throw .corrupt("malformed: a value runs past the end at byte \(position)") }
        let got: Int
        do {
            got = try FileInput.read(fd, into: buffer, at: SidecarIndex.headerSize + position)
        } catch {
            throw .unreadable("cannot read: \(String(cString: strerror(error.code)))")
        }
        guard got == buffer.count else { throw .unreadable("cannot read: the file shrank") }
        checksum.add(UnsafeRawBufferPointer(buffer))
        position += buffer.count
    }

    public func bytes(_ count: Int) throws(SidecarIndex.Problem) -> [UInt8] {
        guard count > 0 else { return [] }
        guard count <= remaining else { throw .corrupt("malformed: a value runs past the end at byte \(position)") }
        return try values(count, of: UInt8.self)
    }

    public func values<T: FixedWidthInteger>(_ count: Int, of type: T.Type) throws(SidecarIndex.Problem) -> [T] {
        guard count <= remaining / MemoryLayout<T>.size else { throw .corrupt("malformed: a value runs past the end at byte \(position)") }
        var failure: SidecarIndex.Problem?
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(SidecarIndex.Problem) { try read(into: UnsafeMutableRawBufferPointer(buffer)) } catch { failure = error }
            initialized = count  // zeros are never read: a failure is thrown below
        }
        if let failure { throw failure }
        #if _endian(big)
            return values.map { T(littleEndian: $0) }
        #else
            return values
        #endif
    }

    public func uint64() throws(SidecarIndex.Problem) -> UInt64 {
        try bytes(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    /// Reads what is left of the payload, a megabyte at a time, for its checksum only; then `finish`.
    public func skipRest() throws(SidecarIndex.Problem) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: min(1 << 20, max(0, remaining)), alignment: 8)
        defer { chunk.deallocate() }
        while remaining > 0 { try read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(chunk.count, remaining)])) }
        try finish()
    }

    /// Checks that the whole payload was read and its checksum holds.
    public func finish() throws(SidecarIndex.Problem) {
        guard remaining == 0 else { throw .corrupt("malformed: \(remaining) bytes after the last value") }
        guard checksum.value == header.checksum else { throw .corrupt("checksum mismatch: the file is damaged") }
    }
}
