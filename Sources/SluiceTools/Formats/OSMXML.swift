import SluiceCore

/// OpenStreetMap's XML format (`.osm`, plain or gzipped), read as the subset it uses: `node`,
/// `way` and `relation` elements with their attributes, and inside them `tag`, `nd` and
/// `member`; everything else (`bounds`, comments, the XML declaration) is passed over.
///
///     try OSMXML.read(path: "extract.osm.gz") { element in ... }   // every element, in order
///
/// Attribute values may use the five named entities and numeric character references. A
/// malformed tag, an unknown entity or an element without its id is an error naming file and
/// line.
///
/// - Complexity: O(n); streams: holds one chunk of plain text (1 MiB, inflated as it is read
///   from a gzipped file) and the markup construct being read (`Tokenizer.maxConstruct` at
///   most), never the file.
enum OSMXML {
    static func read(path: String, _ visit: (OSMElement) throws -> Void) throws {
        let file = try GzipFile.Reader(path: path, what: "OpenStreetMap extract")
        try read(source: path, next: { try file.next() }, visit)
    }

    /// Reads XML held in memory (tests, the fuzz target), handed to the tokenizer `chunkSize`
    /// bytes at a time as the file would be.
    static func read(bytes: [UInt8], source: String, chunkSize: Int = 1 << 20, _ visit: (OSMElement) throws -> Void) throws {
        var offset = 0
        let size = max(1, chunkSize)
        try read(
            source: source,
            next: {
                guard offset < bytes.count else { return nil }
                defer { offset += size }
                return Array(bytes[offset..<min(bytes.count, offset + size)])
            }, visit)
    }

    /// The element loop over `next()`, which gives the plain text's next chunk (nil at the end).
    static func read(source: String, next: @escaping () throws -> [UInt8]?, _ visit: (OSMElement) throws -> Void) throws {
        var tokenizer = Tokenizer(more: next)
        var current: OSMElement?
        var depth = 0
        var sawRoot = false
        func failure(_ reason: String) -> StageFailure { StageFailure.data(source: source, line: tokenizer.line(), reason) }
        func number<T: FixedWidthInteger>(_ attributes: [String: String], _ name: String, in element: String) throws -> T {
            guard let text = attributes[name], let value = T(text) else {
                throw failure("<\(element)> without a whole-number '\(name)' attribute")
            }
            return value
        }
        func coordinate(_ attributes: [String: String], _ name: String) throws -> Double {
            guard let text = attributes[name], let value = Double(text), value.isFinite else {
                throw failure("<node> without a numeric '\(name)' attribute")
            }
            return value
        }
        do {
            while let token = try tokenizer.next() {
                switch token {
                case .start(let name, let attributes, let selfClosing):
                    if name == "osm" { sawRoot = true }
                    switch (name, current) {
                    case ("node", nil):
                        current = .node(
                            OSMNode(
                                id: try number(attributes, "id", in: name), lat: try coordinate(attributes, "lat"),
                                lon: try coordinate(attributes, "lon")))
                    case ("way", nil): current = .way(OSMWay(id: try number(attributes, "id", in: name), refs: []))
                    case ("relation", nil): current = .relation(OSMRelation(id: try number(attributes, "id", in: name), members: []))
                    case ("tag", .some(var element)):
                        guard let key = attributes["k"], let value = attributes["v"] else { throw failure("<tag> without 'k' and 'v'") }
                        switch element {
                        case .node(var node): node.tags[key] = value; element = .node(node)
                        case .way(var way): way.tags[key] = value; element = .way(way)
                        case .relation(var relation): relation.tags[key] = value; element = .relation(relation)
                        }
                        current = element
                    case ("nd", .way(var way)):
                        way.refs.append(try number(attributes, "ref", in: name))
                        current = .way(way)
                    case ("member", .relation(var relation)):
                        guard let kind = attributes["type"].flatMap(OSMRelation.Member.Kind.init(rawValue:)) else {
                            throw failure("<member> without a type of node, way or relation")
                        }
                        relation.members.append(.init(kind: kind, ref: try number(attributes, "ref", in: name), role: attributes["role"] ?? ""))
                        current = .relation(relation)
                    case ("node", _), ("way", _), ("relation", _): throw failure("<\(name)> inside another element")
                    default: break
                    }
                    if !selfClosing { depth += 1 }
                    if selfClosing, ["node", "way", "relation"].contains(name), let element = current {
                        try visit(element)
                        current = nil
                    }
                case .end(let name):
                    depth -= 1
                    guard depth >= 0 else { throw failure("</\(name)> closes no element") }
                    if ["node", "way", "relation"].contains(name), let element = current {
                        try visit(element)
                        current = nil
                    }
                }
            }
        } catch let error as Tokenizer.Failure {
            throw StageFailure.data(source: source, line: error.line, error.reason)
        }
        if current != nil || depth > 0 { throw failure("the file ends inside an element") }
        // Anything else (a PBF or bzip2 file by another name) would otherwise read as empty.
        guard sawRoot else { throw StageFailure.data(source: source, line: nil, "not OpenStreetMap XML: no <osm> element") }
    }

