/// Reads RFC 4180 CSV from bytes held in memory: quoted fields with `""` escapes and line
/// breaks inside quotes, LF or CRLF line ends. Gazetteers are read whole, so no streaming.
///
///     var reader = CSVReader(Array("a,\"b,c\"\n1,2\n".utf8))
///     var fields: [String] = []
///     try reader.next(into: &fields)   // true, fields == ["a", "b,c"], reader.line == 1
///
/// - Complexity: O(n) in the bytes read.
public struct CSVReader {
    let bytes: [UInt8]
    var index = 0
    /// The line on which the last record started (1-based).
    public private(set) var line = 0
    var nextLine = 1
    /// Where the last record started, for quoting it in errors.
    var recordStart = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // Skip a UTF-8 byte-order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    public enum Failure: Error, Equatable {
        case unterminatedQuote
        case invalidUTF8
        case textAfterQuote
    }

    /// Reads the next record into `fields`; false at the end of the input. Blank lines are skipped.
    public mutating func next(into fields: inout [String]) throws(Failure) -> Bool {
        fields.removeAll(keepingCapacity: true)
        while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D {
            if bytes[index] == 0x0A { nextLine += 1 }
            index += 1
        }
        guard index < bytes.count else { return false }
        line = nextLine
        recordStart = index
        while true {
            let field = try readField()
            fields.append(field)
            guard index < bytes.count else { return true }
            let byte = bytes[index]
            index += 1
            if byte == 0x2C { continue }
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
            nextLine += 1
            return true
        }
    }

    /// One field, leaving `index` on the separator (comma, line end) or at the end.
    mutating func readField() throws(Failure) -> String {
        guard index < bytes.count, bytes[index] == 0x22 else {
            let start = index
            while index < bytes.count, bytes[index] != 0x2C, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            return try text(start..<index)
        }
        index += 1
        var collected: [UInt8] = []
        var start = index
        while true {
            guard index < bytes.count else { throw .unterminatedQuote }
            let byte = bytes[index]
            if byte == 0x0A { nextLine += 1 }
            if byte == 0x22 {
                collected.append(contentsOf: bytes[start..<index])
                index += 1
                if index < bytes.count, bytes[index] == 0x22 {
                    collected.append(0x22)
                    index += 1
                    start = index
                    continue
                }
                guard index >= bytes.count || [0x2C, 0x0A, 0x0D].contains(bytes[index]) else { throw .textAfterQuote }
                guard let string = String(validating: collected, as: UTF8.self) else { throw .invalidUTF8 }
                return string
            }
            index += 1
        }
    }

    /// After a failure inside a record: moves past the rest of its line.
    public mutating func skipToLineEnd() {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    }

    /// The text of the last record read (or of its first line, when it went wrong), without its line end.
    public var lastRecordText: String {
        var end = recordStart
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if index > end { end = index }
        while end > recordStart, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[recordStart..<end], as: UTF8.self)
    }

    func text(_ range: Range<Int>) throws(Failure) -> String {
        if range.isEmpty { return "" }
        guard let string = bytes.withUnsafeBufferPointer({ String(validating: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }) else {
            throw .invalidUTF8
        }
        return string
    }
}

extension CSVReader.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unterminatedQuote: "unterminated quoted field"
        case .invalidUTF8: "bytes that are not UTF-8"
        case .textAfterQuote: "text after a closing quote"
        }
    }
}

/// Writes CSV fields, quoting only when needed so output stays small and byte-stable.
public enum CSVWriter {
    public static func append(_ fields: [String], to out: inout [UInt8]) {
        for (position, field) in fields.enumerated() {
            if position > 0 { out.append(0x2C) }
            if field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
                out.append(0x22)
                for byte in field.utf8 {
                    if byte == 0x22 { out.append(0x22) }
                    out.append(byte)
                }
                out.append(0x22)
            } else {
                out.append(contentsOf: field.utf8)
            }
        }
        out.append(0x0A)
    }
}
