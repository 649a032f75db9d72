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
        public var points: [Point] = []
        public var skipped: [SkippedRow] = []
        public var rows = 0
        public var ranges = 0
        public var suffixes = 0
    }

    public static func read(path: String) throws -> Read {
        let table = try SourceTable(path: path)
        func column(_ name: String) -> String { table.header.first { $0.trimmingSpaces().uppercased() == name } ?? name }
        let (lon, lat, number, street) = (column("LON"), column("LAT"), column("NUMBER"), column("STREET"))
        try table.require([lon, lat, number, street])
        var read = Read()
        read.rows = table.rows.count
        for (index, row) in table.rows.enumerated() {
            let line = table.lines[index]
            func skip(_ reason: String, _ detail: String) {
                read.skipped.append(SkippedRow(source: path, line: line, reason: reason, detail: detail, raw: row.joined(separator: ",")))
            }
            let text = table[number, row]
            guard !text.isEmpty else {
                skip("no_number", "no house number")
                continue
            }
            guard let parsed = houseNumber(text) else {
                skip("bad_number", "house number '\(text)' does not start with a digit")
                continue
            }
            let name = table[street, row]
            guard !name.isEmpty else {
                skip("no_street", "no street name")
                continue
            }
            guard let point = table.coordinates(row, lat: lat, lon: lon), point.lat != 0 || point.lon != 0 else {
                skip("bad_coordinates", "coordinates '\(table[lat, row])', '\(table[lon, row])' are not a position (lat ±90, lon ±180, not 0,0)")
                continue
            }
            switch parsed.rest {
            case .whole: break
            case .range: read.ranges += 1
            case .suffix: read.suffixes += 1
            }
            read.points.append(Point(street: name, number: parsed.number, point: point, line: line))
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
