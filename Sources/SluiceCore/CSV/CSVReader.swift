/// The one CSV reader: RFC 4180 records (fields separated by a one-byte delimiter, optionally
/// quoted with `"`, holding delimiters, line breaks and `""` for a quote), read from bytes in
/// memory or streamed from a file descriptor, handing out each record's fields as byte ranges
/// so that a caller makes strings only of the fields it needs.
///
///     var reader = CSVReader(Array("a,\"b \"\"c\"\"\"\r\n".utf8))
///     var fields: [String] = []
///     try reader.next(into: &fields)   // true, fields == ["a", "b \"c\""], reader.line == 1
///
/// In both modes a byte-order mark is skipped, a record ends at a line feed outside quotes (a
/// carriage return just before it, or at the end of the input, is dropped; any other is text),
/// a quote inside an unquoted field is text, and a record that is one empty field (a blank line,
/// or `""`) is skipped. The modes differ where a file breaks the rules:
/// - `.strict` (files Sluice reads as data: the gazetteer and its sources) throws `Failure`:
///   text after a closing quote, a quote left open at the end, bytes that are not UTF-8.
/// - `.lenient` (other people's files, `sluice-fetch`) keeps text after a closing quote as
///   written (`"x"y` is `xy`), ends the last record at an unterminated quote, decodes bytes that
///   are not UTF-8 with replacement characters, and says so in `problem`, so that the caller can
///   reject the record with its bytes (`recordRange`).
///
/// - Complexity: O(n) in the bytes read. Streaming holds one record and one read's worth of
///   bytes; a record cut by the end of the buffer is read again once more bytes are in.
public struct CSVReader {
    public enum Mode: Sendable { case strict, lenient }

    public enum Failure: Error, Equatable {
        case unterminatedQuote
        case invalidUTF8
        case textAfterQuote
    }

    /// Where one field lies in `bytes`. A quoted field's `range` is what stands between its
    /// quotes (it may hold `""` escapes); in lenient mode, one with text after its closing quote
    /// (`tailed`) runs on to the end of that text.
    public struct Field: Sendable {
        public var range: Range<Int>
        public var quoted: Bool
        var tailed: Bool

        public init(range: Range<Int>, quoted: Bool) {
            self.init(range: range, quoted: quoted, tailed: false)
        }

        init(range: Range<Int>, quoted: Bool, tailed: Bool) {
            self.range = range
            self.quoted = quoted
            self.tailed = tailed
        }
    }

    public let delimiter: UInt8
    public let mode: Mode
    /// The bytes read: the whole input, or, when streaming, a window holding the current record.
    public private(set) var bytes: [UInt8]
    var index = 0
    /// The line on which the last record started (1-based).
    public private(set) var line = 0
    var nextLine = 1
    /// Where the last record started, for quoting it in errors.
    var recordStart = 0
    /// The last record's bytes as they stand in `bytes`, without its line end.
    public private(set) var recordRange: Range<Int> = 0..<0
    /// Lenient mode: why the last record read with `next(into:)` cannot be trusted ("invalid
    /// UTF-8 in field 2", "unterminated quoted field"); nil when it can.
    public private(set) var problem: String?
    /// Lenient mode: the last record ends inside a quoted field, at the end of the input.
    public private(set) var isUnterminated = false
    /// The last record read is the input's last and has no line end after it: with a field
    /// short, or inside a quoted field (`isUnterminated`), the input was cut in its middle.
    public var endsWithoutLineEnd: Bool {
        atEnd && index == bytes.count && recordRange.upperBound == bytes.count
    }
    /// The input to stream from, and whether it has ended (always, for bytes in memory).
    let fd: Int32?
    /// Or the chunks another reader hands out, nil at the end (a gzipped file, inflated a
    /// chunk at a time by `GzipFile.Reader`).
    let chunks: (() throws -> [UInt8]?)?
    var atEnd: Bool
    var startChecked: Bool
    /// Streaming: a record longer than this is kept only up to it, the rest read and discarded
    /// (`overlongLength`), so that one record never holds more memory than this: a quote left
    /// open near the start of a large file, or a gzipped file of one field inflating to
    /// gigabytes, was held whole. No limit by default.
    public var retainLimit = Int.max
    /// The last record's whole length in bytes (its line end left out) when it was longer than
    /// `retainLimit`: its fields are then one field holding its kept beginning (`recordRange`);
    /// nil for a record read whole.
    public private(set) var overlongLength: Int?

