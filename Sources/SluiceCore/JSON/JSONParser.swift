/// A byte-oriented JSON parser for NDJSON work: it reads UTF-8 bytes directly, validates UTF-8
/// inside strings (rather than replacing bad bytes), keeps number text verbatim, and bounds the
/// nesting depth so hostile input cannot overflow the stack.
///
/// It can build a `JSONValue` (`parseValue`) or only check and step over one (`skipValue`),
/// which is what lets stages pass records through without materialising them.
public struct JSONParser {
    /// Deep enough for any real record; shallow enough that recursion cannot exhaust the stack.
    public static let defaultMaxDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    public internal(set) var index: Int
    let maxDepth: Int
    var depth = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.bytes = bytes
        self.index = 0
        self.maxDepth = maxDepth
    }

    /// Parses one whole JSON text (surrounding whitespace allowed, nothing else).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        try parser.expectEnd()
        return value
    }

    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in try parse(buffer) }
    }

    // MARK: - Values

    /// Parses the value at the current position (after whitespace) and the whitespace after it.
    public mutating func parseValue() throws(JSONError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try enter()
            index += 1
            skipWhitespace()
            var members: [JSONMember] = []
            if try !consume(UInt8(ascii: "}")) {
                repeat {
                    skipWhitespace()
                    let key = try parseKey()
                    skipWhitespace()
                    members.append(JSONMember(key, try parseValue()))
                } while try separator(closing: UInt8(ascii: "}"))
            }
            depth -= 1
            value = .object(members)
        case UInt8(ascii: "["):
            try enter()
            index += 1
            skipWhitespace()
            var elements: [JSONValue] = []
            if try !consume(UInt8(ascii: "]")) {
                repeat {
                    skipWhitespace()
                    elements.append(try parseValue())
                } while try separator(closing: UInt8(ascii: "]"))
            }
            depth -= 1
            value = .array(elements)
        case UInt8(ascii: "\""):
            value = .string(try scanString(decode: true) ?? "")
        default:
            value = try scanScalar(build: true) ?? .null
        }
        skipWhitespace()
        return value
    }

    /// Checks the value at the current position without building it, and steps over it and the
    /// whitespace after it.
    public mutating func skipValue() throws(JSONError) {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try enter()
            index += 1
            skipWhitespace()
            if try !consume(UInt8(ascii: "}")) {
                repeat {
                    skipWhitespace()
                    try skipKey()
                    skipWhitespace()
                    try skipValue()
                } while try separator(closing: UInt8(ascii: "}"))
            }
            depth -= 1
        case UInt8(ascii: "["):
            try enter()
            index += 1
            skipWhitespace()
            if try !consume(UInt8(ascii: "]")) {
                repeat {
                    skipWhitespace()
                    try skipValue()
                } while try separator(closing: UInt8(ascii: "]"))
            }
            depth -= 1
        case UInt8(ascii: "\""):
            _ = try scanString(decode: false)
        default:
            _ = try scanScalar(build: false)
        }
        skipWhitespace()
    }

    /// Reads `"key"` and the colon after it.
    mutating func parseKey() throws(JSONError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw unexpected("expected a string key")
        }
        let key = try scanString(decode: true) ?? ""
        try expectColon()
        return key
    }

    /// Steps over `"key"` and its colon, returning where the key's text (inside the quotes)
    /// lies and whether it holds escapes.
    @discardableResult
    mutating func skipKey() throws(JSONError) -> (range: Range<Int>, escaped: Bool) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw unexpected("expected a string key")
        }
        let start = index + 1
        let escaped = try scanStringBody()
        let range = start..<(index - 1)
        try expectColon()
        return (range, escaped)
    }

    @inline(__always)
    mutating func expectColon() throws(JSONError) {
        skipWhitespace()
        guard try consume(UInt8(ascii: ":")) else { throw unexpected("expected ':' after key") }
    }

    /// After an element: `true` at a comma (another element follows), `false` at the closing
    /// bracket, an error otherwise.
    @inline(__always)
    mutating func separator(closing: UInt8) throws(JSONError) -> Bool {
        guard index < bytes.count else { throw error("unexpected end of input") }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        index -= 1
        throw unexpected("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
    }

    @inline(__always)
    mutating func enter() throws(JSONError) {
        depth += 1
        if depth > maxDepth {
            throw JSONError(.tooDeep, "nesting deeper than \(maxDepth) levels", offset: index)
        }
    }

    @inline(__always)
    mutating func consume(_ byte: UInt8) throws(JSONError) -> Bool {
        guard index < bytes.count else { throw error("unexpected end of input") }
        if bytes[index] == byte {
            index += 1
            return true
        }
        return false
    }

    @inline(__always)
    public mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Fails unless only whitespace remains.
    public mutating func expectEnd() throws(JSONError) {
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(currentByteDescription) after the value") }
    }

    // MARK: - Errors

    func error(_ message: String) -> JSONError { JSONError(.syntax, message, offset: index) }

    /// An error that names the byte it stopped at: `unexpected '}'`.
    func unexpected(_ expectation: String) -> JSONError {
        guard index < bytes.count else { return error("unexpected end of input") }
        return error("unexpected \(currentByteDescription), \(expectation)")
    }

    /// The byte at the current position as a message shows it: `'}'` or `byte 0xFF`.
    var currentByteDescription: String {
        let byte = bytes[index]
        return (0x20..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
