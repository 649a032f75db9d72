#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line from a `LineReader`: its bytes (without the line ending) and where it was.
///
/// `bytes` points into the reader's buffer and is valid only until the next `nextLine()` call.
public struct Line {
    public var bytes: UnsafeBufferPointer<UInt8>
    /// 1-based physical line number in its input.
    public var number: Int
    /// The line is longer than the reader's `maxLineBytes`.
    public var isOverlong: Bool
    /// The line was longer than the reader keeps in memory; `bytes` holds only its beginning.
    public var isTruncated: Bool
    /// The full length of the line in bytes, including any part not kept.
    public var length: Int
    /// The input ended before this line's newline: the last line of a file written without one,
    /// or of a stream that was cut short (`head -c`, a writer killed mid-line).
    public var isUnterminated = false

    /// True for an empty line or one of spaces and tabs only.
    public var isBlank: Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Splits a file descriptor into lines with `read(2)` into one reused buffer: LF or CRLF
/// endings, a UTF-8 byte-order mark dropped from the first line, a final line without a newline
/// kept. It never decodes text, so invalid UTF-8 reaches the caller intact.
///
/// - Complexity: memory is the buffer (1 MiB) plus the longest line, and a line longer than
///   `retainLimit` is kept only up to that limit (the rest is read and discarded).
public final class LineReader {
    public static let defaultMaxLineBytes = 1 << 20
    /// The most of one line kept in memory, so a file with no newline cannot exhaust memory.
    public static let defaultRetainLimit = 64 << 20

    let fd: Int32
    public let maxLineBytes: Int
    let retainLimit: Int
    var buffer: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var start = 0
    var end = 0
    var scanned = 0
    var atEOF = false
    // Unchecked: a reader belongs to one thread, and a checked class property cost a runtime
    // access record for every line (as in `JSONTokens`).
    @exclusivity(unchecked) var lineNumber = 0
    /// Bytes handed out so far, for progress reports.
    @exclusivity(unchecked) public private(set) var bytesRead = 0

    /// - Parameter prefix: bytes already read from `fd` (by a format sniffer) that come first.
    public init(
        fd: Int32, maxLineBytes: Int = LineReader.defaultMaxLineBytes, prefix: [UInt8] = [],
        retainLimit: Int = LineReader.defaultRetainLimit, bufferSize: Int = 1 << 20
    ) {
        self.fd = fd
        self.maxLineBytes = maxLineBytes
        self.retainLimit = max(retainLimit, 1)
        self.capacity = max(bufferSize, prefix.count, 1)
        self.buffer = .allocate(capacity: capacity)
        buffer.update(from: prefix, count: prefix.count)
        end = prefix.count
    }

    deinit { buffer.deallocate() }

    /// The next line, or nil at the end of input.
    public func nextLine() throws(IOFailure) -> Line? {
        while true {
            if let newline = findNewline() {
                let line = makeLine(from: start, to: newline, length: newline - start)
                start = newline + 1
                scanned = start
                return line
            }
            if atEOF {
                guard start < end else { return nil }
                var line = makeLine(from: start, to: end, length: end - start)
                line.isUnterminated = true
                start = end
                scanned = end
                return line
            }
            if end - start >= retainLimit {
                return try truncatedLine()
            }
            try fill()
        }
    }

    /// Whether `nextLine()` can return without waiting: a whole line is in the buffer, the
    /// input has ended, or more of it can be read at once (a file always can; a pipe when its
    /// writer has written). Batching readers stop a batch here rather than hold the lines they
    /// have while a slow writer is silent.
    public func canReadWithoutWaiting() -> Bool {
        if atEOF || findNewline() != nil { return true }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) != 0
    }

    func findNewline() -> Int? {
        guard scanned < end else { return nil }
        guard let found = memchr(buffer + scanned, 0x0A, end - scanned) else {
            scanned = end
            return nil
        }
        return buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    func makeLine(from lineStart: Int, to lineEnd: Int, length: Int, truncated: Bool = false) -> Line {
        lineNumber += 1
        var first = lineStart
        var last = lineEnd
        if last > first, buffer[last - 1] == 0x0D, !truncated { last -= 1 }
        if lineNumber == 1, last - first >= 3, buffer[first] == 0xEF, buffer[first + 1] == 0xBB, buffer[first + 2] == 0xBF {
            first += 3
        }
        bytesRead += length + 1
        return Line(
            bytes: UnsafeBufferPointer(start: buffer + first, count: last - first),
            number: lineNumber,
            isOverlong: length - (first - lineStart) > maxLineBytes,
            isTruncated: truncated,
            length: length)
    }

    /// A line past `retainLimit`: hand out its beginning and drop the rest up to its newline.
    func truncatedLine() throws(IOFailure) -> Line {
        let kept = retainLimit
        var length = end - start
        // Move the kept prefix to the front so reading can reuse the space after it.
        compact()
        var discardFrom = kept
        end = kept
        scanned = kept
        while true {
            let n = try readChunk(into: discardFrom)
            if n == 0 { atEOF = true; break }
            if let found = memchr(buffer + discardFrom, 0x0A, n) {
                let offset = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self)) - discardFrom
                length += offset
                // Keep what follows the newline for the next lines.
                let rest = n - offset - 1
                memmove(buffer + kept, buffer + discardFrom + offset + 1, rest)
                discardFrom = kept
                end = kept + rest
                break
            }
            length += n
        }
        var line = makeLine(from: 0, to: kept, length: length, truncated: true)
        line.isUnterminated = atEOF
        start = kept
        scanned = kept
        return line
    }

    /// Reads more input after `end`, moving the current line to the front or growing first.
    func fill() throws(IOFailure) {
        if start > 0 && end == capacity { compact() }
        if end == capacity { grow() }
        let n = try readChunk(into: end)
        if n == 0 { atEOF = true }
        end += n
    }

    func compact() {
        let count = end - start
        if start > 0 { memmove(buffer, buffer + start, count) }
        scanned -= start
        start = 0
        end = count
    }

    func grow() {
        let newCapacity = capacity * 2
        let newBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBuffer.update(from: buffer, count: end)
        buffer.deallocate()
        buffer = newBuffer
        capacity = newCapacity
    }

    func readChunk(into offset: Int) throws(IOFailure) -> Int {
        if offset == capacity { grow() }
        return try FileInput.read(fd, into: buffer + offset, count: capacity - offset)
    }
}

/// A failed system call on an input or output, with the system's reason.
public struct IOFailure: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var operation: String
    /// The file it happened to, when known: the entry point names it in the message.
    public var path: String?

    public init(errno code: Int32, operation: String, path: String? = nil) {
        self.code = code
        self.operation = operation
        self.path = path
    }

    public var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }

    /// `r.ndjson: error: write failed: No space left on device`, compiler-style.
    public var message: String { (path.map { Diagnostic.location($0, nil) } ?? "") + "error: \(self)" }
}
