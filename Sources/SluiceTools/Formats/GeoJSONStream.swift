import SluiceCore

/// Reads the features of a GeoJSON file one at a time, in memory bounded by the largest
/// feature plus one read: a FeatureCollection's `features` array element by element, or
/// Features one after another (GeoJSON Text Sequences, RFC 8142, or one Feature per line).
/// A small scanner that knows strings and brackets finds where each feature's bytes end; the
/// core's `JSONParser` parses those bytes, one feature at a time. A file whose first byte (after
/// spaces, a byte-order mark or a record separator) does not open an object or array is not
/// GeoJSON: an error naming what it begins with. Bytes between features that are no value
/// (text, a stray bracket, a number in `features`) come out as a `Feature` marked `garbage`
/// (one per line at the top, one per element in `features`), for the reader to reject.
///
///     var stream = try GeoJSONStream(path: "streets.geojson")
///     while let feature = try stream.next() { feature.line; try feature.value.get()["properties"] }
///
/// - Complexity: O(n) in the file's bytes; each byte is scanned once and parsed once.
public struct GeoJSONStream {
    /// One feature: its parsed value (or why its bytes are not JSON) and the line it starts on.
    public struct Feature {
        public var line: Int
        public var value: Result<JSONValue, JSONError>
        /// The feature's bytes, for a rejects file (`RawRow`: the first 64 KiB of a longer one).
        public var raw: RawRow
        /// Bytes between features that are no value: `offset` and `length` say where.
        public var garbage = false
        /// Where the feature's bytes start in the file (after inflating a gzip file), from 0.
        public var offset = 0
        public var length = 0
    }

    let path: String
    /// The file's plain bytes a read at a time (inflated as they come when it is gzip).
    let file: GzipFile.Reader
    var buffer: [UInt8] = []
    /// The next byte to scan in `buffer`.
    var index = 0
    var atEnd = false
    var line = 1
    /// Brackets open around the scan position, outside strings.
    var depth = 0
    var inString = false
    var escaped = false
    /// The top-level value being read: where it starts, and whether it turned out to be a
    /// collection (its features are handed out one by one, itself never).
    var topStart: Int?
    var topLine = 1
    var inFeatures = false
    var elementStart: Int?
    var elementLine = 1
    /// The last string closed directly inside the top-level object, and the key it made.
    var stringStart = 0
    var lastString: [UInt8] = []
    var key: [UInt8] = []
    /// Bytes dropped from the front of `buffer` so far (a buffer index plus this is an offset).
    var dropped = 0
    /// A run of bytes between features that are no value: where and on which line it starts,
    /// its length and its first `RawRow.kept` bytes.
    var garbageOffset: Int?
    var garbageLine = 1
    var garbageLength = 0
    var garbageBytes: [UInt8] = []

    /// Opens `path`, plain or gzip (`.geojson.gz`, inflated a read at a time: the same bounded
    /// memory). `readSize` is how much one read hands on (tests make it small to cut features
    /// across reads).
    public init(path: String, readSize: Int = 1 << 20) throws(StageFailure) {
        self.path = path
        file = try GzipFile.Reader(path: path, what: "GeoJSON", chunkSize: readSize)
        while buffer.count < 64, !atEnd { try refill() }
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        // GeoJSON is an object (a FeatureCollection, a Feature) or a sequence of them.
        let opening = buffer[index...].firstIndex { ![0x20, 0x09, 0x0A, 0x0D, 0x1E].contains($0) }
        if let opening, buffer[opening] != 0x7B, buffer[opening] != 0x5B {
            throw StageFailure.data(
                source: path, line: nil,
                "not GeoJSON: it begins with \(Self.shown(buffer[opening...].prefix(16))), where a GeoJSON file begins with '{'")
        }
    }

