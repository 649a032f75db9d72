#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a running stage works with: its output, its rejects, its counts and progress, and the
/// shared loop over NDJSON input records.
public final class StageContext {
    /// The executable's name, used in every message: `sluice-load`.
    public let stage: String
    public let output: ByteSink
    public let rejects: Rejects
    public var accounting = Accounting()
    public let progress: Progress
    public let maxLineBytes: Int
    public let quiet: Bool
    /// The fields the stage's options name, set before the records are read; each record loop
    /// notes which the records hold, and `Stage.main` warns at the end about any none held.
    public var namedFields = NamedFields()
    /// Input bytes read by finished inputs, for progress across several files.
    var bytesDone = 0
    /// Which of the inputs the record loop is reading (its place in the list; 0 for stdin alone).
    public private(set) var inputIndex = 0
    /// Where an input ended in the middle of a line or record (kept in the rejects as
    /// `truncated_line`): the stage finishes, then fails, since its input was not whole.
    public private(set) var inputCut: Location?
    /// Why, when it is not a line kept in the rejects (a JSON array without its closing ']').
    var inputCutReason: String?

    public init(stage: String, output: ByteSink, rejects: Rejects, maxLineBytes: Int, quiet: Bool, progress: Progress) {
        self.stage = stage
        self.output = output
        self.rejects = rejects
        self.maxLineBytes = maxLineBytes
        self.quiet = quiet
        self.progress = progress
    }

    public func warn(_ message: String) {
        if !quiet { Diagnostic.warning(stage, message) }
    }

    /// Where a record was read: the input's name (`<stdin>` for standard input) and line.
    public struct Location: Sendable {
        public var source: String
        public var line: Int

        public init(source: String, line: Int) {
            self.source = source
            self.line = line
        }
    }

    /// Opens an input for reading: a path, or `-` for stdin. A missing file exits 66.
    public static func openInput(_ path: String) throws(StageFailure) -> (fd: Int32, name: String) {
        if path == "-" {
            guard !StandardStreams.inputWasClosed else {
                throw StageFailure(.noInput, "<stdin>: cannot read: standard input is closed (<&-); give the input as a file or pipe it in")
            }
            return (0, "<stdin>")
        }
        return (try FileInput.open(path), path)
    }

    /// Reads NDJSON records from the inputs in order (stdin when there are none) and calls
    /// `body` with each good one. Blank lines are counted and skipped; malformed lines go to
    /// the rejects (or stop the stage). Counts `recordsIn` and `rejected`; the body counts what
    /// it writes.
    public func forEachRecord(in inputs: [String], _ body: (NDJSONRecord, Location) throws -> Void) throws {
        try forEachInput(inputs) { reader, name, _ in try forEachRecord(in: reader, name: name, body) }
    }

    /// Each input in order (stdin when there are none) as a reader, with its name and the bytes
    /// of the inputs before it; what the reader reads is added to those, for the progress line.
    /// The one opening of inputs for the record loops, threaded or not.
    func forEachInput(_ inputs: [String], _ body: (_ reader: LineReader, _ name: String, _ bytesBefore: Int) throws -> Void) throws {
        for (index, input) in (inputs.isEmpty ? ["-"] : inputs).enumerated() {
            inputIndex = index
            let (fd, name) = try StageContext.openInput(input)
            defer { if fd != 0 { close(fd) } }
            let reader = LineReader(fd: fd, maxLineBytes: maxLineBytes)
            let bytesBefore = bytesDone
            defer { bytesDone = bytesBefore + reader.bytesRead }
            do {
                try body(reader, name, bytesBefore)
            } catch let failure as IOFailure where failure.path == nil {
                // A failed read names the input it failed on.
                throw IOFailure(errno: failure.code, operation: failure.operation, path: name)
            }
        }
    }

    /// The same loop over one already-open input.
    public func forEachRecord(in reader: LineReader, name: String, _ body: (NDJSONRecord, Location) throws -> Void) throws {
        let bytesBefore = bytesDone
        defer { bytesDone = bytesBefore + reader.bytesRead }
        // A local copy: the property of a class is checked for exclusive access at each use.
        var fields = namedFields
        defer { namedFields = fields }
        while let line = try reader.nextLine() {
            if line.isBlank {
                accounting.blankLines += 1
                continue
            }
            accounting.recordsIn += 1
            progress.update(records: accounting.recordsIn, bytes: bytesBefore + reader.bytesRead)
            if line.isOverlong {
                try rejectOverlong(line, source: name)
                continue
            }
            let record: NDJSONRecord
            do {
                record = try NDJSONRecord(line.bytes)
            } catch {
                try reject(line, source: name, error)
                continue
            }
            fields.look(at: record)
            try body(record, Location(source: name, line: line.number))
        }
    }

    func rejectOverlong(_ line: Line, source: String) throws {
        try reject(
            line, source: source, reason: .lineTooLong, detail: "line too long: \(line.length) bytes, more than --max-line-bytes \(maxLineBytes)")
    }

    /// Rejects a line that is not a record. The last line of an input that has no newline and
    /// does not parse was cut short (`head -c`, a writer killed mid-line): it is rejected as
    /// `truncated_line`, and the stage will fail once done, since its input was not whole.
    func reject(_ line: Line, source: String, _ error: RecordError) throws {
        guard line.isUnterminated else { return try reject(line, source: source, reason: error.reason, detail: error.detail) }
        try reject(line, source: source, reason: .truncatedLine, detail: StageContext.truncatedDetail(error, length: line.length))
        inputWasCut(at: Location(source: source, line: line.number))
    }

    /// Rejects the last record of an input that ends in its middle (a CSV record inside a quoted
    /// field, a JSON array's last element) as `truncated_line`; the stage fails once done.
    public func rejectCutShort(source: String, line: Int, detail: String, raw: UnsafeBufferPointer<UInt8>, rawTruncatedFrom length: Int? = nil) throws
    {
        try rejects.reject(source: source, line: line, reason: .truncatedLine, detail: detail, raw: raw, rawTruncatedFrom: length)
        accounting.rejected += 1
        inputWasCut(at: Location(source: source, line: line))
    }

    /// Notes that an input was cut short at `location` (the first cut is the one reported);
    /// `reason`, when no line of it went to the rejects.
    public func inputWasCut(at location: Location, reason: String? = nil) {
        guard inputCut == nil else { return }
        inputCut = location
        inputCutReason = reason
    }

    static func truncatedDetail(_ error: RecordError, length: Int) -> String {
        "truncated line: the input ends in the middle of this line (\(length) bytes, no newline; \(error.detail)): the stream was cut short"
    }

    /// The failure a stage ends with when an input was cut short, once everything else is done.
    public var inputCutFailure: StageFailure? {
        inputCut.map { cut in
            StageFailure.data(
                source: cut.source, line: cut.line,
                inputCutReason
                    ?? "the input was cut short in the middle of this line (kept in the rejects as truncated_line), so whatever followed it is missing"
            )
        }
    }

    func reject(_ line: Line, source: String, reason: RejectReason, detail: String) throws {
        try rejects.reject(
            source: source, line: line.number, reason: reason, detail: detail, raw: line.bytes,
            rawTruncatedFrom: line.isTruncated ? line.length : nil)
        accounting.rejected += 1
    }

    /// Rejects a well-formed record that the stage cannot use (a missing key, a wrong type).
    public func reject(_ record: NDJSONRecord, at location: Location, reason: RejectReason, detail: String) throws {
        try rejects.reject(source: location.source, line: location.line, reason: reason, detail: detail, raw: record.bytes)
        accounting.rejected += 1
    }
}
