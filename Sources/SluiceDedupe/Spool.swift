import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file holding the good input records, one per line, so the stage can decide on
/// clusters first and write records afterwards without keeping them in memory (stdin cannot be
/// read twice). It lives in `$TMPDIR` (default `/tmp`) and is unlinked as soon as it is
/// created, so it disappears when the stage ends, however it ends.
///
/// Given the key of a member the output will add, it also notes where each record would take
/// it, so the records can be written back without being parsed again.
///
///     let spool = try Spool(addingMember: "dedupe")
///     try spool.append(record)      // during the first pass
///     try spool.forEachRecord(maxLineBytes: n) { index, record in … }   // afterwards, any number of times
///     try spool.forEachLine(maxLineBytes: n, lastTime: true) { index, line, place in … }
///
/// The last pass gives the file back as it goes (see `release(upTo:)`), so the stage's end
/// does not wait on freeing it all: closing the spool of 1M records (864 MB) took 0.23 s after
/// the last record was written, while the next stage waited for the end of its input.
///
/// - Complexity: disk space equal to the input (its records as read, without the spaces after
///   them); memory one 64 KiB write buffer and one read buffer, and with `addingMember` 24
///   bytes per record that already holds that member (none, unless the input is this stage's
///   own output): where the others' member goes is read off the line as it is written back.
public final class Spool {
    let fd: Int32
    let sink: ByteSink
    // Unchecked: a spool belongs to the stage's own thread, and checked class properties cost
    // runtime access records for every record appended.
    @exclusivity(unchecked) public private(set) var count = 0
    /// The key of the member the output adds, and the records that hold one already, with
    /// where its value is (in record order). Every other record's member goes after its last
    /// member: a place kept per record was 24 bytes a record, 240 MB at 10M.
    public let addedKey: String?
    @exclusivity(unchecked) var existingValues: [(record: Int, value: Range<Int>)] = []
    /// How many bytes a last pass reads between two releases, and the bytes released so far
    /// (whole pages; a spool with some released cannot be read again).
    let releaseStep: Int
    @exclusivity(unchecked) private var released = 0

    public init(addingMember addedKey: String? = nil, releaseStep: Int = 16 << 20) throws(StageFailure) {
        self.addedKey = addedKey
        self.releaseStep = max(releaseStep, 1)
        let directory = TemporaryFile.directory
        let fd = try TemporaryFile.open(prefix: "sluice-dedupe")
        self.fd = fd
        sink = ByteSink(fd: fd, name: "\(directory)/sluice-dedupe-* (the spool of the input)", ownsDescriptor: true)
    }

    public func append(_ record: NDJSONRecord) throws {
        try append(record.trimmed, place: addedKey.map { MemberPlace(record, key: $0) })
    }

    /// Appends a record given as its bytes up to its closing brace, with where the added member
    /// goes in them (read on another thread).
    public func append(_ trimmed: UnsafeBufferPointer<UInt8>, place: MemberPlace?) throws {
        if let place, addedKey != nil, let value = place.existingValue { existingValues.append((count, value)) }
        sink.buffer.append(contentsOf: trimmed)
        try sink.endLine()
        count += 1
    }

    /// Runs `body`, which appends; with `writingBehind`, the spool's writes are made on another
    /// thread while the next records are appended (`ByteSink.writingBehind`).
    public func appending<R>(writingBehind: Bool, _ body: () throws -> R) throws -> R {
        guard writingBehind else { return try body() }
        return try sink.writingBehind(body)
    }

    /// Reads the records back in the order they were appended; `lastTime` gives the file
    /// back along the way and leaves the spool unreadable.
    public func forEachRecord(maxLineBytes: Int, lastTime: Bool = false, _ body: (Int, NDJSONRecord) throws -> Void) throws {
        try forEachSpooledLine(maxLineBytes: maxLineBytes, lastTime: lastTime) { index, line in
            // Every line was a valid record when spooled, so this only fails if the disk lied.
            try body(index, try NDJSONRecord(line))
        }
    }

    /// Reads the records back as their bytes, unparsed, with where the added member goes
    /// (the spool must have been made with `addingMember`).
    public func forEachLine(
        maxLineBytes: Int, lastTime: Bool = false, _ body: (Int, UnsafeBufferPointer<UInt8>, MemberPlace) throws -> Void
    ) throws {
        precondition(addedKey != nil, "forEachLine needs a spool made with addingMember")
        var next = 0
        try forEachSpooledLine(maxLineBytes: maxLineBytes, lastTime: lastTime) { index, line in
            var existing: Range<Int>?
            if next < existingValues.count, existingValues[next].record == index {
                existing = existingValues[next].value
                next += 1
            }
            try body(index, line, MemberPlace(existingValue: existing, hasMembers: MemberPlace.hasMembers(line)))
        }
    }

    private func forEachSpooledLine(maxLineBytes: Int, lastTime: Bool, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        precondition(released == 0, "the spool was read for the last time")
        try sink.flush()
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw IOFailure(errno: errno, operation: "seek") }
        let reader = LineReader(fd: fd, maxLineBytes: max(maxLineBytes, 1))
        var index = 0
        while let line = try reader.nextLine() {
            try body(index, line.bytes)
            index += 1
            // `bytesRead` counts the lines handed out: what lies before it is never read again.
            if lastTime, reader.bytesRead - released >= releaseStep { release(upTo: reader.bytesRead) }
        }
        guard lseek(fd, 0, SEEK_END) >= 0 else { throw IOFailure(errno: errno, operation: "seek") }
    }

    /// Gives the file's bytes before `offset` (whole pages) back to the file system, dirty pages
    /// without writing them: a hole punched through a shared mapping (`MADV_REMOVE` does what
    /// `fallocate(FALLOC_FL_PUNCH_HOLE)` does, and `fallocate` is not visible to Swift here).
    /// Best effort: where the system cannot (another file system, not Linux), the bytes are
    /// freed when the spool closes.
    private func release(upTo offset: Int) {
        let end = offset / Self.pageSize * Self.pageSize
        guard end > released else { return }
        #if canImport(Glibc)
            let length = end - released
            if let map = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(released)), map != MAP_FAILED {
                _ = madvise(map, length, MADV_REMOVE)
                munmap(map, length)
            }
        #endif
        released = end
    }

    static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)
}
