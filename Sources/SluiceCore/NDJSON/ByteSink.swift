import Dispatch

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
///
/// Inside `writingBehind`, full buffers are written on another thread while the caller fills
/// the next (`sluice-dedupe`'s output, written after its input has ended).
public final class ByteSink {
    // Unchecked: a sink belongs to one thread, and a checked class property cost a runtime
    // access record for every line appended (as in `JSONTokens`).
    @exclusivity(unchecked) public var buffer: [UInt8] = []
    let fd: Int32
    /// The file's path, or `<stdout>`: what an error message names.
    public let name: String
    let ownsDescriptor: Bool
    @exclusivity(unchecked) var flushThreshold = ByteSink.lineThreshold
    /// The buffer size flushed at: 64 KiB, or `behindThreshold` while writing behind (a hand-over
    /// to the writing thread costs more than a write call).
    static let lineThreshold = 1 << 16
    static let behindThreshold = 1 << 20
    /// The write in progress on another thread, while `writingBehind` runs.
    @exclusivity(unchecked) private var behind: WriteBehind?
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
        if let behind {
            try flush(behind: behind)
            return
        }
        try buffer.withUnsafeBufferPointer { try Self.writeAll($0, fd: fd, name: name) }
        bytesWritten += buffer.count
        unsynced += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to `fd`.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, fd: Int32, name: String) throws {
        var offset = 0
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

    /// Runs `body` with every flush handing the full buffer to another thread, which writes it
    /// while `body` fills the next (one write in flight, in order). A failed write is thrown by
    /// the next flush or at the end, as a flush here would have thrown it.
    ///
    /// - Complexity: memory two buffers of about 1 MiB.
    public func writingBehind<R>(_ body: () throws -> R) throws -> R {
        precondition(behind == nil, "writingBehind does not nest")
        let writer = WriteBehind()
        behind = writer
        flushThreshold = Self.behindThreshold
        defer {
            writer.group.wait()
            behind = nil
            flushThreshold = Self.lineThreshold
        }
        let result = try body()
        try flush(behind: writer)
        writer.group.wait()
        if let failure = writer.failure { throw failure }
        return result
    }

    /// Hands the buffer to the writing thread, once the write before has ended.
    private func flush(behind writer: WriteBehind) throws {
        writer.group.wait()
        if let failure = writer.failure { throw failure }
        guard !buffer.isEmpty else { return }
        let full = buffer
        buffer = writer.spare
        writer.spare = []
        bytesWritten += full.count
        unsynced += full.count
        let fd = self.fd, name = self.name
        writer.queue.async(group: writer.group) {
            do {
                try full.withUnsafeBufferPointer { try Self.writeAll($0, fd: fd, name: name) }
            } catch {
                writer.failure = error
            }
            var emptied = full
            emptied.removeAll(keepingCapacity: true)
            writer.spare = emptied
        }
    }

    /// The thread writing behind and what it hands back: the emptied buffer, or why it failed.
    /// Its fields are read only after `group` is waited for.
    private final class WriteBehind: @unchecked Sendable {
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "sluice.write-behind")
        var spare: [UInt8] = []
        var failure: (any Error)?
    }

    /// Flushes, then has the system put what was written on disk (`fsync`), so that a database
    /// commit made afterwards can never outlive these lines. Devices and pipes that cannot be
    /// synced (`/dev/stderr`, a FIFO) count as synced.
    public func sync() throws {
        try flush()
        if let behind {
            behind.group.wait()
            if let failure = behind.failure { throw failure }
        }
        guard unsynced > 0 else { return }
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            if errno == EINVAL || errno == ENOTSUP || errno == EROFS { break }
            throw IOFailure(errno: errno, operation: "fsync", path: name)
        }
        unsynced = 0
    }
}
