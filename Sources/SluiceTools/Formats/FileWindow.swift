import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file read through one reused window of bytes, for the binary readers (shapefile, dBASE):
/// records are asked for by offset and length, and the window slides forward with `pread(2)`,
/// so a file of any size is read in bounded memory (the window, or the largest record).
///
///     let file = try FileWindow(path: "roads.shp")
///     let header = try file.bytes(at: 0, count: 100)   // [UInt8] of 100 bytes
///
/// - Complexity: one `pread` per window (1 MiB) when read front to back.
final class FileWindow {
    let path: String
    /// The file's size in bytes when it was opened.
    let size: Int
    private let fd: Int32
    private var window: [UInt8]
    /// The file offset of `window[0]`, and how many bytes of the window hold file data.
    private var start = 0
    private var filled = 0

    init(path: String, what: String? = nil, windowSize: Int = 1 << 20) throws(StageFailure) {
        self.path = path
        fd = try FileInput.open(path, what: what)
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StageFailure(.ioError, "\(path): cannot read: \(reason)")
        }
        size = Int(status.st_size)
        window = [UInt8](repeating: 0, count: windowSize)
    }

    deinit { close(fd) }

    /// The `count` bytes at `offset`, or nil when the file ends before them.
    func bytes(at offset: Int, count: Int) throws(StageFailure) -> ArraySlice<UInt8>? {
        guard offset >= 0, count >= 0, offset + count <= size else { return nil }
        if offset < start || offset + count > start + filled { try load(from: offset, atLeast: count) }
        guard offset + count <= start + filled else { return nil }
        return window[(offset - start)..<(offset - start + count)]
    }

    /// Refills the window from `offset`, growing it for a record larger than the window.
    private func load(from offset: Int, atLeast count: Int) throws(StageFailure) {
        if count > window.count { window = [UInt8](repeating: 0, count: count) }
        start = offset
        filled = 0
        do {
            filled = try FileInput.read(fd, into: &window, at: offset)
        } catch {
            throw StageFailure(.ioError, "\(path): cannot read: \(String(cString: strerror(error.code)))")
        }
    }
}

/// Fixed-width numbers in a byte slice, as the binary formats store them.
extension ArraySlice where Element == UInt8 {
    /// The 32-bit integer at `offset` (from the slice's start), little- or big-endian.
    func int32(at offset: Int, bigEndian: Bool = false) -> Int {
        let base = startIndex + offset
        var value: UInt32 = 0
        for index in 0..<4 {
            let byte = UInt32(self[base + (bigEndian ? index : 3 - index)])
            value = value << 8 | byte
        }
        return Int(Int32(bitPattern: value))
    }

    /// The little-endian IEEE double at `offset` (from the slice's start).
    func double(at offset: Int) -> Double {
        let base = startIndex + offset
        var bits: UInt64 = 0
        for index in (0..<8).reversed() { bits = bits << 8 | UInt64(self[base + index]) }
        return Double(bitPattern: bits)
    }

    /// The 16-bit little-endian unsigned integer at `offset`.
    func uint16(at offset: Int) -> Int { Int(self[startIndex + offset]) | Int(self[startIndex + offset + 1]) << 8 }
}
