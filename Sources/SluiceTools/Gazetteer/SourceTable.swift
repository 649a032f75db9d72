import SluiceCore
import SluiceGeocode

/// A source CSV read whole (inflated when it is gzip), with its columns found by header name,
/// for the gazetteer builder.
///
///     let table = try SourceTable(path: "eas-address-points/sf_eas_addresses_2025-06-25.csv")
///     for row in table.rows { table["street", row] }   // "01ST ST"
///
/// `forEachRow` is the one loop of the builder's CSV readers over a source's rows (this
/// table's, OpenAddresses' streamed CSV): a row that is not UTF-8 is skipped there, as
/// `invalid_utf8` with its bytes, and the rows after it are read.
public struct SourceTable {
    public let path: String
    public private(set) var header: [String] = []
    public private(set) var rows: [[String]] = []
    /// The file line each row started on, for messages.
    public private(set) var lines: [Int] = []
    /// The rows skipped because they are not UTF-8 (`keepsSkipped`), with their bytes.
    public private(set) var skipped: [SkippedRow] = []
    /// Each row's bytes as the file has them, for its reject (`keepsSkipped`).
    var raws: [RawRow] = []
    var positions: [String: Int] = [:]

    /// Reads the file. A source of the generic build (`keepsSkipped`: GTFS stops) skips a row
    /// that is not UTF-8 into `skipped` and keeps each row's bytes (`raw(_:)`); without, such a
    /// row stops the read (a San Francisco source is a known file: a bad byte there is a bug).
    public init(path: String, keepsSkipped: Bool = false) throws {
        self.path = path
        var reader = CSVReader(try Self.bytes(of: path))
        var (header, rows, lines, skipped, raws) = ([String](), [[String]](), [Int](), [SkippedRow](), [RawRow]())
        try Self.forEachRow(
            &reader, path: path, header: { header = $0 }, checksFieldCount: keepsSkipped,
            read: { reader, fields in try fields.map { try reader.string($0) } },
            skip: { row in
                guard keepsSkipped else { throw StageFailure.data(source: path, line: row.line, row.detail) }
                skipped.append(row)
            }
        ) { fields, line, raw in
            rows.append(fields)
            lines.append(line)
            if keepsSkipped { raws.append(raw()) }
        }
        (self.header, self.rows, self.lines, self.skipped, self.raws) = (header, rows, lines, skipped, raws)
        for (index, name) in header.enumerated() { positions[name] = index }
    }

    /// The bytes of row `index` as the file has them (kept with `keepsSkipped`; else its fields
    /// joined with commas).
    public func raw(_ index: Int) -> RawRow { index < raws.count ? raws[index] : RawRow(rows[index].joined(separator: ",")) }

    /// The most bytes of one row a streamed source holds (`CSVReader.retainLimit`), as GeoJSON
    /// lines' `OpenAddresses.longestLine`: a longer row is skipped (`row_too_long`).
    static let longestRow = 64 << 20

    /// The one loop over a source CSV's rows, shared by the builder's CSV readers: the header
    /// (its text) to `header`, then each row's fields to `read`, which makes what `body` takes
    /// of them. A row `read` cannot make because a field is not UTF-8
    /// (`CSVReader.Failure.invalidUTF8`) goes to `skip` as a skipped row (`invalid_utf8`,
    /// its bytes as they are) and the rows after it are read: its bounds are known. So does,
    /// with `checksFieldCount`, a row with more fields than the header (`field_count`: a
    /// delimiter not quoted, `MAIN ST, APT 2`, shifts the columns after it); one short of
    /// fields reads the missing ones as empty, which the reader's checks see. A streamed row
    /// over `longestRow` bytes goes to `skip` as `row_too_long`, its beginning kept. Any other
    /// failure of the CSV (a quote left open, text after a closing quote) stops the read,
    /// naming the file and line; so does a file without a header.
    ///
    /// - Complexity: O(n) in the bytes read.
    static func forEachRow<Row>(
        _ reader: inout CSVReader, path: String, header: ([String]) throws -> Void, checksFieldCount: Bool = true,
        read: (borrowing CSVReader, [CSVReader.Field]) throws -> Row, skip: (SkippedRow) throws -> Void,
        _ body: (Row, _ line: Int, _ raw: () -> RawRow) throws -> Void
    ) throws {
        var fields: [CSVReader.Field] = []
        // A streamed file's row is held up to this much: the rest of a longer one is skipped.
        reader.retainLimit = min(reader.retainLimit, longestRow)
        do {
            var names: [String] = []
            guard try reader.next(into: &names) else { throw StageFailure.data(source: path, line: nil, "empty source file") }
            if let length = reader.overlongLength {
                throw StageFailure.data(source: path, line: reader.line, "a header of \(length) bytes, longer than \(longestRow >> 20) MiB")
            }
            try header(names)
            while try reader.next(fields: &fields) {
                if let length = reader.overlongLength {
                    try skip(
                        SkippedRow(
                            source: path, line: reader.line, reason: "row_too_long",
                            detail: "a row of \(length) bytes, longer than \(longestRow >> 20) MiB: its beginning is kept",
                            raw: RawRow(reader.bytes[reader.recordRange], length: length)))
                    continue
                }
                if checksFieldCount, fields.count > names.count {
                    try skip(
                        SkippedRow(
                            source: path, line: reader.line, reason: "field_count",
                            detail: "\(fields.count) fields where the header has \(names.count): a delimiter not quoted shifts the columns after it",
                            raw: RawRow(reader.bytes[reader.recordRange])))
                    continue
                }
                let row: Row
                do {
                    row = try read(reader, fields)
                } catch CSVReader.Failure.invalidUTF8 {
                    let failure = CSVReader.Failure.invalidUTF8
                    try skip(
                        SkippedRow(
                            source: path, line: reader.line, reason: RejectReason.invalidUTF8.rawValue, detail: "\(failure)",
                            raw: RawRow(reader.bytes[reader.recordRange])))
                    continue
                }
                try body(row, reader.line) { RawRow(reader.bytes[reader.recordRange]) }
            }
        } catch let failure as CSVReader.Failure {
            throw StageFailure.data(source: path, line: reader.line, "\(failure)")
        }
    }