    /// Bytes as a message shows them: printable ASCII as it is, any other byte as `\xNN`.
    ///
    ///     GeoJSONStream.shown([0x89, 0x50, 0x4E, 0x47])   // "\x89PNG"
    static func shown(_ bytes: some Collection<UInt8>) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            if (0x20..<0x7F).contains(byte), byte != 0x5C {
                out.append(byte)
            } else {
                out += Array("\\x".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The next feature, or nil at the end of the file. Bytes that are not a feature (a
    /// top-level number, an unclosed bracket at the end) throw, naming the file and line.
    public mutating func next() throws(StageFailure) -> Feature? {
        while true {
            if index == buffer.count {
                if atEnd { return try finish() }
                try refill()
                continue
            }
            let byte = buffer[index]
            index += 1
            if let feature = scan(byte) { return feature }
        }
    }

    /// Whether the file is one FeatureCollection (a county's export) rather than Features one
    /// after another: scanned, before the first `next()`, until the top-level object's `type`
    /// says `FeatureCollection` or its `features` array opens (true), or a first value closes,
    /// the file ends or `limit` bytes go by (false). After true, `next()` hands out the features.
    public mutating func opensFeatureCollection(within limit: Int = 1 << 20) throws(StageFailure) -> Bool {
        var scanned = 0
        while scanned < limit {
            if index == buffer.count {
                if atEnd { return false }
                try refill()
                continue
            }
            let byte = buffer[index]
            index += 1
            scanned += 1
            if scan(byte) != nil { return false }
            if inFeatures || (depth == 1 && !inString && key == Array("type".utf8) && lastString == Array("FeatureCollection".utf8)) {
                return true
            }
        }
        return false
    }

    /// Scans one byte; returns a feature when the byte closed one (or ended a run of garbage).
    mutating func scan(_ byte: UInt8) -> Feature? {
        if byte == 0x0A { line += 1 }
        if !inString, depth == 0 || (depth == 2 && inFeatures && elementStart == nil), let feature = scanBetween(byte) { return feature }
        if garbageOffset != nil {
            if garbageBytes.count < RawRow.kept { garbageBytes.append(byte) }
            garbageLength += 1
            // Garbage opens nothing. At the top it ends with its line; in `features` a string
            // in it is stepped over whole (its commas and brackets end nothing).
            if !inString {
                if byte == 0x22, depth == 2 { (inString, stringStart) = (true, index) }
                return nil
            }
        }
        if inString {
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == 0x22 {
                inString = false
                if depth == 1 { lastString = index - 1 - stringStart <= 32 && stringStart >= 0 ? Array(buffer[stringStart..<(index - 1)]) : [] }
            }
            return nil
        }
        switch byte {
        case 0x22:
            inString = true
            stringStart = index
        case 0x7B, 0x5B:  // { [
            if depth == 0 {
                topStart = index - 1
                topLine = line
                inFeatures = false
                key = []
            } else if depth == 1, byte == 0x5B, key == Array("features".utf8) {
                inFeatures = true
                // The collection's own members are not kept: only its features are.
                topStart = nil
            } else if depth == 2, inFeatures {
                elementStart = index - 1
                elementLine = line
            }
            depth += 1
        case 0x7D, 0x5D:  // } ]
            depth -= 1
            if depth == 2, inFeatures, let start = elementStart {
                elementStart = nil
                return feature(start..<index, line: elementLine)
            }
            if depth == 1, inFeatures, byte == 0x5D { inFeatures = false }
            if depth == 0 {
                defer { topStart = nil }
                if let start = topStart { return feature(start..<index, line: topLine) }
            }
        case 0x3A where depth == 1:  // :
            key = lastString
        case 0x2C where depth == 1:  // ,
            key = []
        default:
            break
        }
        return nil
    }

    /// A byte between values: at the top, between features one after another; at depth 2,
    /// between the elements of `features`. Spaces (and, at the top, record separators; in
    /// `features`, commas) belong there, a bracket opens a value; anything else starts a run
    /// of garbage, which a newline (at the top) or a comma (in `features`) or a bracket ends.
    mutating func scanBetween(_ byte: UInt8) -> Feature? {
        let top = depth == 0
        let opens = byte == 0x7B || byte == 0x5B
        let belongs = [0x20, 0x09, 0x0D].contains(byte) || (top ? byte == 0x0A || byte == 0x1E : byte == 0x2C || byte == 0x0A)
        if garbageOffset != nil {
            let ends = opens || (top ? byte == 0x0A : byte == 0x2C || byte == 0x5D)
            guard ends else { return nil }
            if byte != 0x0A && byte != 0x2C {
                // The bracket is scanned again, as what it is.
                index -= 1
            }
            return takeGarbage()
        }
        if belongs || opens || (!top && byte == 0x5D) { return nil }
        (garbageOffset, garbageLine, garbageLength, garbageBytes) = (dropped + index - 1, line, 0, [])
        return nil
    }

    /// The run of garbage scanned, as a feature marked `garbage` (its bytes are no value).
    mutating func takeGarbage() -> Feature? {
        guard let offset = garbageOffset else { return nil }
        garbageOffset = nil
        var raw = garbageBytes
        while let last = raw.last, [0x20, 0x09, 0x0D].contains(last) { raw.removeLast() }
        let error = JSONError(.syntax, "bytes that are no JSON value", offset: offset)
        // Kept whole, the run is its bytes less the spaces that end it; cut short, its length.
        let length = garbageBytes.count == garbageLength ? raw.count : garbageLength
        return Feature(
            line: garbageLine, value: .failure(error), raw: RawRow(raw, length: length), garbage: true, offset: offset, length: garbageLength)
    }

    func feature(_ range: Range<Int>, line: Int) -> Feature {
        let bytes = buffer[range]
        let value = Result { () throws(JSONError) -> JSONValue in
            try bytes.withUnsafeBufferPointer { pointer throws(JSONError) in try JSONParser.parse(pointer) }
        }
        return Feature(line: line, value: value, raw: RawRow(bytes), offset: dropped + range.lowerBound, length: range.count)
    }

    /// Reads more of the file, first dropping the bytes no open feature needs.
    mutating func refill() throws(StageFailure) {
        var keep = elementStart ?? topStart ?? index
        // A string directly inside the top-level object may be the key of the next member.
        if inString, depth == 1 { keep = min(keep, stringStart) }
        if keep > 0 {
            buffer.removeSubrange(0..<keep)
            index -= keep
            elementStart = elementStart.map { $0 - keep }
            topStart = topStart.map { $0 - keep }
            stringStart -= keep
            dropped += keep
        }
        guard let chunk = try file.next() else {
            atEnd = true
            return
        }
        buffer += chunk
    }

    /// The end of the file: fine between values, an error inside one.
    mutating func finish() throws(StageFailure) -> Feature? {
        if depth == 0, !inString, let garbage = takeGarbage() { return garbage }
        if depth != 0 || inString {
            throw StageFailure.data(source: path, line: elementStart != nil ? elementLine : topLine, "the file ends inside a GeoJSON value")
        }
        return nil
    }
}
