import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The good input records, to be read back in order after the first pass, so the stage can
/// decide on clusters first and write records afterwards without keeping them in memory. When
/// every input is a regular file they are read again from the inputs themselves
/// (`InputRereading`); otherwise (a pipe: stdin cannot be read twice) they are copied to a
/// temporary file in `$TMPDIR` (default `/tmp`), unlinked as soon as it is created, so it
/// disappears when the stage ends, however it ends.
///
/// Given the key of a member the output will add, it also notes where each record would take
/// it, so the records can be written back without being parsed again.
///
///     let spool = try Spool(addingMember: "dedupe", rereading: inputs)
///     try spool.append(record, from: Spool.Origin(location, in: context))   // during the first pass
///     try spool.forEachRecord(maxLineBytes: n) { index, record in … }   // afterwards, any number of times
///     try spool.forEachLine(maxLineBytes: n, lastTime: true) { index, line, place in … }
///
/// The copy's last pass gives the file back as it goes (see `release(upTo:)`), so the stage's
/// end does not wait on freeing it all: closing the spool of 1M records (864 MB) took 0.23 s
/// after the last record was written, while the next stage waited for the end of its input.
///
/// - Complexity: a copy takes disk space equal to the input (its records as read, without the
///   spaces after them), memory one 64 KiB write buffer and one read buffer; rereading takes
///   no disk and 24 bytes per run of records (one per input and one after each rejected line).
///   With `addingMember`, 24 bytes per record that already holds that member (none, unless the
///   input is this stage's own output): where the others' member goes is read off the line as
///   it is written back.
public final class Spool {
    /// Where the records are read back from: a copy, or the inputs.
    enum Store {
        case copy(fd: Int32, sink: ByteSink)
        case inputs(InputRereading)
    }

    /// Where a record was read, which a spool that rereads its inputs notes (`Store.inputs`).
    public struct Origin {
        var input: Int
        var line: Int
        /// The lines rejected before this record, so that a run of records ends at a reject.
        var rejectedBefore: Int

        public init(_ location: StageContext.Location, in context: StageContext) {
            input = context.inputIndex
            line = location.line
            rejectedBefore = context.accounting.rejected
        }
    }

    let store: Store
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

    /// A spool that rereads `inputs` (the stage's, stdin when empty) where it can, and copies
    /// otherwise (always, when `inputs` is nil).
    public init(addingMember addedKey: String? = nil, rereading inputs: [String]? = nil, releaseStep: Int = 16 << 20) throws(StageFailure) {
        self.addedKey = addedKey
        self.releaseStep = max(releaseStep, 1)
        if let inputs, let rereading = InputRereading(inputs) {
            store = .inputs(rereading)
            return
        }
        let directory = TemporaryFile.directory
        let fd = try TemporaryFile.open(prefix: "sluice-dedupe")
        store = .copy(fd: fd, sink: ByteSink(fd: fd, name: "\(directory)/sluice-dedupe-* (the spool of the input)", ownsDescriptor: true))
    }

    /// Whether the records are read back from the inputs rather than from a copy.
    public var rereadsInputs: Bool {
        if case .inputs = store { return true }
        return false
    }

    public func append(_ record: NDJSONRecord, from origin: Origin? = nil) throws {
        try append(record.trimmed, place: addedKey.map { MemberPlace(record, key: $0) }, from: origin)
    }

    /// Appends a record given as its bytes up to its closing brace, with where the added member
    /// goes in them (read on another thread). A spool that rereads its inputs needs `origin`.
    public func append(_ trimmed: UnsafeBufferPointer<UInt8>, place: MemberPlace?, from origin: Origin? = nil) throws {
        if let place, addedKey != nil, let value = place.existingValue { existingValues.append((count, value)) }
        switch store {
        case .copy(_, let sink):
            sink.buffer.append(contentsOf: trimmed)
            try sink.endLine()
        case .inputs(let inputs):
            guard let origin else { preconditionFailure("a spool that rereads its inputs is told where each record was read") }
            inputs.note(input: origin.input, line: origin.line, rejected: origin.rejectedBefore)
        }
        count += 1
    }

    /// Runs `body`, which appends; with `writingBehind`, a copy's writes are made on another
    /// thread while the next records are appended (`ByteSink.writingBehind`).
    public func appending<R>(writingBehind: Bool, _ body: () throws -> R) throws -> R {
        guard writingBehind, case .copy(_, let sink) = store else { return try body() }
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
        let fd: Int32
        switch store {
        case .inputs(let inputs):
            var index = 0
            try inputs.forEachRecordLine(maxLineBytes: max(maxLineBytes, 1), count: count) { line in
                try body(index, line)
                index += 1
            }
            return
        case .copy(let copy, let sink):
            fd = copy
            try sink.flush()
        }
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
        guard case .copy(let fd, _) = store else { return }
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
