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

    /// Where one field lies in the bytes; `quoted` fields may hold `""` escapes.
    public struct Field: Sendable {
        public var range: Range<Int>
        public var quoted: Bool
    }

    /// Reads the next record into `fields`; false at the end of the input. Blank lines are skipped.
    public mutating func next(into fields: inout [String]) throws(Failure) -> Bool {
        var ranges: [Field] = []
        guard try next(fields: &ranges) else {
            fields.removeAll()
            return false
        }
        fields.removeAll(keepingCapacity: true)
        for field in ranges { fields.append(try string(field)) }
        return true
    }

    /// Reads the next record as field positions, making no strings (the fast path for
    /// gazetteers: most fields of most rows are never needed as text).
    public mutating func next(fields: inout [Field]) throws(Failure) -> Bool {
        fields.removeAll(keepingCapacity: true)
        while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D {
            if bytes[index] == 0x0A { nextLine += 1 }
            index += 1
        }
        guard index < bytes.count else { return false }
        line = nextLine
        recordStart = index
        while true {
            fields.append(try readField())
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
    mutating func readField() throws(Failure) -> Field {
        guard index < bytes.count, bytes[index] == 0x22 else {
            let start = index
            while index < bytes.count, bytes[index] != 0x2C, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            return Field(range: start..<index, quoted: false)
        }
        index += 1
        let start = index
        while true {
            guard index < bytes.count else { throw .unterminatedQuote }
            let byte = bytes[index]
            if byte == 0x0A { nextLine += 1 }
            index += 1
            guard byte == 0x22 else { continue }
            if index < bytes.count, bytes[index] == 0x22 {
                index += 1
                continue
            }
            guard index >= bytes.count || [0x2C, 0x0A, 0x0D].contains(bytes[index]) else { throw .textAfterQuote }
            return Field(range: start..<(index - 1), quoted: true)
        }
    }

    /// The text of a field, unescaped and checked to be UTF-8.
    public func string(_ field: Field) throws(Failure) -> String {
        if field.range.isEmpty { return "" }
        let decoded: String? = bytes.withUnsafeBufferPointer { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[field.range])
            guard field.quoted, slice.contains(0x22) else {
                // Plain ASCII is valid UTF-8: decoding it skips the (slower) validating path.
                return slice.allSatisfy { $0 < 0x80 } ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            var unescaped: [UInt8] = []
            var previousQuote = false
            for byte in slice {
                if byte == 0x22, previousQuote {
                    previousQuote = false
                    continue
                }
                previousQuote = byte == 0x22
                unescaped.append(byte)
            }
            return String(validating: unescaped, as: UTF8.self)
        }
        guard let decoded else { throw .invalidUTF8 }
        return decoded
    }

    /// A whole number written in plain digits (optional minus), without making a string.
    public func int(_ field: Field) -> Int? {
        var position = field.range.lowerBound
        let negative = position < field.range.upperBound && bytes[position] == 0x2D
        if negative { position += 1 }
        guard position < field.range.upperBound, field.range.count <= 18 else { return nil }
        var value = 0
        while position < field.range.upperBound {
            let digit = Int(bytes[position]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
            position += 1
        }
        return negative ? -value : value
    }

    static let powersOfTen: [Double] = (0...18).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// A decimal number (`-122.41082`), parsed from the bytes. Plain decimals of up to 15
    /// digits are exact (an exact integer over an exact power of ten, rounded once, as
    /// `strtod` does); anything else goes through `Double(String)`.
    public func double(_ field: Field) -> Double? {
        var position = field.range.lowerBound
        let end = field.range.upperBound
        let negative = position < end && bytes[position] == 0x2D
        if negative { position += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var decimals = 0
        var seenPoint = false
        while position < end {
            let byte = bytes[position]
            if byte == 0x2E, !seenPoint {
                seenPoint = true
            } else if byte >= 0x30, byte <= 0x39 {
                // Wrapping: past 15 digits the mantissa is not used, and 19 would overflow it.
                mantissa = mantissa &* 10 &+ Int64(byte - 0x30)
                digits += 1
                if seenPoint { decimals += 1 }
            } else {
                return (try? string(field)).flatMap { Double($0) }
            }
            position += 1
        }
        guard digits > 0 else { return nil }
        guard digits <= 15 else { return (try? string(field)).flatMap { Double($0) } }
        let value = Double(mantissa) / Self.powersOfTen[decimals]
        return negative ? -value : value
    }

    /// A line of `lon lat;lon lat;...` plain decimals (as `double` reads them) within range,
    /// without making strings; nil when the field holds anything else, so that the caller reads
    /// its text instead (and words the problem). Empty pieces between `;` are skipped and
    /// numbers may have several spaces between them, as splitting the text allows.
    public func plainPoints(_ field: Field) -> [GeoPoint]? {
        var line: [GeoPoint] = []
        var pieceStart = field.range.lowerBound
        let end = field.range.upperBound
        while pieceStart <= end {
            var pieceEnd = pieceStart
            while pieceEnd < end, bytes[pieceEnd] != 0x3B { pieceEnd += 1 }
            if pieceEnd > pieceStart {
                var numbers: [Double] = []
                var position = pieceStart
                while position < pieceEnd {
                    var stop = position
                    while stop < pieceEnd, bytes[stop] != 0x20 { stop += 1 }
                    if stop > position {
                        guard numbers.count < 2, let value = plainDecimal(position..<stop) else { return nil }
                        numbers.append(value)
                    }
                    position = stop + 1
                }
                guard numbers.count == 2, (-90...90).contains(numbers[1]), (-180...180).contains(numbers[0]) else { return nil }
                line.append(GeoPoint(lat: numbers[1], lon: numbers[0]))
            }
            pieceStart = pieceEnd + 1
        }
        return line
    }

    /// `-?digits(.digits)?` of at most 15 digits, exact as `double` makes it; nil otherwise.
    func plainDecimal(_ range: Range<Int>) -> Double? {
        var position = range.lowerBound
        let negative = bytes[position] == 0x2D
        if negative { position += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var decimals = 0
        var point: Int?
        while position < range.upperBound {
            let byte = bytes[position]
            if byte == 0x2E, point == nil {
                point = position
            } else if byte >= 0x30, byte <= 0x39 {
                mantissa = mantissa &* 10 &+ Int64(byte - 0x30)  // as in `double`
                digits += 1
                if point != nil { decimals += 1 }
            } else {
                return nil
            }
            position += 1
        }
        // Digits on both sides of any point, so the text means the same to `Double(String)`.
        guard digits > 0, digits <= 15, point.map({ $0 > range.lowerBound + (negative ? 1 : 0) && decimals > 0 }) ?? true else { return nil }
        let value = Double(mantissa) / Self.powersOfTen[decimals]
        return negative ? -value : value
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
