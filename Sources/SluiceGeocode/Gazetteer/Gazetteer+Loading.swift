#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SluiceCore

/// A gazetteer row that could not be used: where it is and why.
public struct GazetteerRowError: Error, Equatable, Sendable {
    public var line: Int
    public var reason: String
    /// The row's text as it stands in the file.
    public var raw: String
}

extension Gazetteer {
    /// Reads a gazetteer CSV file. A missing file exits 66; a bad row stops with
    /// `file:line: error: reason` (exit 65) unless `skipBadRow` takes it and returns true.
    ///
    ///     let g = try Gazetteer.load(path: "data/sf-gazetteer.csv")
    public static func load(path: String, skipBadRow: (GazetteerRowError) throws -> Bool = { _ in false }) throws -> Gazetteer {
        let bytes = try readFile(path)
        return try parse(bytes, source: path, skipBadRow: skipBadRow)
    }

    /// Parses gazetteer CSV text already in memory (`source` names it in errors).
    public static func parse(_ bytes: [UInt8], source: String, skipBadRow: (GazetteerRowError) throws -> Bool = { _ in false }) throws -> Gazetteer {
        var reader = CSVReader(bytes)
        var fields: [String] = []
        var header: [String] = []
        do {
            guard try reader.next(into: &header) else { throw StageFailure.data(source: source, line: nil, "empty gazetteer: no header row") }
        } catch let failure as CSVReader.Failure {
            throw StageFailure.data(source: source, line: 1, "\(failure)")
        }
        let columns = try ColumnMap(header: header, source: source)
        var gazetteer = Gazetteer()
        while true {
            let row: GazetteerRow
            do {
                guard try reader.next(into: &fields) else { break }
                row = try columns.row(fields)
            } catch {
                let rowError = GazetteerRowError(
                    line: reader.line, reason: String(describing: error), raw: reader.lastRecordText)
                if case .unterminatedQuote = error as? CSVReader.Failure {
                    // Nothing after an open quote can be read as rows: always fatal.
                    throw StageFailure.data(source: source, line: rowError.line, rowError.reason)
                }
                if error is CSVReader.Failure { reader.skipToLineEnd() }
                if try skipBadRow(rowError) { continue }
                throw StageFailure.data(source: source, line: rowError.line, rowError.reason)
            }
            gazetteer.add(row)
        }
        gazetteer.finish()
        return gazetteer
    }

    static func readFile(_ path: String) throws(StageFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code: ExitCode = errno == ENOENT ? .noInput : .ioError
            throw StageFailure(code, "\(path): cannot open gazetteer: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw StageFailure(.ioError, "\(path): cannot read gazetteer: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[..<n])
        }
        return bytes
    }
}

/// A bad value in a gazetteer row, worded for the `file:line: error:` message.
struct RowProblem: Error, CustomStringConvertible {
    var description: String
}

/// Which field holds which column, from the header.
struct ColumnMap {
    var positions: [String: Int] = [:]
    var count: Int

    init(header: [String], source: String) throws(StageFailure) {
        for (index, name) in header.enumerated() { positions[name.trimmingSpaces().lowercased()] = index }
        count = header.count
        guard positions["kind"] != nil else {
            throw StageFailure.data(source: source, line: 1, "gazetteer header has no 'kind' column (columns: \(GazetteerRow.columns.joined(separator: ",")))")
        }
    }

    func field(_ fields: [String], _ name: String) -> String {
        guard let position = positions[name], position < fields.count else { return "" }
        return fields[position]
    }

    /// Turns the fields of one line into a checked row.
    func row(_ fields: [String]) throws(RowProblem) -> GazetteerRow {
        guard fields.count == count else { throw RowProblem(description: "expected \(count) columns, found \(fields.count)") }
        let kindText = field(fields, "kind")
        guard let kind = GazetteerRow.Kind(rawValue: kindText) else {
            throw RowProblem(description: "unknown kind '\(kindText)' (expected place, address, segment or intersection)")
        }
        var row = GazetteerRow(kind: kind)
        row.id = field(fields, "id")
        row.street = field(fields, "street")
        switch kind {
        case .place:
            row.name = field(fields, "name")
            guard !row.name.isEmpty else { throw RowProblem(description: "a place needs a name") }
            row.aliases = field(fields, "aliases").split(separator: "|").map { String($0) }
            row.category = field(fields, "category")
            try coordinates(fields, into: &row)
        case .address:
            guard let number = Int(field(fields, "number")), number >= 0 else {
                throw RowProblem(description: "an address needs a whole house number, got '\(field(fields, "number"))'")
            }
            row.number = number
            try needStreet(row)
            try coordinates(fields, into: &row)
        case .intersection:
            row.crossStreet = field(fields, "cross_street")
            guard !row.street.isEmpty, !row.crossStreet.isEmpty else { throw RowProblem(description: "an intersection needs street and cross_street") }
            try coordinates(fields, into: &row)
        case .segment:
            try needStreet(row)
            row.leftFrom = try number(fields, "left_from")
            row.leftTo = try number(fields, "left_to")
            row.rightFrom = try number(fields, "right_from")
            row.rightTo = try number(fields, "right_to")
            row.nodes = field(fields, "nodes").split(separator: "|").map { String($0) }
            guard row.nodes.isEmpty || row.nodes.count == 2 else { throw RowProblem(description: "nodes must be 'from|to', got '\(field(fields, "nodes"))'") }
            row.points = try points(field(fields, "points"))
        }
        return row
    }

    func needStreet(_ row: GazetteerRow) throws(RowProblem) {
        if row.street.isEmpty { throw RowProblem(description: "a\(row.kind == .address ? "n" : "") \(row.kind.rawValue) needs a street") }
    }

    func number(_ fields: [String], _ name: String) throws(RowProblem) -> Int? {
        let text = field(fields, name)
        if text.isEmpty { return nil }
        guard let value = Int(text) else { throw RowProblem(description: "\(name) must be a whole number, got '\(text)'") }
        return value
    }

    func coordinates(_ fields: [String], into row: inout GazetteerRow) throws(RowProblem) {
        let point = try Self.point(lat: field(fields, "lat"), lon: field(fields, "lon"))
        row.lat = point.lat
        row.lon = point.lon
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
