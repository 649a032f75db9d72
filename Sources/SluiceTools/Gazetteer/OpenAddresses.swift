import SluiceCore
import SluiceGeocode
import SluiceSanitize

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// OpenAddresses point addresses, in either of the formats it publishes, told apart by the
/// first byte of the (inflated) file, not by its name: `{` starts line-delimited GeoJSON
/// (`OpenAddresses+GeoJSON.swift`), anything else is the older CSV
/// (`LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH`, columns found by name,
/// any case). Both are read with the quirks of real files:
/// - an empty number is skipped (`no_number`), as is one that does not start with a digit
///   (`bad_number`: `N12`, `A`) and number 0 (`zero_number`: US address points' placeholder);
/// - a range (`12-14`, `12–14`) gives its first number, a suffix (`12A`, `12 1/2`) is dropped:
///   both are counted (`ranges`, `suffixes`), since the gazetteer's numbers are whole; Queens'
///   block and house (`86-12`, `37-04`: `HouseNumber`) are one number, their digits joined
///   (`hyphenated`);
/// - the unit does not move the point: the builder keeps one point per street, number and town;
/// - coordinates that are not numbers, out of range or at 0,0 (a common "unknown") are skipped
///   (`bad_coordinates`), an empty street too (`no_street`);
/// - the town is `CITY`, `REGION` (the state) and `POSTCODE` (`Town`), each empty when absent.
///
/// A county's own export, one GeoJSON FeatureCollection with its own property names
/// (`ST_NUMBER`, `ST_NAME`, `ST_TYPE`), is read feature by feature with those names
/// (`Properties`: `--number-property`, `--street-property`); so are its CSV's columns.
///
///     let read = try OpenAddresses.read(path: "us/ca/san_francisco.csv")
///     read.points.first   // (street: "MARKET ST", number: 1, point: …, line: 2, town: San Francisco, CA, 94103)
public enum OpenAddresses {
    public struct Point: Equatable {
        public var street: String
        public var number: Int
        public var point: GeoPoint
        public var line: Int
        public var town: Town
        /// The record's bytes, when skipped records are kept (what its reject would carry).
        public var raw: RawRow? = nil
    }

    /// The two formats OpenAddresses has published: CSV, and one GeoJSON Feature per line
    /// (since 2020, `.geojson.gz`).
    public enum Format: Sendable { case csv, geoJSONLines }

    /// Which properties (GeoJSON) or columns (CSV, any case) hold what: OpenAddresses' names
    /// unless a source names its own. The street may be several (`ST_PREFIXD,ST_NAME,ST_TYPE`),
    /// joined with spaces, empty ones left out. A town property a feature lacks falls back to
    /// OpenAddresses' name: the options that name them name the streets' and places' too.
    public struct Properties: Sendable, Equatable {
        public var number = "number"
        public var street = ["street"]
        /// A CSV's coordinates (GeoJSON's are its geometry's).
        public var lon = "LON"
        public var lat = "LAT"
        /// The one CSV column holding the point as a location column writes it, in place of `lon`
        /// and `lat`: latitude and longitude in brackets at its end, alone or after the address
        /// (`6555 BURNET RD\nAUSTIN, TX 78757\n(30.34132, -97.73801)`, Socrata's exports).
        public var point: String?
        /// The one property holding the whole address (`1200 NE 45TH ST`), when the number and
        /// street are not apart: they are read from it (`addressText(_:)`), and the town it names.
        public var address: String?
        public var city = "city"
        public var region = "region"
        public var postcode = "postcode"

        public init() {}

        /// Each address property an option named, with the option (town properties aside: they
        /// may be only the streets' or places'), for a warning when no feature has it.
        var named: [(option: String, property: String)] {
            let defaults = Properties()
            if let address { return [("--address-property", address)] }
            return (number == defaults.number ? [] : [("--number-property", number)])
                + (street == defaults.street ? [] : street.map { ("--street-property", $0) })
        }

        /// The CSV columns the point is read from.
        var coordinateColumns: [String] { point.map { [$0] } ?? [lon, lat] }

        /// The properties (or columns) the number and street are read from.
        var addressParts: [String] { address.map { [$0] } ?? [number] + street }

