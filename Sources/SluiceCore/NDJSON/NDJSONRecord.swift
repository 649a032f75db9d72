#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One NDJSON line checked to be a JSON object, with the position of each top-level member,
/// so a stage can read the fields it needs and pass everything else through byte-for-byte.
///
///     let record = try NDJSONRecord(line)              // validates the whole line
///     record.value(forKey: "locations")                  // parses just that member
///     record.write(adding: "address", value, to: &out)   // the line plus one member
///
/// `bytes` points into the reader's buffer: use a record only while handling its line.
public struct NDJSONRecord {
    public struct Member {
        /// The key's text between its quotes, still escaped if `keyEscaped`.
        public var key: Range<Int>
        public var keyEscaped: Bool
        /// The value's JSON text, without surrounding whitespace.
        public var value: Range<Int>
    }

    public let bytes: UnsafeBufferPointer<UInt8>
    public private(set) var members: [Member] = []
    /// Where the object's closing brace is.
    let closingBrace: Int

    /// Checks that `bytes` hold exactly one JSON object and records its members.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONParser.defaultMaxDepth) throws(RecordError) {
        self.bytes = bytes
        // The pipeline's records have 15 to 18 members (fetch's and provenance, address,
        // geo, dedupe): growing past 16 copied the array for every record.
        var members: [Member] = []
        members.reserveCapacity(32)
        closingBrace = try Self.walk(bytes, maxDepth: maxDepth) { members.append($0) }
        self.members = members
    }

    /// The same record over a copy of its bytes (`bytes` holds the same bytes as `record.bytes`),
    /// without walking them again: for handing a checked record to another thread once the
    /// reader's buffer has moved on (`sluice-dedupe`'s fuzzy mode reads members on threads).
    public init(_ record: NDJSONRecord, over bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count == record.bytes.count, "a record's copy holds the same bytes")
        self.bytes = bytes
        members = record.members
        closingBrace = record.closingBrace
    }

    /// Checks `bytes` as `init` does (the same walk, the same errors) and finds the first member
    /// named by each of `keys` (nil where there is none), without building the record's member
    /// list: for a reader that needs a few members of each of many lines and nothing else of
    /// them (`sluice-dedupe --against`'s first pass over KNOWN). `found` is reused, line to line.
    ///
    ///     var found: [NDJSONRecord.Member?] = []
    ///     try NDJSONRecord.check(line, findingFirst: [Array("title".utf8)], into: &found)
    ///     found[0].map { UnsafeBufferPointer(rebasing: line[$0.value]) }   // the title's JSON text
    ///
    /// - Complexity: O(n) in the line's length; no allocation once `found` has its size.
    public static func check(
        _ bytes: UnsafeBufferPointer<UInt8>, findingFirst keys: [[UInt8]], into found: inout [Member?],
        maxDepth: Int = JSONParser.defaultMaxDepth
    ) throws(RecordError) {
        if found.count != keys.count {
            found = [Member?](repeating: nil, count: keys.count)
        } else {
            for index in found.indices { found[index] = nil }
        }
        var missing = keys.count
        _ = try walk(bytes, maxDepth: maxDepth) { member in
            if missing > 0 { noteFirst(member, in: bytes, keys: keys, found: &found, missing: &missing) }
        }
    }

    /// The walk `init` and `check(_:findingFirst:into:)` share: checks that `bytes` hold exactly
    /// one JSON object, hands each member to `body` in order, and returns where the closing
    /// brace is.
    @inline(__always)
    static func walk(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, _ body: (Member) -> Void) throws(RecordError) -> Int {
        var parser = JSONParser(bytes, maxDepth: maxDepth)
        parser.skipWhitespace()
        guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "{") else {
            throw RecordError.notAnObject(bytes, valueAt: parser.index, maxDepth: maxDepth)
        }
        do {
            parser.index += 1
            try parser.enter()
            parser.skipWhitespace()
            if try !parser.consume(UInt8(ascii: "}")) {
                repeat {
                    parser.skipWhitespace()
                    let key = try parser.skipKey()
                    parser.skipWhitespace()
                    let valueStart = parser.index
                    try parser.skipValue()
                    var valueEnd = parser.index
                    while valueEnd > valueStart, Self.isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
                    body(Member(key: key.range, keyEscaped: key.escaped, value: valueStart..<valueEnd))
                } while try parser.separator(closing: UInt8(ascii: "}"))
            }
            let closingBrace = parser.index - 1
            try parser.expectEnd()
            return closingBrace
        } catch {
            throw .invalid(error)
        }
    }

    /// The line up to its closing brace: the record without any whitespace after it.
    public var trimmed: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[...closingBrace]) }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The member named `key` (the first, if repeated).
    public func member(named key: String) -> Member? {
        var utf8 = key
        // A plain loop: every stage looks members up by name for every record.
        return utf8.withUTF8 { wanted in
            for member in members where Self.isKey(UnsafeBufferPointer(rebasing: bytes[member.key]), escaped: member.keyEscaped, wanted) {
                return member
            }
            return nil
        }
    }

    /// The first member named by each of `keys` (nil where there is none), found in one walk
    /// over the members: a stage reading many members pays one walk, not one each.
    ///
    ///     record.firstMembers(named: [Array("raw".utf8), Array("kind".utf8)])   // [raw, nil]
    public func firstMembers(named keys: [[UInt8]]) -> [Member?] {
        var found = [Member?](repeating: nil, count: keys.count)
        var missing = keys.count
        for member in members where missing > 0 { Self.noteFirst(member, in: bytes, keys: keys, found: &found, missing: &missing) }
        return found
    }

    /// Notes `member` in `found` at the first of `keys` it is named by that has none yet.
    @inline(__always)
    static func noteFirst(_ member: Member, in bytes: UnsafeBufferPointer<UInt8>, keys: [[UInt8]], found: inout [Member?], missing: inout Int) {
        let name = UnsafeBufferPointer(rebasing: bytes[member.key])
        for (index, key) in keys.enumerated() where found[index] == nil {
            if key.withUnsafeBufferPointer({ isKey(name, escaped: member.keyEscaped, $0) }) {
                found[index] = member
                missing -= 1
                return
            }
        }
    }

    /// Whether a key's text between its quotes (`escaped`: it holds a backslash) names the key
    /// whose UTF-8 is `wanted`: byte for byte, once unescaped. Every look-up by name uses it.
    static func isKey(_ name: UnsafeBufferPointer<UInt8>, escaped: Bool, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        if escaped { return JSONParser.unescape(name).utf8.elementsEqual(wanted) }
        guard name.count == wanted.count else { return false }
        guard let start = name.baseAddress, let other = wanted.baseAddress else { return true }  // both empty
        return memcmp(start, other, name.count) == 0
    }

    public func keyString(_ member: Member) -> String {
        let text = UnsafeBufferPointer(rebasing: bytes[member.key])
        return member.keyEscaped ? JSONParser.unescape(text) : String(decoding: text, as: UTF8.self)
    }

    /// The raw JSON text of a member's value.
    public func rawValue(_ member: Member) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[member.value])
    }

    /// The parsed value of the member named `key`, or nil when there is none.
    public func value(forKey key: String) -> JSONValue? {
        member(named: key).map(value(of:))
    }

    /// Follows a dotted path (`address.key`): the first part names a member, the rest go into
    /// nested objects.
    public func value(atPath path: String) -> JSONValue? {
        guard let dot = path.firstIndex(of: ".") else { return value(forKey: path) }
        return value(forKey: String(path[..<dot]))?.value(atPath: path[path.index(after: dot)...])
    }

    public func value(of member: Member) -> JSONValue {
        // The member was validated when the record was scanned, so parsing cannot fail.
        (try? JSONParser.parse(rawValue(member))) ?? .null
    }

    /// A string member's text (unescaped), or a number's as written; nil for other values.
    /// The same as `value(of:)` gives for them, without building a `JSONValue`.
    public func scalarText(of member: Member) -> String? {
        let raw = rawValue(member)
        guard let first = raw.first else { return nil }
        switch first {
        case UInt8(ascii: "\""): return Self.stringValue(ofChecked: raw)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return String(decoding: raw, as: UTF8.self)
        default: return nil
        }
    }

    /// The whole record as a value.
    public func parsed() -> JSONValue {
        .object(members.map { JSONMember(keyString($0), value(of: $0)) })
    }

    /// Writes the record unchanged except for one member: `key` gets `value`, in place when the
    /// record already has that key, or appended as the last member.
    public func write(adding key: String, _ value: JSONValue, to out: inout [UInt8]) {
        write(adding: key, to: &out) { JSONWriter.write(value, to: &$0) }
    }

    /// The same, with the value's JSON text written by `writeValue` (for values a stage
    /// serialises itself, without building a `JSONValue`).
    public func write(adding key: String, to out: inout [UInt8], value writeValue: (inout [UInt8]) -> Void) {
        if let existing = member(named: key) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<existing.value.lowerBound]))
            writeValue(&out)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[existing.value.upperBound...closingBrace]))
            return
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<closingBrace]))
        if !members.isEmpty { out.append(UInt8(ascii: ",")) }
        JSONWriter.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        writeValue(&out)
        out.append(UInt8(ascii: "}"))
    }

    /// Writes the record as it came, minus any whitespace after its closing brace.
    public func write(to out: inout [UInt8]) {
        out.append(contentsOf: trimmed)
    }
}