    /// The XML the OSM format uses, token by token: start tags with attributes (entities
    /// decoded), end tags; text, comments, declarations and CDATA are skipped. It reads through
    /// a window of the text that is refilled from `more` as a construct needs bytes, and
    /// emptied of what is read between constructs (never inside one: the slices a construct
    /// is cut from stay where they are).
    struct Tokenizer {
        enum Token {
            case start(String, [String: String], selfClosing: Bool)
            case end(String)
        }

        struct Failure: Error {
            var line: Int
            var reason: String
        }

        /// The longest markup construct (a tag with its attributes, a comment) read: OSM's are
        /// a few hundred bytes, and without a limit one unclosed construct would hold the file.
        static let maxConstruct = 16 << 20

        /// The window: the text from the first byte not yet discarded.
        var bytes: [UInt8] = []
        var position = 0
        /// Where the construct being read starts in the window.
        var constructStart = 0
        /// Lines counted up to `countedTo`, so that a line number costs nothing until asked.
        var lines = 1
        var countedTo = 0
        var ended = false
        let more: () throws -> [UInt8]?

        init(more: @escaping () throws -> [UInt8]?) { self.more = more }

        mutating func line() -> Int {
            let stop = min(position, bytes.count)
            while countedTo < stop {
                if bytes[countedTo] == UInt8(ascii: "\n") { lines += 1 }
                countedTo += 1
            }
            return lines
        }

        mutating func fail(_ reason: String) -> Failure { Failure(line: line(), reason: reason) }

        /// Whether the window has byte `index`, reading more of the text as needed.
        @inline(__always) mutating func has(_ index: Int) throws -> Bool {
            if index < bytes.count { return true }
            while index >= bytes.count {
                guard !ended, let chunk = try more() else {
                    ended = true
                    return false
                }
                guard bytes.count - constructStart <= Self.maxConstruct else {
                    throw fail("a tag or comment longer than \(Self.maxConstruct >> 20) MiB")
                }
                bytes += chunk
            }
            return true
        }

        /// Drops the bytes before `position` (read, and between constructs), lines counted first.
        mutating func discardRead() {
            _ = line()
            bytes.removeSubrange(..<position)
            countedTo = 0
            position = 0
            constructStart = 0
        }

        mutating func skip(past terminator: [UInt8]) throws {
            while try has(position + terminator.count - 1) {
                if bytes[position..<(position + terminator.count)].elementsEqual(terminator) {
                    position += terminator.count
                    return
                }
                position += 1
            }
            throw fail("the file ends inside a '<' construct")
        }

