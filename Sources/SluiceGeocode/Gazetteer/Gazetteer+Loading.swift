import SluiceCore
import SluiceSanitize

/// A gazetteer row that could not be used: where it is and why.
public struct GazetteerRowError: Error, Equatable, Sendable {
    public var line: Int
    public var reason: String
    /// The row's bytes as they stand in the file.
    public var raw: RawRow
    /// Whether the row was refused because a field it needs is not UTF-8.
    public var notUTF8 = false
}

extension Gazetteer {
    /// Reads a gazetteer CSV file. A missing file exits 66; a bad row stops with
    /// `file:line: error: reason` (exit 65) unless `skipBadRow` takes it and returns true.
    ///
    ///     let g = try Gazetteer.load(path: "data/sf-gazetteer.csv")
    public static func load(path: String, skipBadRow: (GazetteerRowError) throws -> Bool = { _ in false }) throws -> Gazetteer {
        let bytes = try FileInput.contents(of: path, what: "gazetteer")
        return try parse(bytes, source: path, skipBadRow: skipBadRow)
    }

    /// Parses gazetteer CSV text already in memory (`source` names it in errors).
    public static func parse(_ bytes: [UInt8], source: String, skipBadRow: (GazetteerRowError) throws -> Bool = { _ in false }) throws -> Gazetteer {
        var gazetteer = Gazetteer()
        try forEachRow(bytes, source: source, skipBadRow: skipBadRow) { gazetteer.add($0) }
        gazetteer.finish()
        return gazetteer
    }

    /// Reads gazetteer CSV text row by row, checking its format version line and header, and
    /// hands each good row to `body` (the builder merges an existing gazetteer through this).
    public static func forEachRow(
        _ bytes: [UInt8], source: String, skipBadRow: (GazetteerRowError) throws -> Bool = { _ in false }, _ body: (GazetteerRow) throws -> Void
    ) throws {
        try forEachRow(bytes, source: source, skipBadRow: skipBadRow, header: { _ in }) { row, _ in try body(row) }
    }

    /// `forEachRow`, also handing over the header and, on demand, each row's text as the file
    /// has it (what the compiled index keeps of rows that are not addresses).
    static func forEachRow(
        _ bytes: [UInt8], source: String, skipBadRow: (GazetteerRowError) throws -> Bool, header seeHeader: ([String]) -> Void,
        _ body: (GazetteerRow, () -> String) throws -> Void
    ) throws {
        // The reader lives in the row (read through `row.reader`), so no row copies it.
        var line = ColumnMap.Row(fields: [], reader: CSVReader(bytes))
        var header: [String] = []
        do {
            guard try line.reader.next(into: &header) else { throw StageFailure.data(source: source, line: nil, "empty gazetteer: no header row") }
            if header.count == 1, header[0].hasPrefix("#") {
                try GazetteerRow.checkVersion(header[0], source: source)
                guard try line.reader.next(into: &header) else {
                    throw StageFailure.data(source: source, line: nil, "empty gazetteer: no header row")
                }
            }
        } catch let failure as CSVReader.Failure {
            throw StageFailure.data(source: source, line: line.reader.line, "\(failure)")
        }
        var columns = try ColumnMap(header: header, source: source, line: line.reader.line)
        seeHeader(header)
        while true {
            let row: GazetteerRow
            do {
                guard try line.reader.next(fields: &line.fields) else { break }
                row = try columns.row(line)
            } catch {
                let rowError = GazetteerRowError(
                    line: line.reader.line, reason: String(describing: error), raw: RawRow(line.reader.lastRecordBytes),
                    notUTF8: (error as? RowProblem)?.notUTF8 ?? false)
                if case .unterminatedQuote = error as? CSVReader.Failure {
                    // Nothing after an open quote can be read as rows: always fatal.
                    throw StageFailure.data(source: source, line: rowError.line, rowError.reason)
                }
                if error is CSVReader.Failure { line.reader.skipToLineEnd() }
                if try skipBadRow(rowError) { continue }
                throw StageFailure.data(source: source, line: rowError.line, rowError.reason)
            }
            try body(row) { line.reader.lastRecordText }
        }
    }
}

/// A bad value in a gazetteer row, worded for the `file:line: error:` message.
struct RowProblem: Error, CustomStringConvertible {
    var description: String
    /// A field's bytes are not UTF-8 (the row's problem is its encoding, not its values).
    var notUTF8 = false
}