        /// A record's address as its parts give it: the number, the street, and the town a whole
        /// address names (empty when it names none).
        struct AddressText {
            var number = "", street = "", city = "", region = "", postcode = ""
        }

        /// The address of a record whose parts are `parts` (`addressParts`' texts): the street's
        /// parts joined with spaces, empty ones left out; a whole address read as sluice-sanitize
        /// reads one (`86-12 91ST AVE UNIT 3` → `86-12`, `91st Ave`; `6555 BURNET RD AUSTIN, TX
        /// 78757` names Austin, TX 78757).
        func addressText(_ parts: [String]) -> AddressText {
            guard address != nil else {
                return AddressText(number: parts[0], street: parts.dropFirst().filter { !$0.isEmpty }.joined(separator: " "))
            }
            let parsed = Self.addressParser.parse(parts[0])
            // A range (`9400 - 9599 8th Av Sw`) is written as OpenAddresses writes one: its first number is kept.
            let number = (parsed.number ?? "") + (parsed.numberTo.map { "-" + $0 } ?? "")
            return AddressText(
                number: number, street: parsed.mainStreet?.display ?? "", city: parsed.city ?? "", region: parsed.state ?? "",
                postcode: parsed.zip ?? "")
        }

        static let addressParser = AddressParser()
    }

    public struct Read {
        /// The points taken (`read(path:)` keeps them here).
        public var points: [Point] = []
        public var taken = 0
        /// The records skipped, with their text (only counted in `skipCounts` when the reader
        /// was told not to keep them: a statewide file has millions of duplicates).
        public var skipped: [SkippedRow] = []
        /// How many records were skipped, by reason, kept or not.
        public var skipCounts: [String: Int] = [:]
        /// The records read: CSV rows, or GeoJSON lines that are not blank.
        public var rows = 0
        public var ranges = 0
        public var suffixes = 0
        /// Queens' block-and-house numbers (`86-12`), read as one number (`HouseNumber`).
        public var hyphenated = 0
        public var format = Format.csv
        /// The file opens as one GeoJSON FeatureCollection (a county's export), not a Feature a line.
        public var featureCollection = false
        /// The GeoJSON properties the features have, and one warning per property an option
        /// names that none has (`GeoJSONFeatures.PropertyNames`), or per option that names a
        /// CSV's columns (`--lon-property`).
        public var propertyNames: [String] = []
        public var missingProperties: [String] = []
    }

    /// Reads the whole file, keeping every usable point in `points`.
    public static func read(path: String, properties: Properties = Properties()) throws -> Read {
        var points: [Point] = []
        var read = try read(path: path, properties: properties) { point in
            points.append(point)
            return nil
        }
        read.points = points
        return read
    }

    /// Reads the file's records one at a time (a county file has a million) and hands each
    /// usable point to `take`, which returns why it refuses one (`duplicate_address` and a
    /// detail), so that the record is skipped with its text as the file has it.
    /// With `emit`, each skipped record is handed to it as it comes (for `--rejects`, written
    /// at once) rather than kept in `skipped`.
    public static func read(
        path: String, properties: Properties = Properties(), keepsSkipped: Bool = true, emit: ((SkippedRow) throws -> Void)? = nil,
        chunkSize: Int = 1 << 20, take: (Point) throws -> (reason: String, detail: String)?
    ) throws -> Read {
        var records = Records(path: path, properties: properties)
        records.keepsSkipped = keepsSkipped
        records.emit = emit
        // A CSV, plain or gzipped (a state's is a gigabyte), streams through the CSV reader a
        // window at a time, inflated a chunk at a time on the way; GeoJSON lines a line at a time.
        let file = try GzipFile.Reader(path: path, chunkSize: chunkSize)
        var first: [UInt8] = []
        while !first.contains(where: { !Self.blank.contains($0) }), let chunk = try file.next() { first += chunk }
        if format(of: first) == .geoJSONLines {
            records.read.format = .geoJSONLines
            var stream = try GeoJSONStream(path: path, readSize: chunkSize)
            if try stream.opensFeatureCollection() {
                records.read.featureCollection = true
                try readFeatures(&stream, into: &records, take: take)
            } else {
                try readLines(prefix: first, next: { try file.next() }, into: &records, take: take)
            }
            records.read.propertyNames = records.held.names
            records.read.missingProperties = records.held.warnings(for: properties.named, in: path)
            let defaults = Properties()
            if (properties.lon, properties.lat) != (defaults.lon, defaults.lat) || properties.point != nil {
                records.read.missingProperties.append(
                    "\(properties.point == nil ? "--lon-property, --lat-property" : "--point-property"): \(path) is GeoJSON, whose points are its features' geometry; the options name a CSV's columns"
                )
            }
        } else {
            var reader = CSVReader(chunks: { try file.next() }, prefix: first, mode: .strict)
            try readCSV(&reader, into: &records, take: take)
        }
        return records.read
    }

