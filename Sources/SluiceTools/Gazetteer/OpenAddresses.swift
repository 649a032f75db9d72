import SluiceCore
import SluiceGeocode

/// An OpenAddresses CSV (`LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH`,
/// columns found by name, any case) as point addresses, with the quirks of real files:
/// - an empty number is skipped (`no_number`), as is one that does not start with a digit
///   (`bad_number`: `N12`, `A`);
/// - a range (`12-14`, `12–14`) gives its first number, a suffix (`12A`, `12 1/2`) is dropped:
///   both are counted (`ranges`, `suffixes`), since the gazetteer's numbers are whole;
/// - the unit does not move the point: the builder keeps one point per street and number;
/// - coordinates that are not numbers, out of range or at 0,0 (a common "unknown") are skipped
///   (`bad_coordinates`), an empty street too (`no_street`).
///
///     let read = try OpenAddresses.read(path: "us/ca/san_francisco.csv")
///     read.points.first   // (street: "MARKET ST", number: 1, point: …, line: 2)
public enum OpenAddresses {
    public struct Point: Equatable {
        public var street: String
        public var number: Int
        public var point: GeoPoint
        public var line: Int
    }

    public struct Read {
        /// The points taken (`read(path:)` keeps them here).
        public var points: [Point] = []
        public var taken = 0
        public var skipped: [SkippedRow] = []
        public var rows = 0
        public var ranges = 0
        public var suffixes = 0
    }

    /// Reads the whole file, keeping every usable point in `points`.
    public static func read(path: String) throws -> Read {
        var points: [Point] = []
        var read = try read(path: path) { point in
            points.append(point)
            return nil
        }
        read.points = points
        return read
    }

    /// Reads the file's records one at a time, making strings of the four columns it uses
    /// only (a county file has a million rows), and hands each usable point to `take`, which
    /// returns why it refuses one (`duplicate_address` and a detail), so that the row is
    /// skipped with its text as the file has it. Equal street names share one string.
    public static func read(path: String, take: (Point) -> (reason: String, detail: String)?) throws -> Read {
        var reader = CSVReader(try SourceTable.bytes(of: path))
        var header: [String] = []
        var fields: [CSVReader.Field] = []
        var read = Read()
        var names: [String: String] = [:]
        do {
            guard try reader.next(into: &header) else { throw StageFailure.data(source: path, line: nil, "empty source file") }
            let upper = header.map { $0.trimmingSpaces().uppercased() }
            let wanted = ["LON", "LAT", "NUMBER", "STREET"]
            let columns = wanted.compactMap { upper.firstIndex(of: $0) }
            let missing = wanted.filter { !upper.contains($0) }
            if !missing.isEmpty { throw StageFailure.data(source: path, line: 1, "missing columns: \(missing.joined(separator: ", "))") }
            while try reader.next(fields: &fields) {
                read.rows += 1
                let line = reader.line
                func text(_ column: Int) throws -> String {
                    columns[column] < fields.count ? try reader.string(fields[columns[column]]).trimmingSpaces() : ""
                }
                func skip(_ reason: String, _ detail: String) {
                    let raw = String(decoding: reader.bytes[reader.recordRange], as: UTF8.self)
                    read.skipped.append(SkippedRow(source: path, line: line, reason: reason, detail: detail, raw: raw))
                }
                let number = try text(2)
                guard !number.isEmpty else {
                    skip("no_number", "no house number")
                    continue
                }
                guard let parsed = houseNumber(number) else {
                    skip("bad_number", "house number '\(number)' does not start with a digit")
                    continue
                }
                let street = try text(3)
                guard !street.isEmpty else {
                    skip("no_street", "no street name")
                    continue
                }
                let (latText, lonText) = (try text(1), try text(0))
                guard let lat = Double(latText), let lon = Double(lonText), (-90...90).contains(lat), (-180...180).contains(lon), lat != 0 || lon != 0
                else {
                    skip("bad_coordinates", "coordinates '\(latText)', '\(lonText)' are not a position (lat ±90, lon ±180, not 0,0)")
                    continue
                }
                switch parsed.rest {
                case .whole: break
                case .range: read.ranges += 1
                case .suffix: read.suffixes += 1
                }
                let name = names[street] ?? street
                names[street] = name
                if let refused = take(Point(street: name, number: parsed.number, point: GeoPoint(lat: lat, lon: lon), line: line)) {
                    skip(refused.reason, refused.detail)
                    continue
                }
                read.taken += 1
            }
        } catch let failure as CSVReader.Failure {
            throw StageFailure.data(source: path, line: reader.line, "\(failure)")
        }
        return read
    }

    /// What followed the leading number.
    enum Rest { case whole, range, suffix }

    /// The leading whole number of a house number and what followed it: `12` → 12,
    /// `12-14` → 12 (range), `12A`/`12 1/2` → 12 (suffix); nil when it starts otherwise.
    static func houseNumber(_ text: String) -> (number: Int, rest: Rest)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, let number = Int(digits) else { return nil }
        let rest = text.dropFirst(digits.count).trimmingSpaces()
        if rest.isEmpty { return (number, .whole) }
        if let dash = rest.first, "-–".contains(dash), rest.dropFirst().trimmingSpaces().first?.isNumber == true { return (number, .range) }
        return (number, .suffix)
    }
}