/// Why a line is not a record.
public enum RecordError: Error, Sendable {
    case invalid(JSONError)
    case notAnObject(found: String)

    public var reason: RejectReason {
        switch self {
        case .invalid(let error):
            switch error.kind {
            case .syntax: .invalidJSON
            case .invalidUTF8: .invalidUTF8
            case .tooDeep: .tooDeep
            }
        case .notAnObject: .notAnObject
        }
    }

    public var detail: String {
        switch self {
        case .invalid(let error): "\(reason.description): \(error)"
        case .notAnObject(let found): "a record must be a JSON object, found \(found)"
        }
    }
}

extension RecordError {
    /// Why a line whose value does not start with `{` is not a record: its parse error, or
    /// "found an array" (a string, a number…) when it is valid JSON.
    static func notAnObject(_ bytes: UnsafeBufferPointer<UInt8>, valueAt first: Int, maxDepth: Int) -> RecordError {
        var parser = JSONParser(bytes, maxDepth: maxDepth)
        parser.index = first
        do {
            try parser.skipValue()
            try parser.expectEnd()
        } catch {
            return .invalid(error)
        }
        return .notAnObject(found: JSONParser.typeName(startingWith: bytes[first]))
    }
}

extension JSONParser {
    static func typeName(startingWith byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }
}
