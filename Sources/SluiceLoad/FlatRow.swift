import SluiceCore

/// A record's row as places in its line: every leaf value (a string, number, boolean, null,
/// array or empty object, with nested objects walked into) as a byte range, and the record's
/// shape — its keys in order, with where nested objects open and close. Nothing is decoded or
/// allocated per record: `sluice-load` binds most values straight from the line, and records
/// of the same shape share one `ColumnLayout`, found by the shape.
///
///     {"title":"Vertigo","geo":{"lat":37.8,"lon":-122.4},"tags":["a"]}
///     leaves: text Vertigo, decimal 37.8, decimal -122.4, array ["a"]
///     shape:  title ␀ geo ␁ lat ␀ lon ␀ ␂ tags ␀          (names: title, geo_lat, geo_lon, tags)
///
/// A row points into the `FlatRows` it was read into, and is valid while they are unchanged.
struct FlatRow {
    enum Kind: UInt8 {
        /// A string without escapes: its bytes between the quotes are its text.
        case text
        /// A string with escapes, decoded when bound.
        case escapedText
        /// A whole number of at most 18 digits (`RecordFlattener.smallInteger`), its value in `number`.
        case integer
        /// A plain decimal `NumberText.shortDouble` reads, its double's bits in `number`.
        case decimal
        /// Any other number, bound from its text.
        case number
        case yes, no, null
        /// An array written compactly and without escapes: its bytes are its JSON text as stored.
        case array
        /// An array with spaces or escapes: stored as the JSON text `JSONWriter` writes of it.
        case arrayToRewrite
        /// `{}`: stored as the text `{}`.
        case emptyObject
    }

    struct Leaf {
        var kind: Kind
        /// The value's bytes in the line (a string's without its quotes).
        var start: UInt32
        var end: UInt32
        /// An `integer`'s or a `decimal`'s value, read on the reader's thread so that the thread
        /// writing to SQLite binds it as it is.
        var number: UInt64 = 0

        var integer: Int64 { Int64(bitPattern: number) }
        var decimal: Double { Double(bitPattern: number) }
    }

    /// The markers between keys in `shape`; JSON text never holds these bytes unescaped.
    static let leafEnd: UInt8 = 0
    static let objectStart: UInt8 = 1
    static let objectEnd: UInt8 = 2

    let leaves: UnsafeBufferPointer<Leaf>
    /// Each key's bytes as written (escapes undecoded), followed by `leafEnd`, or by
    /// `objectStart` and the nested object's keys up to its `objectEnd`. Two records have the
    /// same names in the same order when their shapes are equal.
    let shape: UnsafeBufferPointer<UInt8>
    /// A hash of `shape`, to find its layout.
    let shapeHash: Int

    /// A hash of the bytes (equal shapes are then compared byte for byte).
    static func hash(_ buffer: UnsafeBufferPointer<UInt8>) -> Int { Int(truncatingIfNeeded: ByteHash.of(buffer)) }

    /// Walks validated JSON text: where each value ends, and the leaves it holds.
    struct Scanner {
        let base: UnsafePointer<UInt8>
        let count: Int

        /// Adds the leaves of the value starting at `start`; returns the index just after it.
        func value(at start: Int, into row: FlatRows) -> Int {
            switch base[start] {
            case UInt8(ascii: "\""):
                let (end, escaped) = stringEnd(from: start + 1)
                row.add(escaped ? .escapedText : .text, start + 1, end)
                return end + 1
            case UInt8(ascii: "{"):
                var index = skipSpace(from: start + 1)
                if base[index] == UInt8(ascii: "}") {
                    row.add(.emptyObject, start, index + 1)
                    return index + 1
                }
                row.mark(FlatRow.objectStart)
                while true {
                    let (keyEnd, _) = stringEnd(from: index + 1)
                    row.addKey(UnsafeBufferPointer(start: base + index + 1, count: keyEnd - index - 1))
                    index = skipSpace(from: keyEnd + 1)  // the colon
                    index = value(at: skipSpace(from: index + 1), into: row)
                    index = skipSpace(from: index)
                    if base[index] == UInt8(ascii: "}") { break }
                    index = skipSpace(from: index + 1)  // after the comma
                }
                row.mark(FlatRow.objectEnd)
                return index + 1
            case UInt8(ascii: "["):
                let (end, compact) = arrayEnd(from: start)
                row.add(compact ? .array : .arrayToRewrite, start, end)
                return end
            case UInt8(ascii: "t"):
                row.add(.yes, start, start + 4)
                return start + 4
            case UInt8(ascii: "f"):
                row.add(.no, start, start + 5)
                return start + 5
            case UInt8(ascii: "n"):
                row.add(.null, start, start + 4)
                return start + 4
            default:
                var end = start + 1
                while end < count, FlatRow.continuesNumber(base[end]) { end += 1 }
                let text = UnsafeBufferPointer(start: base + start, count: end - start)
                if let integer = RecordFlattener.smallInteger(text) {
                    row.add(.integer, start, end, number: UInt64(bitPattern: integer))
                } else if let decimal = NumberText.shortDouble(text) {
                    row.add(.decimal, start, end, number: decimal.bitPattern)
                } else {
                    row.add(.number, start, end)
                }
                return end
            }
        }