    /// A source file's bytes, as every CSV reader of the builder takes them: inflated when the
    /// file is gzip (`.csv.gz`, as OpenAddresses ships).
    static func bytes(of path: String) throws -> [UInt8] { try GzipFile.contents(of: path) }

    /// The named column of a row ("" when the column or the field is missing).
    public subscript(column: String, row: [String]) -> String {
        guard let position = positions[column], position < row.count else { return "" }
        return row[position].trimmingSpaces()
    }

    /// Whether the source has the named column.
    public func has(_ column: String) -> Bool { positions[column] != nil }

    /// Checks the source has the columns the builder reads, each once.
    public func require(_ columns: [String]) throws(StageFailure) {
        let missing = columns.filter { positions[$0] == nil }
        if !missing.isEmpty { throw StageFailure.data(source: path, line: 1, "missing columns: \(missing.joined(separator: ", "))") }
        try Self.checkNamedOnce(columns, in: header, path: path)
    }

    /// A column a reader reads that the header names twice (`stop_name,…,stop_name`) is an
    /// error naming it: which of the two holds it cannot be told (a reader took the first or
    /// the last, unsaid). `header` is compared as given (callers pass it trimmed or upper-cased).
    static func checkNamedOnce(_ columns: [String], in header: [String], path: String) throws(StageFailure) {
        for column in columns {
            let at = header.indices.filter { header[$0] == column }
            if at.count > 1 {
                throw StageFailure.data(
                    source: path, line: 1,
                    "the header names column '\(column)' twice (columns \(at[0] + 1) and \(at[1] + 1)): which one to read cannot be told")
            }
        }
    }

    /// A point from two text columns, when both are numbers inside San Francisco's bounds (the
    /// San Francisco sources; the generic readers use `coordinates`).
    public func point(_ row: [String], lat: String, lon: String) -> GeoPoint? {
        guard let point = coordinates(row, lat: lat, lon: lon) else { return nil }
        return SourceTable.inCity(point) ? point : nil
    }

    /// A point from two text columns, when both are numbers within ±90 and ±180, anywhere.
    public func coordinates(_ row: [String], lat: String, lon: String) -> GeoPoint? {
        guard let latitude = Double(self[lat, row]), let longitude = Double(self[lon, row]),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return GeoPoint(lat: latitude, lon: longitude)
    }

    /// San Francisco with Treasure Island and the Farallon-free coast: a box around the city.
    public static func inCity(_ point: GeoPoint) -> Bool {
        (37.69...37.84).contains(point.lat) && (-122.53 ... -122.34).contains(point.lon)
    }

    /// `LINESTRING (lon lat, lon lat, ...)` → points; nil for anything else.
    ///
    ///     SourceTable.lineString("LINESTRING (-122.39915 37.79102, -122.39859 37.79057)")?.count   // 2
    public static func lineString(_ wkt: String) -> [GeoPoint]? {
        guard wkt.hasPrefix("LINESTRING"), let open = wkt.firstIndex(of: "("), let close = wkt.lastIndex(of: ")"), open < close else { return nil }
        var points: [GeoPoint] = []
        for pair in wkt[wkt.index(after: open)..<close].split(separator: ",") {
            let parts = pair.split(separator: " ")
            guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]) else { return nil }
            points.append(GeoPoint(lat: lat, lon: lon))
        }
        return points.count >= 2 ? points : nil
    }
}
