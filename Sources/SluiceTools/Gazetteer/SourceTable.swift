import SluiceCore
import SluiceGeocode

/// A source CSV read whole (inflated when it is gzip), with its columns found by header name,
/// for the gazetteer builder.
///
///     let table = try SourceTable(path: "eas-address-points/sf_eas_addresses_2025-06-25.csv")
///     for row in table.rows { table["street", row] }   // "01ST ST"
public struct SourceTable {
    public let path: String
    public private(set) var header: [String] = []
    public private(set) var rows: [[String]] = []
    /// The file line each row started on, for messages.
    public private(set) var lines: [Int] = []
    var positions: [String: Int] = [:]

    public init(path: String) throws {
        self.path = path
        var reader = CSVReader(try Self.bytes(of: path))
        var fields: [String] = []
        do {
            guard try reader.next(into: &header) else { throw StageFailure.data(source: path, line: nil, "empty source file") }
            for (index, name) in header.enumerated() { positions[name] = index }
            while try reader.next(into: &fields) {
                rows.append(fields)
                lines.append(reader.line)
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

    /// Checks the source has the columns the builder reads.
    public func require(_ columns: [String]) throws(StageFailure) {
        let missing = columns.filter { positions[$0] == nil }
        if !missing.isEmpty { throw StageFailure.data(source: path, line: 1, "missing columns: \(missing.joined(separator: ", "))") }
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