        @inline(__always)
        func skipSpace(from start: Int) -> Int {
            var index = start
            while base[index] == 0x20 || base[index] == 0x09 || base[index] == 0x0A || base[index] == 0x0D { index += 1 }
            return index
        }

        /// The index of the quote closing the string whose text starts at `start`, and whether
        /// the text has an escape. Eight bytes at a time while no quote or backslash is among them.
        @inline(__always)
        func stringEnd(from start: Int) -> (Int, Bool) {
            var index = start
            var escaped = false
            while true {
                while index &+ 8 <= count {
                    if let offset = CheckedJSON.quoteOrBackslash(in: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                        index &+= offset
                        break
                    }
                    index &+= 8
                }
                let byte = base[index]
                if byte == UInt8(ascii: "\"") { return (index, escaped) }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index &+= 2
                } else {
                    index &+= 1
                }
            }
        }

        /// The index after the array starting at `start`, and whether its text is what
        /// `JSONWriter` would write of it: no space between tokens and no escape in its strings.
        func arrayEnd(from start: Int) -> (Int, Bool) {
            var depth = 0
            var compact = true
            var index = start
            while true {
                switch base[index] {
                case UInt8(ascii: "\""):
                    let (end, escaped) = stringEnd(from: index + 1)
                    if escaped { compact = false }
                    index = end
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return (index + 1, compact) }
                case 0x20, 0x09, 0x0A, 0x0D: compact = false
                default: break
                }
                index += 1
            }
        }
    }

    /// Digits, signs, the point and the exponent: what a (valid) number is made of.
    @inline(__always)
    static func continuesNumber(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+")
    }
}

extension FlatRow {
    /// The column names the shape gives, in leaf order: nested keys joined to their parents'
    /// with `_`, escapes decoded, a NUL written as `\u0000` (see `RecordFlattener`).
    static func names(of shape: UnsafeBufferPointer<UInt8>) -> [String] {
        var names: [String] = []
        var prefixes: [String] = []
        var keyStart = 0
        do {
            let bytes = shape
            for index in bytes.indices where bytes[index] <= objectEnd {
                let marker = bytes[index]
                if marker == objectEnd {
                    prefixes.removeLast()
                    keyStart = index + 1
                    continue
                }
                let key = RecordFlattener.columnName(decodedKey(UnsafeBufferPointer(rebasing: bytes[keyStart..<index])))
                let name = prefixes.last.map { $0 + "_" + key } ?? key
                if marker == leafEnd { names.append(name) } else { prefixes.append(name) }
                keyStart = index + 1
            }
        }
        return names
    }

    static func decodedKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        bytes.contains(UInt8(ascii: "\\")) ? JSONParser.unescape(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// A leaf's bytes in the record's line.
    @inline(__always)
    static func bytes(of leaf: Leaf, in line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: line[Int(leaf.start)..<Int(leaf.end)])
    }

    /// A leaf's value as the record-to-row mapping stores it, before its column decides
    /// (`SQLValue.stored(in:)`).
    static func value(of leaf: Leaf, in line: UnsafeBufferPointer<UInt8>) -> SQLValue {
        let raw = bytes(of: leaf, in: line)
        switch leaf.kind {
        case .text, .array: return .text(String(decoding: raw, as: UTF8.self))
        case .escapedText: return .text(JSONParser.unescape(raw))
        case .integer: return .integer(leaf.integer)
        case .decimal, .number: return RecordFlattener.number(raw)
        case .yes: return .integer(1)
        case .no: return .integer(0)
        case .null: return .null
        case .arrayToRewrite: return .text(JSONWriter.string((try? JSONParser.parse(raw)) ?? .null))
        case .emptyObject: return .text("{}")
        }
    }
}
