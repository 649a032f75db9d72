import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stage's inputs read a second time, in place of the spool's copy of them, when every one
/// is a regular file: the bench's 10M sanitized records made a 7.1 GB copy in `$TMPDIR`, and
/// when the page cache cannot hold input and copy both, the copy goes to disk and back. (With
/// room for both, the wall time is the same: 55.4 s against 55.7 s, medians of 3 at 10M.)
///
/// It keeps where the good records are as runs of lines: a rejected line ends a run, a blank one
/// does not (blank lines are skipped when read back, as they were the first time). Each input
/// stays open from before the first read, so a file renamed or replaced meanwhile is still the
/// one read; a file changed in place (its size or modification time) is an error, never a
/// different output.
///
/// - Complexity: one descriptor per input and 24 bytes per run of records: one run per input,
///   and one more after each rejected line.
final class InputRereading {
    struct Input {
        let fd: Int32
        let name: String
        /// Where reading starts: 0 for a file, where standard input was left for stdin.
        let start: off_t
        /// As it was opened: which file, its size and time.
        let status: FileStatus
    }

    /// Lines `first...last` of an input, of which every one not blank is a good record.
    struct Run {
        var input: Int
        var first: Int
        var last: Int
    }

    let inputs: [Input]
    private(set) var runs: [Run] = []
    /// The stage's count of rejected lines when the last record was noted.
    private var rejectedBefore = 0

    /// The inputs (stdin when there are none), open; nil when one is not a regular file with
    /// bytes in it (a pipe, a terminal, an empty or missing file: those are left to the stage's
    /// own reading to report), cannot be opened, or is the file stdout writes to (`>> input`:
    /// the output would change it before it is read again).
    init?(_ paths: [String]) {
        let output = FileStatus(fd: 1)
        var inputs: [Input] = []
        for path in paths.isEmpty ? ["-"] : paths {
            guard let input = Self.open(path) else {
                for input in inputs { close(input.fd) }
                return nil
            }
            inputs.append(input)
            if let output, input.status.isSameFile(as: output) {
                for input in inputs { close(input.fd) }
                return nil
            }
        }
        self.inputs = inputs
    }

    deinit {
        for input in inputs { close(input.fd) }
    }

    private static func open(_ path: String) -> Input? {
        let fd: Int32
        var start: off_t = 0
        if path == "-" {
            guard !StandardStreams.inputWasClosed else { return nil }
            start = lseek(0, 0, SEEK_CUR)
            guard start >= 0 else { return nil }
            fd = fcntl(0, F_DUPFD_CLOEXEC, 0)
        } else {
            #if canImport(Glibc)
                fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            #else
                fd = Darwin.open(path, O_RDONLY | O_CLOEXEC)
            #endif
        }
        guard fd >= 0 else { return nil }
        guard let status = FileStatus(fd: fd), status.isRegular, status.size > Int(start) else {
            close(fd)
            return nil
        }
        return Input(fd: fd, name: path == "-" ? "<stdin>" : path, start: start, status: status)
    }

    /// Notes that the record at `line` of input `input` was kept, `rejected` lines having been
    /// rejected so far.
    func note(input: Int, line: Int, rejected: Int) {
        if let last = runs.last, last.input == input, last.last < line, rejected == rejectedBefore {
            runs[runs.count - 1].last = line
        } else {
            runs.append(Run(input: input, first: line, last: line))
        }
        rejectedBefore = rejected
    }

    /// Reads the noted records again, in order, as their bytes up to the closing brace; fails if
    /// an input changed since it was opened, or does not give back `count` records.
    func forEachRecordLine(maxLineBytes: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var runIndex = 0
        var handed = 0
        while runIndex < runs.count {
            let inputIndex = runs[runIndex].input
            let input = inputs[inputIndex]
            try checkUnchanged(input)
            guard lseek(input.fd, input.start, SEEK_SET) == input.start else {
                throw IOFailure(errno: errno, operation: "seek", path: input.name)
            }
            let reader = LineReader(fd: input.fd, maxLineBytes: maxLineBytes)
            reading: while let line = try reader.nextLine() {
                if line.isBlank { continue }
                while runs[runIndex].last < line.number {
                    runIndex += 1
                    if runIndex == runs.count || runs[runIndex].input != inputIndex { break reading }
                }
                guard line.number >= runs[runIndex].first else { continue }
                let record = Self.trimmed(line.bytes)
                guard record.last == UInt8(ascii: "}") else { throw changed(input) }
                try body(record)
                handed += 1
            }
            while runIndex < runs.count, runs[runIndex].input == inputIndex { runIndex += 1 }
            try checkUnchanged(input)
        }
        guard handed == count else { throw changed(inputs[runs.last?.input ?? 0]) }
    }

    /// A line without the whitespace after its record (what `NDJSONRecord.trimmed` gives).
    static func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = line.count
        while end > 0, CheckedJSON.isSpace(line[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: line[..<end])
    }

    private func checkUnchanged(_ input: Input) throws(StageFailure) {
        guard let status = FileStatus(fd: input.fd) else {
            throw StageFailure(.ioError, "\(input.name): cannot read again: \(String(cString: strerror(errno)))")
        }
        guard status == input.status else { throw changed(input) }
    }

    private func changed(_ input: Input) -> StageFailure {
        StageFailure(
            .ioError,
            "\(input.name): changed while it was being read (sluice-dedupe reads a file input twice: once to compare, once to write); run it on a copy, or pipe the input in"
        )
    }
}