        mutating func next() throws -> Token? {
            while true {
                // Text between constructs: passed over, and let go of once read.
                while true {
                    if position == bytes.count {
                        discardRead()
                        guard try has(0) else { return nil }
                    }
                    if bytes[position] == UInt8(ascii: "<") { break }
                    position += 1
                }
                // Moving what is left costs no more than what was read before it.
                if position >= bytes.count / 2 { discardRead() }
                constructStart = position
                // The longest opening told apart below, "<![CDATA[", is in the window if the text has it.
                _ = try has(position + 8)
                let rest = bytes[position...]
                if rest.starts(with: Array("<?".utf8)) {
                    try skip(past: Array("?>".utf8))
                } else if rest.starts(with: Array("<!--".utf8)) {
                    try skip(past: Array("-->".utf8))
                } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                    try skip(past: Array("]]>".utf8))
                } else if rest.starts(with: Array("<!".utf8)) {
                    try skip(past: Array(">".utf8))
                } else {
                    return try tag()
                }
            }
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d }
        static func isNameByte(_ byte: UInt8) -> Bool { !isSpace(byte) && !"/>=<\"'".utf8.contains(byte) }

        mutating func name() throws -> String {
            let start = position
            while try has(position), Self.isNameByte(bytes[position]) { position += 1 }
            guard position > start else { throw fail("expected a name in a tag") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func skipSpaces() throws { while try has(position), Self.isSpace(bytes[position]) { position += 1 } }

        mutating func expect(_ byte: UInt8, _ what: String) throws {
            guard try has(position), bytes[position] == byte else {
                throw fail(position < bytes.count ? "expected \(what) in a tag" : "the file ends inside a tag")
            }
            position += 1
        }

        /// A tag from its `<`.
        mutating func tag() throws -> Token {
            position += 1
            if try has(position), bytes[position] == UInt8(ascii: "/") {
                position += 1
                let name = try name()
                try skipSpaces()
                try expect(UInt8(ascii: ">"), "'>'")
                return .end(name)
            }
            let element = try name()
            var attributes: [String: String] = [:]
            while true {
                try skipSpaces()
                guard try has(position) else { throw fail("the file ends inside a tag") }
                if bytes[position] == UInt8(ascii: "/") {
                    position += 1
                    try expect(UInt8(ascii: ">"), "'>' after '/'")
                    return .start(element, attributes, selfClosing: true)
                }
                if bytes[position] == UInt8(ascii: ">") {
                    position += 1
                    return .start(element, attributes, selfClosing: false)
                }
                let attribute = try name()
                try skipSpaces()
                try expect(UInt8(ascii: "="), "'=' after attribute '\(attribute)'")
                try skipSpaces()
                guard try has(position), bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                    throw fail("expected a quoted value for attribute '\(attribute)'")
                }
                let quote = bytes[position]
                position += 1
                let start = position
                while try has(position), bytes[position] != quote {
                    guard bytes[position] != UInt8(ascii: "<") else { throw fail("'<' inside the value of attribute '\(attribute)'") }
                    position += 1
                }
                guard try has(position) else { throw fail("the file ends inside the value of attribute '\(attribute)'") }
                attributes[attribute] = try decode(bytes[start..<position])
                position += 1
            }
        }

        static let entities: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

        /// An attribute value with its entities and character references replaced.
        mutating func decode(_ raw: ArraySlice<UInt8>) throws -> String {
            guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
            var out: [UInt8] = []
            var index = raw.startIndex
            while index < raw.endIndex {
                guard raw[index] == UInt8(ascii: "&") else {
                    out.append(raw[index])
                    index += 1
                    continue
                }
                guard let semicolon = raw[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw fail("'&' without an entity") }
                let entity = String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self)
                if let text = Self.entities[entity] {
                    out += Array(text.utf8)
                } else if entity.hasPrefix("#"),
                    let code = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst()),
                    let scalar = Unicode.Scalar(code), code != 0
                {
                    out += Array(String(Character(scalar)).utf8)
                } else {
                    throw fail("unknown entity '&\(entity);'")
                }
                index = semicolon + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