/// Which field holds which column, from the header.
struct ColumnMap {
    /// The columns the loader reads, in `GazetteerRow.columns` order.
    enum Column: Int, CaseIterable {
        case kind, id, name, aliases, category, number, street, crossStreet, leftFrom, leftTo, rightFrom, rightTo, nodes, lat, lon, points, city,
            state, zip

        var header: String { GazetteerRow.columns[rawValue] }
    }

    /// The field of each column, by `Column` order (looked up once, not per row).
    var slots: [Int?]
    var count: Int

    init(header: [String], source: String, line: Int = 1) throws(StageFailure) {
        var positions: [String: Int] = [:]
        for (index, name) in header.enumerated() { positions[name.trimmingSpaces().lowercased()] = index }
        count = header.count
        slots = Column.allCases.map { positions[$0.header] }
        guard positions["kind"] != nil else {
            throw StageFailure.data(
                source: source, line: line, "gazetteer header has no 'kind' column (columns: \(GazetteerRow.columns.joined(separator: ",")))")
        }
    }

    /// One line's fields with the reader that can turn them into text and numbers.
    struct Row {
        var fields: [CSVReader.Field]
        var reader: CSVReader
    }

    func position(_ column: Column) -> Int? { slots[column.rawValue] }

    func text(_ row: Row, _ column: Column) throws(RowProblem) -> String {
        guard let position = position(column), position < row.fields.count else { return "" }
        do {
            return try row.reader.string(row.fields[position])
        } catch {
            throw RowProblem(description: "\(column.header): \(error)", notUTF8: error == .invalidUTF8)
        }
    }

    func isEmpty(_ row: Row, _ column: Column) -> Bool {
        guard let position = position(column), position < row.fields.count else { return true }
        return row.fields[position].range.isEmpty
    }

    /// The kinds with their bytes: a row's kind is found by comparing bytes, not by making a
    /// string of every row's first field.
    static let kinds = GazetteerRow.Kind.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The last text read from each town column (`city`, `state`, `zip`) and its bytes: the same
    /// town stands on row after row (a city's rows, a county's sorted by street), so a row whose
    /// bytes are the last row's takes its text again instead of decoding it once more. Without
    /// it the town columns cost the San Francisco gazetteer's load 10% more instructions.
    private var lastTown = [(bytes: [UInt8], text: String)](repeating: ([], ""), count: 3)

    /// A street key as `sluice-gazetteer` writes it: lowercase, already normalised, kept as it
    /// is. One with capitals was written by hand or by another tool (`W Burnside St`), and is
    /// normalised as sluice-sanitize does, so that it matches the records that ask for it. The
    /// field's bytes are looked at, not the text made of them: the builder's keys cost one scan.
    func streetKey(_ row: Row, _ column: Column) throws(RowProblem) -> String {
        let key = try text(row, column)
        guard let position = position(column), position < row.fields.count else { return key }
        let range = row.fields[position].range
        let capitals = row.reader.bytes.withUnsafeBufferPointer { bytes in
            var index = range.lowerBound
            while index < range.upperBound, bytes[index] &- UInt8(ascii: "A") >= 26 { index += 1 }
            return index < range.upperBound
        }
        return capitals ? StreetNormalizer.normalize(key).key : key
    }

    /// Turns the fields of one line into a checked row.
    mutating func row(_ row: Row) throws(RowProblem) -> GazetteerRow {
        guard row.fields.count == count else { throw RowProblem(description: "expected \(count) columns, found \(row.fields.count)") }
        guard let kind = kind(row) else {
            throw RowProblem(description: "unknown kind '\(try text(row, .kind))' (expected place, address, segment or intersection)")
        }
        var result = GazetteerRow(kind: kind)
        result.street = try streetKey(row, .street)
        result.city = try repeatedText(row, .city, slot: 0)
        result.state = try repeatedText(row, .state, slot: 1)
        result.zip = try repeatedText(row, .zip, slot: 2)
        switch kind {
        case .place:
            result.id = try text(row, .id)
            result.name = try text(row, .name)
            guard !result.name.isEmpty else { throw RowProblem(description: "a place needs a name") }
            result.aliases = try text(row, .aliases).split(separator: "|").map { String($0) }
            result.category = try text(row, .category)
            try coordinates(row, into: &result)
        case .address:
            guard let position = position(.number), let number = row.reader.int(row.fields[position]), number >= 0 else {
                throw RowProblem(description: "an address needs a whole house number, got '\(try text(row, .number))'")
            }
            result.number = number
            try needStreet(result)
            try coordinates(row, into: &result)
        case .intersection:
            result.crossStreet = try streetKey(row, .crossStreet)
            guard !result.street.isEmpty, !result.crossStreet.isEmpty else {
                throw RowProblem(description: "an intersection needs street and cross_street")
            }
            try coordinates(row, into: &result)
        case .segment:
            result.id = try text(row, .id)
            try needStreet(result)
            result.leftFrom = try number(row, .leftFrom)
            result.leftTo = try number(row, .leftTo)
            result.rightFrom = try number(row, .rightFrom)
            result.rightTo = try number(row, .rightTo)
            let nodes = try text(row, .nodes)
            result.nodes = nodes.split(separator: "|").map { String($0) }
            guard result.nodes.isEmpty || result.nodes.count == 2 else { throw RowProblem(description: "nodes must be 'from|to', got '\(nodes)'") }
            result.points = try points(row)
        }
        return result
    }

