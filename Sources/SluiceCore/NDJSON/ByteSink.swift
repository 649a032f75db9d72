#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered writer to a file descriptor: callers append to `buffer` and call `endLine()`;
/// it flushes in 64 KiB writes. One per output, because per-line writes were ~25× slower.
///
/// A closed pipe (EPIPE, the reader of `| head` has gone) throws `BrokenPipe`, which the entry
/// point turns into a quiet, successful exit. Any other failed write throws an `IOFailure`
/// naming the file.
public final class ByteSink {
    // Unchecked: a sink belongs to one thread, and a checked class property cost a runtime
    // access record for every line appended (as in `JSONTokens`).
    @exclusivity(unchecked) public var buffer: [UInt8] = []
    let fd: Int32
    /// The file's path, or `<stdout>`: what an error message names.
    public let name: String
    let ownsDescriptor: Bool
    let flushThreshold = 1 << 16
    /// Bytes written so far (flushed or not).
    public private(set) var bytesWritten = 0
    /// Bytes written to the file since the last `sync()`.
    var unsynced = 0

    public init(fd: Int32, name: String = "<stdout>", ownsDescriptor: Bool = false) {
        self.fd = fd
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(flushThreshold * 2)
    }

    /// Opens (creating or truncating) a file for writing.
    public convenience init(path: String) throws(StageFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw StageFailure(.ioError, "\(path): cannot create: \(String(cString: strerror(errno)))")
        }
        self.init(fd: fd, name: path, ownsDescriptor: true)
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Ends the current line and flushes if the buffer is full enough.
    @inline(__always)
    public func endLine() throws {
        buffer.append(0x0A)
        try flushIfFull()
    }

    /// Writes the buffer once it holds 64 KiB, for callers that append whole lines themselves.
    public func flushIfFull() throws {
        if buffer.count >= flushThreshold { try flush() }
    }

    public func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    public func flush() throws {
        var offset = 0
        try buffer.withUnsafeBufferPointer { bytes in
            while offset < bytes.count {
                let n = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { throw BrokenPipe() }
                    throw IOFailure(errno: errno, operation: "write", path: name)
                }
                offset += n
            }
        }
        bytesWritten += buffer.count
        unsynced += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, then has the system put what was written on disk (`fsync`), so that a database
    /// commit made afterwards can never outlive these lines. Devices and pipes that cannot be
    /// synced (`/dev/stderr`, a FIFO) count as synced.
    public func sync() throws {
        try flush()
        guard unsynced > 0 else { return }
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            if errno == EINVAL || errno == ENOTSUP || errno == EROFS { break }
            throw IOFailure(errno: errno, operation: "fsync", path: name)
        }
        unsynced = 0
    }
}
