import SluiceCore

/// A streaming RFC 4180 reader: fields separated by a one-byte delimiter, records by LF or
/// CRLF, fields optionally quoted with `"` (holding delimiters, newlines and `""` for a quote).
/// Real files bend the rules, so it is lenient where the meaning is clear (a quote inside an
/// unquoted field is literal, text after a closing quote is kept) and reports what it cannot read.
///
///     a,"b ""c""",d\r\n  →  ["a", "b \"c\"", "d"]
///
/// - Complexity: memory is one record (its fields and its raw bytes for rejects).
struct CSVReader {
    struct Record {
        var fields: [String]
        /// The physical line the record starts on, for messages.
        var line: Int
        /// The record's bytes as they were, without its final line ending.
        var raw: [UInt8]
        /// Why the record cannot be trusted (invalid UTF-8, an unterminated quote), if it cannot.
        var problem: String?
    }

    let delimiter: UInt8
    var chunks: ByteChunks

    init(fd: Int32, delimiter: UInt8, prefix: [UInt8] = []) {
        self.delimiter = delimiter
        self.chunks = ByteChunks(fd: fd, prefix: prefix)
    }

    enum State { case fieldStart, unquoted, quoted, quoteInQuoted, afterCR }

    /// Calls `body` with each record, in order. Blank lines between records are skipped.
    mutating func forEachRecord(_ body: (Record) throws -> Void) throws {
        var state = State.fieldStart
        var field: [UInt8] = []
        var fields: [String] = []
        var raw: [UInt8] = []
        var problem: String?
        var line = 1
        var recordLine = 1
        var first = true

        func endField() {
            if let text = String(validating: field, as: UTF8.self) {
                fields.append(text)
            } else {
                problem = problem ?? "invalid UTF-8 in field \(fields.count + 1)"
                fields.append(String(decoding: field, as: UTF8.self))
            }
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() throws {
            endField()
            if raw.last == 0x0D { raw.removeLast() }
            let blank = fields.count == 1 && fields[0].isEmpty && problem == nil
            if !blank { try body(Record(fields: fields, line: recordLine, raw: raw, problem: problem)) }
            fields.removeAll(keepingCapacity: true)
            raw.removeAll(keepingCapacity: true)
            problem = nil
            recordLine = line
        }

        let delimiter = self.delimiter
        try chunks.forEach { bytes in
            var start = 0
            if first {
                first = false
                if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            }
            for i in start..<bytes.count {
                let byte = bytes[i]
                if byte == 0x0A { line += 1 }
                if byte != 0x0A || state == .quoted { raw.append(byte) }
                if state == .quoted {
                    if byte == UInt8(ascii: "\"") { state = .quoteInQuoted } else { field.append(byte) }
                    continue
                }
                if state == .quoteInQuoted, byte == UInt8(ascii: "\"") {
                    field.append(byte)  // "" inside quotes
                    state = .quoted
                    continue
                }
                // Outside quotes (or just after a closing one, where any text is kept as is).
                if state == .afterCR, byte != 0x0A { field.append(0x0D) }
                if byte == UInt8(ascii: "\""), state == .fieldStart {
                    state = .quoted
                } else if byte == delimiter {
                    endField()
                    state = .fieldStart
                } else if byte == 0x0A {
                    try endRecord()
                    state = .fieldStart
                } else if byte == 0x0D {
                    state = .afterCR
                } else {
                    field.append(byte)
                    state = .unquoted
                }
            }
        }
        if state == .quoted {
            problem = problem ?? "unterminated quoted field"
            try endRecord()
        } else if !field.isEmpty || !fields.isEmpty || state == .quoteInQuoted {
            try endRecord()
        }
    }
}
