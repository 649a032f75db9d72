import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A person's answers about pairs of records: the labels file of `--labels` and `--label`, one
/// NDJSON line per answer naming both records and the answer.
///
///     {"a":{"source":"films.csv","row":3},"b":{"source":"films.csv","row":9},"label":"match"}
///     {"a":"rec-12-org","b":"rec-12-dup-0","label":"distinct"}        (with --id rec_id)
///
/// A record is named by its `provenance` (as the stage wrote it in `--pairs` and `--suggest`),
/// by `{"record":N}` (the N-th input record, for records without provenance), or with
/// `--id FIELD` by that field's value. Other members are ignored, so a `--suggest` line with
/// `"label"` added is a label. A later answer about the same pair replaces an earlier one;
/// `unsure` is kept in the file but teaches nothing. A last line without its newline that is
/// an answer cut short (`isCutShort`: the labeller stopped mid-write) is ignored and said; any
/// other bad line is an error.
///
/// - Complexity: O(lines); memory one entry per line.
public struct Labels: Sendable {
    public enum Answer: String, Sendable, CaseIterable {
        case match, distinct, unsure
    }

    public struct Label: Equatable, Sendable {
        public var a: JSONValue
        public var b: JSONValue
        public var answer: Answer
        /// The line of the labels file (from 1).
        public var line: Int

        public init(a: JSONValue, b: JSONValue, answer: Answer, line: Int) {
            self.a = a
            self.b = b
            self.answer = answer
            self.line = line
        }
    }

    public let path: String
    public private(set) var labels: [Label] = []
    /// A last line cut short (the labeller was killed while writing it, `isCutShort`): ignored,
    /// and said.
    public private(set) var cutShortLine: Int?

    public init(path: String, labels: [Label]) {
        self.path = path
        self.labels = labels
    }

    /// Reads a labels file; a missing one is an empty set when `mayBeMissing` (`--label` starts
    /// one), and a failure otherwise.
    public init(path: String, mayBeMissing: Bool) throws(StageFailure) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT && mayBeMissing { return }
            throw StageFailure(errno == ENOENT ? .noInput : .ioError, "\(path): cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let reader = LineReader(fd: fd)
        while true {
            let next: Line?
            do {
                next = try reader.nextLine()
            } catch {
                throw StageFailure(.ioError, "\(path): error: \(error.description)")
            }
            guard let line = next else { break }
            guard !line.isBlank else { continue }
            do {
                labels.append(try Self.parse(String(decoding: line.bytes, as: UTF8.self), path: path, line: line.number))
            } catch {
                guard line.isUnterminated, Self.isCutShort(line.bytes) else { throw error }
                cutShortLine = line.number
            }
        }
    }

    /// Whether a last line without its newline is an answer cut short, forgiven as the labeller
    /// stopped while writing it: the beginning of a JSON object that ends too soon (the parser
    /// runs out of text, maybe inside a character, with nothing wrong before), as every line
    /// `line(a:b:answer:)` writes begins with `{`. A whole value (`{"a":1,"b":2,"label":"yes"}`, `[…]`) or bytes that
    /// are wrong before the end (NULs) are not cut short: they are errors, with a newline or
    /// without.
    ///
    ///     Labels.isCutShort(#"{"a":"x","b":"z","lab"#)         // true
    ///     Labels.isCutShort(#"{"a":"x","b":"z","label":"yes"}"#)  // false: whole, and wrong
    static func isCutShort<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let text = Array(bytes.drop { $0 == 0x20 || $0 == 0x09 })
        guard text.first == UInt8(ascii: "{") else { return false }
        do {
            _ = try JSONParser.parse(text)
            return false
        } catch {
            // The end may also fall inside a character's bytes.
            return error.kind == .syntax && error.offset == text.count || error.message == "truncated UTF-8 sequence"
        }
    }

    /// One line of a labels file.
    public static func parse(_ text: String, path: String, line: Int) throws(StageFailure) -> Label {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw .data(source: path, line: line, "invalid JSON in the labels file: \(error)")
        }
        guard case .object = value else { throw .data(source: path, line: line, "a label must be an object with a, b and label") }
        guard let a = value["a"], let b = value["b"], a != .null, b != .null else {
            throw .data(source: path, line: line, "a label needs the two records as \"a\" and \"b\" (provenance, {\"record\":N} or an --id value)")
        }
        guard let text = value["label"]?.stringValue, let answer = Answer(rawValue: text) else {
            throw .data(
                source: path, line: line,
                "\"label\" must be \"match\", \"distinct\" or \"unsure\", got \(value["label"].map(JSONWriter.string) ?? "nothing")")
        }
        return Label(a: a, b: b, answer: answer, line: line)
    }

    /// The line `--label` appends for an answer.
    public static func line(a: JSONValue, b: JSONValue, answer: Answer) -> String {
        JSONWriter.string(.object([JSONMember("a", a), JSONMember("b", b), JSONMember("label", .string(answer.rawValue))]))
    }

    /// Appends one answer to a labels file and has it on disk before returning (`fsync`), so an
    /// answer given is never lost, whatever stops the labeller afterwards. A last line cut short
    /// (a write interrupted, `isCutShort`; reading ignores it) is cut off first; any other last
    /// line without its newline gets one.
    public static func append(_ line: String, to path: String) throws(StageFailure) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StageFailure(.ioError, "\(path): cannot open for appending: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes = Array(line.utf8) + [0x0A]
        let size = lseek(fd, 0, SEEK_END)
        if size > 0 {
            let tail = lastLine(fd, size: Int(size))
            if !tail.isEmpty {
                if !isCutShort(tail) {
                    bytes.insert(0x0A, at: 0)
                } else if ftruncate(fd, off_t(Int(size) - tail.count)) != 0 {
                    throw StageFailure(.ioError, "\(path): cannot cut off its last line, cut short: \(String(cString: strerror(errno)))")
                }
            }
        }
        guard lseek(fd, 0, SEEK_END) >= 0 else { throw StageFailure(.ioError, "\(path): cannot seek: \(String(cString: strerror(errno)))") }
        let sink = ByteSink(fd: fd, name: path)
        sink.buffer = bytes
        do {
            try sink.sync()
        } catch let failure as IOFailure {
            throw StageFailure(.ioError, failure.description)
        } catch {
            throw StageFailure(.ioError, "\(path): \(error)")
        }
    }

    /// The bytes after the file's last newline (a label line is short: at most 64 KiB looked at).
    static func lastLine(_ fd: Int32, size: Int) -> [UInt8] {
        let count = min(size, 1 << 16)
        var buffer = [UInt8](repeating: 0, count: count)
        guard (try? FileInput.read(fd, into: &buffer, at: size - count)) == count else { return [] }
        guard let newline = buffer.lastIndex(of: 0x0A) else { return count == size ? buffer : [] }
        return Array(buffer[(newline + 1)...])
    }
}
