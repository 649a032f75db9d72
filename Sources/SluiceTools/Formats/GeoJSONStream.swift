import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the features of a GeoJSON file one at a time, in memory bounded by the largest
/// feature plus one read: a FeatureCollection's `features` array element by element, or
/// Features one after another (GeoJSON Text Sequences, RFC 8142, or one Feature per line).
/// A small scanner that knows strings and brackets finds where each feature's bytes end; the
/// core's `JSONParser` parses those bytes, one feature at a time.
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
        /// The feature's text, for a rejects file (its first 2,000 bytes).
        public var raw: String
    }

    let path: String
    let fd: Int32
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
    /// How much one read asks for (tests make it small to cut features across reads).
    var readSize = 1 << 20

    /// Opens `path`. A gzip file (`.geojson.gz`) is inflated whole first (`GzipFile`): the
    /// bounded memory is a plain file's.
    public init(path: String) throws(StageFailure) {
        self.path = path
        fd = try FileInput.open(path, what: "GeoJSON")
        // Two bytes tell gzip (the first reads, cut small in tests, stay small).
        let size = readSize
        readSize = 2
        while buffer.count < 2, !atEnd { try refill() }
        readSize = size
        if buffer.starts(with: [0x1f, 0x8b]) {
            buffer = try GzipFile.contents(of: path, what: "GeoJSON")
            atEnd = true
        }
    }

    /// Closes the file; the stream reads nothing more.
    public func close() { _ = closeDescriptor(fd) }

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

    /// Scans one byte; returns a feature when the byte closed one.
    mutating func scan(_ byte: UInt8) -> Feature? {
        if byte == 0x0A { line += 1 }
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

    func feature(_ range: Range<Int>, line: Int) -> Feature {
        let bytes = buffer[range]
        let value = Result { () throws(JSONError) -> JSONValue in
            try bytes.withUnsafeBufferPointer { pointer throws(JSONError) in try JSONParser.parse(pointer) }
        }
        return Feature(line: line, value: value, raw: String(decoding: bytes.prefix(2000), as: UTF8.self))
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
        }
        let old = buffer.count
        // An Array, not repeatElement: appending a Repeated went element by element through
        // unspecialised generics in debug builds, 1 s a file under the fuzzer (issue 33).
        buffer.append(contentsOf: [UInt8](repeating: 0, count: readSize))
        let count: Int
        do {
            count = try buffer.withUnsafeMutableBytes { raw throws(IOFailure) in
                try FileInput.read(fd, into: raw.baseAddress.map { $0 + old }, count: readSize)
            }
        } catch {
            throw StageFailure(.ioError, "\(path): cannot read GeoJSON: \(error)")
        }
        buffer.removeSubrange((old + count)...)
        if count == 0 { atEnd = true }
    }

    /// The end of the file: fine between values, an error inside one.
    mutating func finish() throws(StageFailure) -> Feature? {
        if depth != 0 || inString {
            throw StageFailure.data(source: path, line: elementStart != nil ? elementLine : topLine, "the file ends inside a GeoJSON value")
        }
        return nil
    }
}

/// `close(2)`, under a name that does not clash with `GeoJSONStream.close()`.
func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
