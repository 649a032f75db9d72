/// One NDJSON record read into a flat list of tokens in document order, checked exactly as
/// `NDJSONRecord` checks a line (the same parser, errors and reasons), for tools that look at
/// every value of a record rather than at a few members (`sluice-stats`).
///
///     let tokens = JSONTokens()
///     try tokens.read(record: line)      // {"a":1,"b":[true,"x"]}
///     tokens.tokens.map(\.kind)          // [.objectStart, .number, .arrayStart, .bool, .string, .arrayEnd, .objectEnd]
///
/// Positions are byte offsets into the line, so a token is only meaningful while its line is.
/// - Complexity: one pass over the line; the token storage is reused from record to record
///   (raw memory, not an array: appending is the inner loop).
public final class JSONTokens {
    public struct Token {
        public enum Kind: UInt8 {
            case objectStart, objectEnd, arrayStart, arrayEnd, string, number, bool, null
        }

        public var kind: Kind
        /// A string value holding an escape (its text must be unescaped to be read).
        public var escaped: Bool
        /// An object member's key holds an escape.
        public var keyEscaped: Bool
        /// The key's text between its quotes, for a member of an object; -1 otherwise.
        public var keyStart: Int32
        public var keyEnd: Int32
        /// The value's text: a string's between its quotes, a number's or literal's as written.
        /// For a container's start, `end` is the index of its end token.
        public var start: Int32
        public var end: Int32

        public var isMember: Bool { keyStart >= 0 }
    }

    // Unchecked: a tokenizer belongs to one thread, and a checked class property costs a
    // runtime access record per token.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Token>
    @exclusivity(unchecked) private var capacity = 64
    @exclusivity(unchecked) public private(set) var count = 0

    public init() {
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// The tokens of the last record read, valid until the next `read`.
    public var tokens: UnsafeBufferPointer<Token> { UnsafeBufferPointer(start: storage, count: count) }

    @inline(__always)
    private func append(_ token: Token) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: token)
        count += 1
    }

    /// Reads one line that must hold exactly one JSON object.
    public func read(record bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONParser.defaultMaxDepth) throws(RecordError) {
        count = 0
        var parser = JSONParser(bytes, maxDepth: maxDepth)
        parser.skipWhitespace()
        guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "{") else {
            throw RecordError.notAnObject(bytes, valueAt: parser.index, maxDepth: maxDepth)
        }
        do {
            try readValue(&parser, keyStart: -1, keyEnd: -1, keyEscaped: false)
            try parser.expectEnd()
        } catch {
            throw .invalid(error)
        }
    }

    private func readValue(_ parser: inout JSONParser, keyStart: Int32, keyEnd: Int32, keyEscaped: Bool) throws(JSONError) {
        guard parser.index < parser.bytes.count else { throw parser.error("unexpected end of input") }
        var token = Token(kind: .null, escaped: false, keyEscaped: keyEscaped, keyStart: keyStart, keyEnd: keyEnd, start: 0, end: 0)
        let first = parser.bytes[parser.index]
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = first == UInt8(ascii: "{")
            try parser.enter()
            parser.index += 1
            token.kind = isObject ? .objectStart : .arrayStart
            token.start = Int32(parser.index - 1)
            let startIndex = count
            append(token)
            parser.skipWhitespace()
            let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if try !parser.consume(closing) {
                repeat {
                    parser.skipWhitespace()
                    if isObject {
                        let key = try parser.skipKey()
                        parser.skipWhitespace()
                        try readValue(&parser, keyStart: Int32(key.range.lowerBound), keyEnd: Int32(key.range.upperBound), keyEscaped: key.escaped)
                    } else {
                        try readValue(&parser, keyStart: -1, keyEnd: -1, keyEscaped: false)
                    }
                } while try parser.separator(closing: closing)
            }
            parser.depth -= 1
            storage[startIndex].end = Int32(count)
            append(
                Token(
                    kind: isObject ? .objectEnd : .arrayEnd, escaped: false, keyEscaped: false, keyStart: -1, keyEnd: -1,
                    start: Int32(parser.index - 1), end: Int32(parser.index)))
        case UInt8(ascii: "\""):
            token.kind = .string
            token.start = Int32(parser.index + 1)
            token.escaped = try parser.scanStringBody()
            token.end = Int32(parser.index - 1)
            append(token)
        default:
            token.start = Int32(parser.index)
            switch first {
            case UInt8(ascii: "t"):
                try parser.literal("true")
                token.kind = .bool
            case UInt8(ascii: "f"):
                try parser.literal("false")
                token.kind = .bool
            case UInt8(ascii: "n"):
                try parser.literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try parser.scanNumber()
                token.kind = .number
            default:
                throw parser.unexpected("expected a value")
            }
            token.end = Int32(parser.index)
            append(token)
        }
        parser.skipWhitespace()
    }
}
