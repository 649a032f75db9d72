// Strings, numbers and literals: the byte-level half of the parser.
extension JSONParser {
    /// Reads a string starting at its opening quote. With `decode`, returns its value; without,
    /// only validates it (escapes and UTF-8) and returns nil.
    mutating func scanString(decode: Bool) throws(JSONError) -> String? {
        let start = index + 1
        let escaped = try scanStringBody()
        guard decode else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
        if !escaped { return String(decoding: body, as: UTF8.self) }
        return JSONParser.unescape(body)
    }

    /// Steps over a string from its opening quote to just past its closing quote, checking
    /// escapes and UTF-8. Returns whether it held any escape.
    mutating func scanStringBody() throws(JSONError) -> Bool {
        index += 1
        var escaped = false
        guard let base = bytes.baseAddress else { throw error("unterminated string") }
        while true {
            // Plain ASCII text is most of every record: step over it eight bytes at a time, then
            // straight to the first byte that needs a look (the lowest flagged byte is exact).
            while index &+ 8 <= bytes.count {
                let flags = JSONParser.attentionFlags(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if flags == 0 {
                    index &+= 8
                } else {
                    index &+= flags.trailingZeroBitCount &>> 3
                    break
                }
            }
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return escaped
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                try scanEscape()
            } else if byte < 0x20 {
                throw JSONError(.syntax, "control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped", offset: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                try scanUTF8Sequence()
            }
        }
    }

    /// The high bit of each of eight bytes (little-endian) that is a quote, a backslash, a
    /// control character or non-ASCII; zero when none is (the classic "has a zero byte" bit
    /// trick). Bytes above a flagged one may be flagged wrongly, but the lowest flag is exact.
    @inline(__always)
    static func attentionFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zeroInQuote = (quote &- ones) & ~quote
        let zeroInBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroInQuote | zeroInBackslash | control | word) & highs
    }

    /// Checks one escape sequence starting at its backslash, including surrogate pairing.
    mutating func scanEscape() throws(JSONError) {
        let start = index
        guard index + 1 < bytes.count else { throw error("unterminated string") }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: index + 2)
            index += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                    (0xDC00...0xDFFF).contains(try hex4(at: index + 2))
                else { throw JSONError(.syntax, "unpaired surrogate in \\u escape", offset: start) }
                index += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONError(.syntax, "unpaired surrogate in \\u escape", offset: start)
            }
        default:
            throw JSONError(.syntax, "invalid escape in string", offset: start)
        }
    }

    func hex4(at position: Int) throws(JSONError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw JSONError(.syntax, "invalid \\u escape", offset: position - 2) }
        var value: UInt16 = 0
        for i in position..<(position + 4) {
            guard let digit = JSONParser.hexValue(bytes[i]) else {
                throw JSONError(.syntax, "invalid \\u escape", offset: position - 2)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Checks one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    mutating func scanUTF8Sequence() throws(JSONError) {
        let lead = bytes[index]
        let count: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: count = 1
        case 0xE0: count = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 2
        case 0xED: count = 2; high = 0x9F
        case 0xF0: count = 3; low = 0x90
        case 0xF1...0xF3: count = 3
        case 0xF4: count = 3; high = 0x8F
        default: throw JSONError(.invalidUTF8, "invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))", offset: index)
        }
        guard index + count < bytes.count else {
            throw JSONError(.invalidUTF8, "truncated UTF-8 sequence", offset: index)
        }
        let second = bytes[index + 1]
        var valid = second >= low && second <= high
        if count > 1 { valid = valid && bytes[index + 2] & 0xC0 == 0x80 }
        if count > 2 { valid = valid && bytes[index + 3] & 0xC0 == 0x80 }
        guard valid else { throw JSONError(.invalidUTF8, "invalid UTF-8 sequence", offset: index) }
        index += count + 1
    }

    /// Decodes a string body already checked by `scanStringBody`.
    public static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = 0
        while i < body.count {
            let byte = body[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            let code = body[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hex4(body, i))
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = UInt32(hex4(body, i + 2))
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                // Validated above: never a lone surrogate, so the scalar always exists.
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default: out.append(code)  // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hex4(_ body: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt16 {
        var value: UInt16 = 0
        for i in at..<(at + 4) { value = value << 4 | UInt16(hexValue(body[i]) ?? 0) }
        return value
    }

    /// Reads a number or a literal (`true`, `false`, `null`); builds its value only when asked.
    mutating func scanScalar(build: Bool) throws(JSONError) -> JSONValue? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            try scanNumber()
            guard build else { return nil }
            return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        default:
            throw unexpected("expected a value")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw unexpected("expected a value") }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw unexpected("expected a value") }
        index += count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    mutating func scanNumber() throws(JSONError) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zero in number") }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("expected a digit after '.'") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("expected a digit in exponent") }
            skipDigits()
        }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
}
