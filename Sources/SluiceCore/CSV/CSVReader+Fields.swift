extension CSVReader {
    /// The text of a field, unescaped and checked to be UTF-8.
    public func string(_ field: Field) throws(Failure) -> String {
        if field.range.isEmpty { return "" }
        let decoded: String? = bytes.withUnsafeBufferPointer { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[field.range])
            guard field.quoted, field.tailed || slice.contains(0x22) else {
                // Plain ASCII is valid UTF-8: decoding it skips the (slower) validating path.
                return slice.allSatisfy { $0 < 0x80 } ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            return String(validating: unescaped(field), as: UTF8.self)
        }
        guard let decoded else { throw .invalidUTF8 }
        return decoded
    }

    /// A quoted field's bytes with `""` made `"`; a tailed one's closing quote dropped and the
    /// text after it kept as it is.
    func unescaped(_ field: Field) -> [UInt8] {
        guard field.quoted else { return Array(bytes[field.range]) }
        var out: [UInt8] = []
        out.reserveCapacity(field.range.count)
        var position = field.range.lowerBound
        while position < field.range.upperBound {
            let byte = bytes[position]
            position += 1
            if byte == 0x22 {
                guard position < field.range.upperBound, bytes[position] == 0x22 else {
                    // The closing quote: the rest is text.
                    out += bytes[position..<field.range.upperBound]
                    break
                }
                position += 1
            }
            out.append(byte)
        }
        return out
    }

    /// A whole number written in plain digits (optional minus), without making a string.
    public func int(_ field: Field) -> Int? {
        if field.tailed { return (try? string(field)).flatMap { Int($0) } }
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
        if field.tailed { return (try? string(field)).flatMap { Double($0) } }
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

    /// `-?digits(.digits)?` of at most 15 digits in `range` of `bytes`, exact as `double` makes
    /// it, with digits on both sides of any point (so the text means the same to
    /// `Double(String)`); nil for anything else.
    public func plainDecimal(_ range: Range<Int>) -> Double? {
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
        guard digits > 0, digits <= 15, point.map({ $0 > range.lowerBound + (negative ? 1 : 0) && decimals > 0 }) ?? true else { return nil }
        let value = Double(mantissa) / Self.powersOfTen[decimals]
        return negative ? -value : value
    }

    /// After a failure inside a record: moves past the rest of its line.
    public mutating func skipToLineEnd() {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    }

    /// The text of the last record read (or of its first line, when it went wrong), without its line end.
    public var lastRecordText: String { String(decoding: lastRecordBytes, as: UTF8.self) }

    /// The bytes of the last record read (or of its first line, when it went wrong), without
    /// its line end, as the input has them (for a reject's `raw`, which a text would have
    /// decoded: U+FFFD in place of bytes that are not UTF-8).
    public var lastRecordBytes: ArraySlice<UInt8> {
        var end = recordStart
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if index > end { end = index }
        while end > recordStart, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[recordStart..<end]
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
