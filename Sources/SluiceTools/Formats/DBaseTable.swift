import SluiceCore

/// A dBASE III table (`.dbf`), the attributes beside a shapefile, read one record at a time.
///
/// Reads the header (version, record count, header and record lengths, language driver byte),
/// the field descriptors, and the field types shapefiles carry: C (text), N and F (numbers
/// written as text), L (logical), D (date, `YYYYMMDD`); other types are read as text. Text is
/// decoded by the table's `CodePage` (`.cpg` beside it, else the language driver byte) and
/// trailing spaces are trimmed. A truncated or corrupt file is an error naming the file and
/// the record, never a crash.
///
///     let table = try DBaseTable(path: "tl_2024_06075_edges.dbf")
///     let record = try table.record(1)   // nil when the record is marked deleted
///     record?[table.field(named: "FULLNAME")!]   // .text("Market St")
///
/// - Complexity: O(record length) per record; memory is one window of the file.
public final class DBaseTable {
    public struct Field: Equatable, Sendable {
        public var name: String
        /// The dBASE type letter (`C`, `N`, `F`, `L`, `D`, ...).
        public var type: Character
        public var length: Int
        public var decimals: Int
        /// Where the field starts in a record, after the deletion flag.
        var offset: Int
        /// `type` as the header's byte, compared once per field of every record.
        var code: UInt8
    }

    public let path: String
    public let version: UInt8
    public let recordCount: Int
    public let headerLength: Int
    public let recordLength: Int
    /// The header's language driver id (LDID, byte 29).
    public let languageDriver: UInt8
    public let fields: [Field]
    public let codePage: CodePage
    private let file: FileWindow
    private var positions: [String: Int] = [:]
    private let codes: [UInt8]

    /// Opens `path` and reads its header; `cpg` is the text of a `.cpg` file, when there is one
    /// (`DBaseTable(path:)` looks for it beside the `.dbf`).
    public init(path: String, cpg: String?) throws(StageFailure) {
        self.path = path
        file = try FileWindow(path: path, what: "dBASE table")
        guard let header = try file.bytes(at: 0, count: 32) else { throw DBaseTable.corrupt(path, "shorter than a dBASE header (32 bytes)") }
        version = header[header.startIndex]
        // dBASE III and its descendants with 32-byte field descriptors (FoxPro 0x30…0x32 too).
        guard version & 0x07 == 3 || (0x30...0x32).contains(version) else {
            throw DBaseTable.corrupt(path, "unsupported dBASE version byte 0x\(String(version, radix: 16))")
        }
        recordCount = header.int32(at: 4)
        headerLength = header.uint16(at: 8)
        recordLength = header.uint16(at: 10)
        languageDriver = header[header.startIndex + 29]
        guard recordCount >= 0, headerLength >= 33, recordLength >= 1 else {
            throw DBaseTable.corrupt(path, "impossible header (\(recordCount) records, header \(headerLength) bytes, record \(recordLength) bytes)")
        }
        guard let descriptors = try file.bytes(at: 32, count: headerLength - 32) else {
            throw DBaseTable.corrupt(path, "truncated in its field descriptors (header of \(headerLength) bytes)")
        }
        fields = try DBaseTable.fields(descriptors, recordLength: recordLength, path: path)
        for (index, field) in fields.enumerated() where positions[field.name] == nil { positions[field.name] = index }
        codes = fields.map(\.code)
        if let cpg {
            guard let page = CodePage(cpg: cpg) else {
                throw StageFailure.data(source: path, line: nil, "unknown code page in the .cpg: '\(cpg.trimmingSpaces())'")
            }
            codePage = page
        } else {
            codePage = CodePage(languageDriver: languageDriver)
        }
    }

    /// Opens `path`, with the code page named by the `.cpg` file beside it when there is one.
    public convenience init(path: String) throws(StageFailure) {
        let cpgPath = DBaseTable.sibling(of: path, extension: "cpg")
        let cpg = (try? FileInput.contents(of: cpgPath)).map { String(decoding: $0, as: UTF8.self) }
        try self.init(path: path, cpg: cpg)
    }

    /// The index of the field called `name` (as the header spells it, e.g. `FULLNAME`).
    public func field(named name: String) -> Int? { positions[name] }

    /// Record `number` (from 1) as one value per field; nil when it is marked deleted (`*`).
    /// With `only`, just those fields (by index) are decoded and checked, and the others are
    /// `.null`: a reader that needs 10 of TIGER's 31 fields reads twice as fast.
    public func record(_ number: Int, only wanted: [Int]? = nil) throws(StageFailure) -> [DBaseValue]? {
        guard number >= 1, number <= recordCount else {
            throw StageFailure.data(source: path, line: number, "no record \(number): the table has \(recordCount)")
        }
        let offset = headerLength + (number - 1) * recordLength
        guard let bytes = try file.bytes(at: offset, count: recordLength) else {
            throw DBaseTable.corrupt(path, "record \(number) of \(recordCount) is truncated (the file ends at byte \(file.size))", record: number)
        }
        switch bytes[bytes.startIndex] {
        case UInt8(ascii: "*"): return nil
        case UInt8(ascii: " "): break
        case let flag:
            throw DBaseTable.corrupt(path, "record \(number) starts with 0x\(String(flag, radix: 16)), not a deletion flag", record: number)
        }
        var values = [DBaseValue](repeating: .null, count: fields.count)
        for index in wanted ?? Array(fields.indices) where fields.indices.contains(index) {
            let (field, start) = (fields[index], bytes.startIndex + 1 + fields[index].offset)
            guard let value = DBaseValue(codes[index], bytes[start..<start + field.length], codePage: codePage) else {
                let raw = CodePage.latin1.decode(bytes[start..<start + field.length]).trimmingSpaces()
                throw DBaseTable.corrupt(path, "record \(number): field \(field.name) (\(field.type)) holds '\(raw)'", record: number)
            }
            values[index] = value
        }
        return values
    }