    /// The bytes that may come before a file's first record: white space and a byte-order mark.
    static let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]

    /// GeoJSON lines when the first byte that is not white space (or a byte-order mark) is `{`.
    static func format(of bytes: [UInt8]) -> Format {
        let first = bytes.first { !blank.contains($0) }
        return first == UInt8(ascii: "{") ? .geoJSONLines : .csv
    }

    static func readCSV(_ reader: inout CSVReader, into records: inout Records, take: (Point) throws -> (reason: String, detail: String)?) throws {
        let path = records.path
        let names = records.properties
        var columns: [Int?] = []
        var townColumns: [Int?] = []
        try SourceTable.forEachRow(
            &reader, path: path,
            header: { header in
                let upper = header.map { $0.trimmingSpaces().uppercased() }
                let wanted = (names.coordinateColumns + names.addressParts).map { $0.uppercased() }
                let missing = wanted.filter { !upper.contains($0) }
                if !missing.isEmpty {
                    let has = header.map { $0.trimmingSpaces() }.joined(separator: ", ")
                    throw StageFailure.data(
                        source: path, line: 1,
                        "missing columns: \(missing.joined(separator: ", ")) (the file has \(has): name them with --lon-property, --lat-property, --point-property, --number-property, --street-property or --address-property)"
                    )
                }
                // The town's columns are optional: a file without them names no town.
                columns = wanted.map { upper.firstIndex(of: $0) }
                let defaults = Properties()
                townColumns = zip([names.city, names.region, names.postcode], [defaults.city, defaults.region, defaults.postcode]).map {
                    upper.firstIndex(of: $0.uppercased()) ?? upper.firstIndex(of: $1.uppercased())
                }
                try SourceTable.checkNamedOnce(wanted + townColumns.compactMap { $0.map { upper[$0] } }, in: upper, path: path)
            },
            read: { reader, fields in
                // Only the columns read must be UTF-8: a Latin-1 byte in another leaves the row usable.
                func text(_ column: Int?) throws -> String {
                    guard let index = column, index < fields.count else { return "" }
                    return try reader.string(fields[index]).trimmingSpaces()
                }
                let address = names.addressText(try columns[names.coordinateColumns.count...].map(text))
                // The town's columns, else the town the whole address names.
                func town(_ column: Int?, or named: String) throws -> String {
                    let given = try text(column)
                    return given.isEmpty ? named : given
                }
                var record = Record(
                    number: address.number, street: address.street, city: try town(townColumns[0], or: address.city),
                    region: try town(townColumns[1], or: address.region), postcode: try town(townColumns[2], or: address.postcode))
                if names.point != nil {
                    let written = try text(columns[0])
                    let point = TrailingCoordinates.point(in: written)
                    (record.lat, record.lon, record.written) = (point?.lat, point?.lon, "'\(written)'")
                } else {
                    let (lonText, latText) = (try text(columns[0]), try text(columns[1]))
                    (record.lat, record.lon, record.written) = (Double(latText), Double(lonText), "'\(latText)', '\(lonText)'")
                }
                return record
            },
            skip: { row in
                records.read.rows += 1
                try records.skip(row.reason, row.detail, line: row.line, raw: { row.raw })
            }
        ) { record, line, raw in
            try records.add(record, line: line, raw: raw, take: take)
        }
    }

    /// One record's fields as the file gives them.
    struct Record {
        var number: String
        var street: String
        var lat: Double?
        var lon: Double?
        /// The coordinates as written (`'37.7', '-122.4'`; a point column's text), for a message.
        var written = ""
        var city = ""
        var region = ""
        var postcode = ""
    }

    /// What both formats share: the checks of a record, the points handed to `take`, the counts.
    struct Records {
        let path: String
        let properties: Properties
        var read = Read()
        /// The GeoJSON property names met, for the warnings and a file that gave no point.
        var held = GeoJSONFeatures.PropertyNames()
        /// Equal street names share one string; the last record's town is made once (a file
        /// lists a town's records together).
        var names: [String: String] = [:]
        var last: (city: String, region: String, postcode: String, town: Town) = ("", "", "", Town())

        /// Whether each skipped record is kept with its text (for `--rejects`), or only counted.
        var keepsSkipped = true
        /// Where a skipped record kept with its text goes, when not into `read.skipped`.
        var emit: ((SkippedRow) throws -> Void)?

        init(path: String, properties: Properties) { (self.path, self.properties) = (path, properties) }

        mutating func skip(_ reason: String, _ detail: @autoclosure () -> String, line: Int, raw: () -> RawRow) throws {
            read.skipCounts[reason, default: 0] += 1
            guard keepsSkipped else { return }
            let row = SkippedRow(source: path, line: line, reason: reason, detail: detail(), raw: raw())
            if let emit { try emit(row) } else { read.skipped.append(row) }
        }

        /// Checks one record and hands its point to `take`, or skips it with its reason.
        mutating func add(_ record: Record, line: Int, raw: () -> RawRow, take: (Point) throws -> (reason: String, detail: String)?) throws {
            read.rows += 1
            guard !record.number.isEmpty else { return try skip("no_number", "no house number", line: line, raw: raw) }
            guard let parsed = houseNumber(record.number) else {
                return try skip("bad_number", "house number '\(record.number)' does not start with a digit", line: line, raw: raw)
            }
            guard parsed.number != 0 else { return try skip("zero_number", zeroNumberDetail(record.number), line: line, raw: raw) }
            guard !record.street.isEmpty else { return try skip("no_street", "no street name", line: line, raw: raw) }
            guard let lat = record.lat, let lon = record.lon, (-90...90).contains(lat), (-180...180).contains(lon), lat != 0 || lon != 0 else {
                return try skip(
                    "bad_coordinates", "coordinates \(record.written) are not a position (lat ±90, lon ±180, not 0,0)",
                    line: line, raw: raw)
            }
            switch parsed.rest {
            case .whole: break
            case .range: read.ranges += 1
            case .suffix: read.suffixes += 1
            case .hyphenated: read.hyphenated += 1
            }
            let name = names[record.street] ?? record.street
            names[record.street] = name
            if (record.city, record.region, record.postcode) != (last.city, last.region, last.postcode) {
                last = (record.city, record.region, record.postcode, Town(city: record.city, state: record.region, zip: record.postcode))
            }
            let town = last.town
            let point = Point(
                street: name, number: parsed.number, point: GeoPoint(lat: lat, lon: lon), line: line, town: town, raw: keepsSkipped ? raw() : nil)
            if let refused = try take(point) {
                return try skip(refused.reason, refused.detail, line: line, raw: raw)
            }
            read.taken += 1
        }
    }

    /// Why a house number 0 (`0`, `00`, `0A`) is skipped (`zero_number`): US address points
    /// (OpenAddresses' county files, OSM imports of them) write 0 for a structure without a
    /// number; no address is numbered 0, and a point there would answer `0 Main St`.
    static func zeroNumberDetail(_ text: String) -> String {
        "house number '\(text)' is 0: a placeholder for a building without a number, not an address"
    }

    /// What followed the leading number.
    enum Rest { case whole, range, suffix, hyphenated }

    /// The leading whole number of a house number and what followed it: `12` → 12,
    /// `12-14` → 12 (range), `12A`/`12 1/2` → 12 (suffix), Queens' `86-12` → 8612 (hyphenated,
    /// as the geocoder reads a record's); nil when it starts otherwise.
    static func houseNumber(_ text: String) -> (number: Int, rest: Rest)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, let number = Int(digits) else { return nil }
        let rest = text.dropFirst(digits.count).trimmingSpaces()
        if rest.isEmpty { return (number, .whole) }
        if let joined = HouseNumber.hyphenatedValue(text) { return (joined, .hyphenated) }
        if let dash = rest.first, "-–".contains(dash), rest.dropFirst().trimmingSpaces().first?.isNumber == true { return (number, .range) }
        return (number, .suffix)
    }
}