    /// Reads bytes held in memory.
    public init(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), mode: Mode = .strict) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.mode = mode
        fd = nil
        chunks = nil
        atEnd = true
        startChecked = true
        if bytes.starts(with: CSVReader.byteOrderMark) { index = 3 }
    }

    /// Streams from `fd`, after the bytes a format sniffer already took (`prefix`).
    public init(fd: Int32, prefix: [UInt8] = [], delimiter: UInt8 = UInt8(ascii: ","), mode: Mode = .lenient) {
        bytes = prefix
        self.delimiter = delimiter
        self.mode = mode
        self.fd = fd
        chunks = nil
        atEnd = false
        startChecked = false
    }

    /// Streams the chunks `next` hands out (nil at the end), after `prefix`: a file that must
    /// be decoded on the way, such as a gzipped CSV.
    public init(chunks next: @escaping () throws -> [UInt8]?, prefix: [UInt8] = [], delimiter: UInt8 = UInt8(ascii: ","), mode: Mode = .lenient) {
        bytes = prefix
        self.delimiter = delimiter
        self.mode = mode
        fd = nil
        chunks = next
        atEnd = false
        startChecked = false
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// How much one read asks for when streaming (tests make it small to cut records).
    var readSize = 1 << 18

    /// Reads the next record's field positions into `fields`; false at the end of the input.
    /// The positions are valid until the next call.
    public mutating func next(fields: inout [Field]) throws -> Bool {
        while true {
            if !startChecked, try skipByteOrderMark() { continue }
            let (start, startLine) = (index, nextLine)
            fields.removeAll(keepingCapacity: true)
            overlongLength = nil
            switch try scanRecord(&fields) {
            case .end: return false
            case .needMore:
                (index, nextLine) = (start, startLine)
                // No line end in the bytes at hand: the record holds all of them but a carriage
                // return at their end, so past the limit by one more it is longer than the limit.
                if bytes.count - start - 1 > retainLimit {
                    try skipOverlongRecord(from: start, line: startLine, into: &fields)
                    return true
                }
                try refill()
                continue
            case .record:
                let only = fields[0]
                if fields.count == 1, only.range.isEmpty, !isUnterminated { continue }
                return true
            }
        }
    }

    /// Reads the next record as text; false at the end of the input. In strict mode a field
    /// that is not UTF-8 throws `Failure.invalidUTF8`; in lenient mode it sets `problem`.
    public mutating func next(into texts: inout [String]) throws -> Bool {
        var fields: [Field] = []
        guard try next(fields: &fields) else {
            texts.removeAll()
            return false
        }
        texts.removeAll(keepingCapacity: true)
        problem = nil
        for (position, field) in fields.enumerated() {
            // The open quote is the record's problem unless a field before it is not UTF-8.
            if isUnterminated, position == fields.count - 1, problem == nil { problem = "unterminated quoted field" }
            do {
                texts.append(try string(field))
            } catch {
                guard mode == .lenient else { throw error }
                if problem == nil { problem = "invalid UTF-8 in field \(position + 1)" }
                texts.append(String(decoding: unescaped(field), as: UTF8.self))
            }
        }
        return true
    }

    enum Scan { case record, needMore, end }

    /// Streaming: skips a byte-order mark once the first three bytes are in; true when more bytes
    /// had to be read first.
    mutating func skipByteOrderMark() throws -> Bool {
        if bytes.count < 3, !atEnd {
            try refill()
            return true
        }
        startChecked = true
        if bytes.starts(with: CSVReader.byteOrderMark) { index = 3 }
        return false
    }

    /// Streaming: drops the bytes of the records already read and reads more after the rest.
    /// One read when the record being read is short, so records flow out as the input comes;
    /// a long one doubles the buffer, so reading it again costs O(n) in all.
    mutating func refill() throws {
        guard !atEnd else { return }
        if index > 0 {
            bytes.removeSubrange(0..<index)
            index = 0
        }
        if let chunks {
            // As from a file: a long record doubles what is held, or each chunk more would
            // scan it again from its start (200 MB of one gzipped field took 153 s).
            let target = bytes.count * 2
            repeat {
                guard let chunk = try chunks() else {
                    atEnd = true
                    return
                }
                bytes += chunk
            } while bytes.count < target
            return
        }
        guard let fd else { return }
        let held = bytes.count
        let want = max(readSize, held)
        bytes.append(contentsOf: repeatElement(0, count: want))
        var filled = 0
        repeat {
            let n = try bytes.withUnsafeMutableBytes { buffer in
                try FileInput.read(fd, into: buffer.baseAddress.map { $0 + held + filled }, count: want - filled)
            }
            if n == 0 { atEnd = true }
            filled += n
        } while !atEnd && held >= readSize && filled < want
        bytes.removeLast(want - filled)
    }

    /// One record from `index`: its fields, `recordRange`, and `index` past its line end.
    /// `.needMore` when a streamed buffer ends before the record does.
    mutating func scanRecord(_ fields: inout [Field]) throws(Failure) -> Scan {
        guard index < bytes.count else { return atEnd ? .end : .needMore }
        recordStart = index
        line = nextLine
        let (delimiter, strict, atEnd, start, startLine) = (delimiter, mode == .strict, atEnd, index, nextLine)
        let scanned = bytes.withUnsafeBufferPointer { buffer in
            var scanner = CSVScanner(
                bytes: buffer, delimiter: delimiter, strict: strict, atEnd: atEnd, start: start, index: start, nextLine: startLine)
            let outcome = scanner.record(into: &fields)
            return (outcome, scanner.index, scanner.nextLine, scanner.recordEnd, scanner.unterminated)
        }
        (index, nextLine, isUnterminated) = (scanned.1, scanned.2, scanned.4)
        switch scanned.0 {
        case .record:
            recordRange = recordStart..<scanned.3
            return .record
        case .needMore: return .needMore
        case .failed(let failure): throw failure
        }
    }

    /// A record past `retainLimit` from `start`: its beginning kept as its one field, the rest
    /// read through to its line end as `CSVScanner` would (quotes, delimiters, strict mode's
    /// failures) and dropped.
    mutating func skipOverlongRecord(from start: Int, line startLine: Int, into fields: inout [Field]) throws {
        (line, isUnterminated) = (startLine, false)
        let kept = Array(bytes[start..<(start + retainLimit)])
        var skipper = CSVRecordSkipper(delimiter: delimiter, strict: mode == .strict)
        var (position, length, lines) = (start, 0, startLine)
        var ended = false
        while !ended {
            let fed = try skipper.feed(bytes[position...], nextLine: &lines)
            length += fed.length
            position += fed.consumed
            ended = fed.ended
            if ended { break }
            if atEnd {
                isUnterminated = try skipper.endsInsideQuotes()
                // A carriage return ending the input is no part of the record (`CSVScanner`).
                if skipper.afterReturn { length -= 1 }
                break
            }
            (bytes, index, position) = ([], 0, 0)
            try refill()
        }
        if ended { lines += 1 }
        bytes = kept + bytes[position...]
        (index, nextLine, recordStart, recordRange) = (kept.count, lines, 0, 0..<kept.count)
        fields = [Field(range: 0..<kept.count, quoted: false)]
        overlongLength = length
    }
}