    /// Parses the 32-byte field descriptors, up to the 0x0D terminator.
    private static func fields(_ bytes: ArraySlice<UInt8>, recordLength: Int, path: String) throws(StageFailure) -> [Field] {
        var fields: [Field] = []
        var offset = 0
        var at = bytes.startIndex
        while at < bytes.endIndex, bytes[at] != 0x0D {
            guard at + 32 <= bytes.endIndex else { throw corrupt(path, "field descriptor \(fields.count + 1) is cut short by the header's end") }
            let nameBytes = bytes[at..<at + 11].prefix { $0 != 0 }
            let name = CodePage.latin1.decode(nameBytes).trimmingSpaces()
            let type = Character(Unicode.Scalar(bytes[at + 11]))
            let length = Int(bytes[at + 16])
            guard !name.isEmpty, length > 0 else { throw corrupt(path, "field descriptor \(fields.count + 1) has no name or no length") }
            fields.append(Field(name: name, type: type, length: length, decimals: Int(bytes[at + 17]), offset: offset, code: bytes[at + 11]))
            offset += length
            at += 32
        }
        guard at < bytes.endIndex else { throw corrupt(path, "no end to the field descriptors (0x0D) within the header") }
        guard offset + 1 <= recordLength else {
            throw corrupt(path, "the fields take \(offset + 1) bytes but a record is \(recordLength)")
        }
        return fields
    }

    static func corrupt(_ path: String, _ reason: String, record: Int? = nil) -> StageFailure {
        StageFailure.data(source: path, line: record, "not a readable dBASE table: " + reason)
    }

    /// `roads.shp` → `roads.dbf`; keeps the case of the extension (`ROADS.SHP` → `ROADS.DBF`).
    static func sibling(of path: String, extension ext: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + "." + ext }
        let current = path[path.index(after: dot)...]
        let upper = !current.isEmpty && current.allSatisfy { $0.isUppercase || $0.isNumber }
        return path[..<dot] + "." + (upper ? ext.uppercased() : ext)
    }
}

/// One field's value in a dBASE record.
public enum DBaseValue: Equatable, Sendable {
    /// C (and types not read here): the text, trailing spaces trimmed.
    case text(String)
    /// N, F: the number as written, trimmed (`"12345"`, `"-122.4194"`), so ids keep every digit.
    case number(String)
    case logical(Bool)
    /// D: `YYYYMMDD`.
    case date(year: Int, month: Int, day: Int)
    /// An empty field (all spaces), a `?` logical, an overflowed number (`***`).
    case null

    /// The value as text: what a text column holds, a number's digits, `T`/`F`, `YYYYMMDD`.
    public var text: String {
        switch self {
        case .text(let text), .number(let text): return text
        case .logical(let value): return value ? "T" : "F"
        case .date(let year, let month, let day):
            return String(year) + (month < 10 ? "0" : "") + String(month) + (day < 10 ? "0" : "") + String(day)
        case .null: return ""
        }
    }

    /// Reads a field of type `type`; nil when its bytes cannot be of that type (a corrupt file).
    init?(_ type: UInt8, _ bytes: ArraySlice<UInt8>, codePage: CodePage) {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 0x20 || bytes[end - 1] == 0 { end -= 1 }
        let trimmed = bytes[bytes.startIndex..<end]
        switch type {
        case UInt8(ascii: "N"), UInt8(ascii: "F"):
            let text = CodePage.latin1.decode(trimmed).trimmingSpaces()
            if text.isEmpty || text.allSatisfy({ $0 == "*" }) {
                self = .null
            } else {
                guard Double(text) != nil else { return nil }
                self = .number(text)
            }
        case UInt8(ascii: "L"):
            switch trimmed.first.map({ Character(Unicode.Scalar($0)) }) {
            case nil, "?": self = .null
            case "T", "t", "Y", "y": self = .logical(true)
            case "F", "f", "N", "n": self = .logical(false)
            default: return nil
            }
        case UInt8(ascii: "D"):
            let digits = CodePage.latin1.decode(trimmed)
            if digits.isEmpty || digits == "00000000" {
                self = .null
            } else {
                guard digits.count == 8, digits.allSatisfy(\.isASCII), let all = Int(digits) else { return nil }
                let (year, month, day) = (all / 10000, all / 100 % 100, all % 100)
                guard (1...12).contains(month), (1...31).contains(day) else { return nil }
                self = .date(year: year, month: month, day: day)
            }
        default:
            self = trimmed.isEmpty ? .null : .text(codePage.decode(trimmed))
        }
    }
}