    func kind(_ row: Row) -> GazetteerRow.Kind? {
        guard let position = position(.kind), position < row.fields.count else { return nil }
        if row.fields[position].quoted { return (try? text(row, .kind)).flatMap(GazetteerRow.Kind.init(rawValue:)) }
        let range = row.fields[position].range
        return row.reader.bytes.withUnsafeBufferPointer { bytes in
            Self.kinds.first { $0.1.count == range.count && $0.1.elementsEqual(bytes[range]) }?.0
        }
    }

    /// `text(row, column)`, the last row's text again when the bytes are the same.
    mutating func repeatedText(_ row: Row, _ column: Column, slot: Int) throws(RowProblem) -> String {
        guard let position = position(column), position < row.fields.count else { return "" }
        let field = row.fields[position]
        if field.range.isEmpty { return "" }
        let same = !field.quoted && row.reader.bytes.withUnsafeBufferPointer { bytes in lastTown[slot].bytes.elementsEqual(bytes[field.range]) }
        if same { return lastTown[slot].text }
        let text = try self.text(row, column)
        lastTown[slot] = (field.quoted ? [] : Array(row.reader.bytes[field.range]), text)
        return text
    }

    func needStreet(_ row: GazetteerRow) throws(RowProblem) {
        if row.street.isEmpty { throw RowProblem(description: "a\(row.kind == .address ? "n" : "") \(row.kind.rawValue) needs a street") }
    }

    func number(_ row: Row, _ column: Column) throws(RowProblem) -> Int? {
        if isEmpty(row, column) { return nil }
        guard let position = position(column), let value = row.reader.int(row.fields[position]) else {
            throw RowProblem(description: "\(column.header) must be a whole number, got '\(try text(row, column))'")
        }
        return value
    }

    func coordinates(_ row: Row, into result: inout GazetteerRow) throws(RowProblem) {
        guard let latitude = position(.lat), let longitude = position(.lon),
            let lat = row.reader.double(row.fields[latitude]), let lon = row.reader.double(row.fields[longitude])
        else {
            throw RowProblem(description: "coordinates must be numbers, got lat '\(try text(row, .lat))', lon '\(try text(row, .lon))'")
        }
        guard (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw RowProblem(description: "coordinates out of range: lat \(try text(row, .lat)) (±90), lon \(try text(row, .lon)) (±180)")
        }
        result.lat = lat
        result.lon = lon
    }

    static func point(lat latText: some StringProtocol, lon lonText: some StringProtocol) throws(RowProblem) -> GeoPoint {
        guard let lat = Double(latText), let lon = Double(lonText) else {
            throw RowProblem(description: "coordinates must be numbers, got lat '\(latText)', lon '\(lonText)'")
        }
        guard (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw RowProblem(description: "coordinates out of range: lat \(latText) (±90), lon \(lonText) (±180)")
        }
        return GeoPoint(lat: lat, lon: lon)
    }

    /// A segment's line from its `points` field: read from the bytes when it is plain
    /// `lon lat;lon lat` decimals, else from its text (which also words any problem).
    func points(_ row: Row) throws(RowProblem) -> [GeoPoint] {
        if let position = position(.points), position < row.fields.count, !row.fields[position].quoted,
            let line = row.reader.plainPoints(row.fields[position]), line.count >= 2
        {
            return line
        }
        return try points(try text(row, .points))
    }

    func points(_ text: String) throws(RowProblem) -> [GeoPoint] {
        var line: [GeoPoint] = []
        for pair in text.split(separator: ";") {
            let parts = pair.split(separator: " ")
            guard parts.count == 2 else { throw RowProblem(description: "points must be 'lon lat;lon lat;...', got '\(pair)'") }
            line.append(try Self.point(lat: parts[1], lon: parts[0]))
        }
        guard line.count >= 2 else { throw RowProblem(description: "a segment needs at least two points") }
        return line
    }
}