/// Reads through a record too long to keep (`CSVReader.retainLimit`), byte by byte as
/// `CSVScanner` reads one, holding only where it stands: in a field, in quotes, after a quote.
struct CSVRecordSkipper {
    enum State { case fieldStart, unquoted, quoted, afterQuote, afterQuoteReturn }
    let delimiter: UInt8
    let strict: Bool
    var state = State.fieldStart
    /// Whether the last byte read was a carriage return (in the bytes fed before, perhaps).
    var afterReturn = false

    init(delimiter: UInt8, strict: Bool) {
        self.delimiter = delimiter
        self.strict = strict
    }

    /// Reads `bytes` up to the record's line feed: the bytes consumed (the line feed too), the
    /// record's bytes among them (without it, nor a carriage return before it), and whether
    /// the record ended. `nextLine` counts the line feeds inside quotes.
    mutating func feed(_ bytes: ArraySlice<UInt8>, nextLine: inout Int) throws(CSVReader.Failure) -> (consumed: Int, length: Int, ended: Bool) {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            i += 1
            defer { afterReturn = byte == 0x0D }
            switch state {
            case .fieldStart, .unquoted:
                if byte == 0x0A { return end(bytes, at: i) }
                state = byte == delimiter ? .fieldStart : state == .fieldStart && byte == 0x22 ? .quoted : .unquoted
            case .quoted:
                if byte == 0x22 { state = .afterQuote } else if byte == 0x0A { nextLine += 1 }
            case .afterQuote, .afterQuoteReturn:
                if byte == 0x0A { return end(bytes, at: i) }
                if state == .afterQuote, byte == 0x22 {
                    state = .quoted
                } else if state == .afterQuote, byte == delimiter {
                    state = .fieldStart
                } else if state == .afterQuote, byte == 0x0D {
                    state = .afterQuoteReturn
                } else {
                    // Text after a closing quote: lenient mode reads on as an unquoted field.
                    if strict { throw .textAfterQuote }
                    state = byte == delimiter ? .fieldStart : .unquoted
                }
            }
        }
        return (bytes.count, bytes.count, false)
    }

    /// The record ended at the line feed before `i` (a carriage return before it, fed with
    /// these bytes or the ones before, is no part of it).
    private func end(_ bytes: ArraySlice<UInt8>, at i: Int) -> (consumed: Int, length: Int, ended: Bool) {
        (i - bytes.startIndex, i - 1 - bytes.startIndex - (afterReturn ? 1 : 0), true)
    }

    /// At the end of the input: whether the record ends inside a quoted field (lenient mode;
    /// strict mode throws, as `CSVScanner` does).
    func endsInsideQuotes() throws(CSVReader.Failure) -> Bool {
        guard state == .quoted else { return false }
        if strict { throw .unterminatedQuote }
        return true
    }
}
