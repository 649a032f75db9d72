import SluiceCore

/// One row of a gazetteer CSV: a place, a point address, a street block (segment) or a listed
/// intersection. The same type is written by `sluice-gazetteer build` and read by
/// `sluice-geocode`, so the format has one definition.
///
///     kind,id,name,aliases,category,number,street,cross_street,left_from,left_to,right_from,right_to,nodes,lat,lon,points,city,state,zip
///     address,,,,,3750,18th st,,,,,,,37.762019,-122.427306,,San Francisco,CA,94114
public struct GazetteerRow: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case place, address, segment, intersection
    }

    public var kind: Kind
    public var id = ""
    public var name = ""
    /// `|`-separated other names of a place.
    public var aliases: [String] = []
    public var category = ""
    public var number: Int?
    /// A street key as `StreetNormalizer` makes it (`3rd st`).
    public var street = ""
    public var crossStreet = ""
    /// House numbers on the left and right of a segment, seen from its first point to its last.
    public var leftFrom: Int?
    public var leftTo: Int?
    public var rightFrom: Int?
    public var rightTo: Int?
    /// The ids of a segment's two end nodes (`from|to`); streets sharing a node meet there.
    public var nodes: [String] = []
    public var lat: Double?
    public var lon: Double?
    /// A segment's line, first point to last.
    public var points: [GeoPoint] = []
    /// The town the row lies in, as its source names it (`San Francisco`); empty when unknown.
    /// Two towns of one gazetteer may share a street name: the town tells them apart.
    public var city = ""
    /// The state's USPS code (`CA`); empty when unknown.
    public var state = ""
    /// The five-digit ZIP code; empty when unknown.
    public var zip = ""

    public init(kind: Kind) { self.kind = kind }

    /// The header every gazetteer starts with. Columns may come in any order; `kind` is required
    /// and each kind needs its own (see `GazetteerRow.formatHelp`).
    public static let columns = [
        "kind", "id", "name", "aliases", "category", "number", "street", "cross_street",
        "left_from", "left_to", "right_from", "right_to", "nodes", "lat", "lon", "points", "city", "state", "zip",
    ]

    /// The fields of this row in `columns` order, coordinates with 6 decimals.
    public var fields: [String] {
        [
            kind.rawValue, id, name, aliases.joined(separator: "|"), category, number.map(String.init) ?? "",
            street, crossStreet, leftFrom.map(String.init) ?? "", leftTo.map(String.init) ?? "",
            rightFrom.map(String.init) ?? "", rightTo.map(String.init) ?? "", nodes.joined(separator: "|"),
            lat.map(GeoPoint.format) ?? "", lon.map(GeoPoint.format) ?? "",
            points.map { "\(GeoPoint.format($0.lon)) \(GeoPoint.format($0.lat))" }.joined(separator: ";"),
            city, state, zip,
        ]
    }

    /// The format, as shown in `--help` of both tools and in GAZETTEER.md.
    public static let formatHelp = """
          A UTF-8 CSV. Its first line names the format version, `# sluice-gazetteer 1.1`
          (a file without that line is read as 1.0; a newer major version is refused), then a
          header row names the columns (any order; unknown columns are ignored):
            kind          place | address | segment | intersection                      (required)
            id            any identifier of the feature (CNN, OSM id, park id)          (optional)
            name          place: its name (`Coit Tower`)                               (place)
            aliases       place: other names, `|`-separated (`City Hall|SF City Hall`)
            category      place: park, school, museum, neighborhood, ...               (optional)
            number        address: the house number (`3750`)                           (address)
            street        the street key, normalised as sluice-sanitize does (`18th st`);
                          a key with capitals is normalised when read (`W Burnside Street`
                          → `w burnside st`)             (address, segment, intersection)
            cross_street  intersection: the other street's key                         (intersection)
            left_from, left_to, right_from, right_to
                          segment: house-number ranges on each side, seen walking from the
                          first point to the last (empty when the block has no addresses)
            nodes         segment: ids of its two end nodes, `from|to`; two streets meet where
                          their segments share a node                                  (segment)
            lat, lon      WGS84 degrees                          (place, address, intersection)
            points        segment: its line, `lon lat;lon lat;...`, at least two points (segment)
            city, state, zip
                          the town, state code and ZIP code the row lies in (optional; since 1.1):
                          the same street in two towns is two streets, and the towns, states
                          and ZIP codes of the rows are what the gazetteer covers
          Street keys: lower case, suffix abbreviated (`st`, `ave`, `blvd`), ordinals without
          zero padding (`3rd`), apostrophes dropped (`ofarrell st`).
        """

    /// The format version the builder writes and the loader reads: `major.minor`. A minor
    /// version adds what an older loader may ignore (a column); a major one changes what rows
    /// mean, so a loader refuses a file of a newer major version rather than misread it.
    public static let formatVersion = (major: 1, minor: 1)

    /// The first line of a gazetteer the builder writes. A file without it is read as 1.0, so
    /// every gazetteer written before the line existed still loads.
    public static var versionLine: String { "# sluice-gazetteer \(formatVersion.major).\(formatVersion.minor)" }

    /// Checks a `# sluice-gazetteer M.N` line: refuses another kind of comment and a newer major
    /// version (`M > formatVersion.major`).
    public static func checkVersion(_ line: String, source: String) throws(StageFailure) {
        let words = line.dropFirst().split(separator: " ")
        guard words.count == 2, words[0] == "sluice-gazetteer",
            let major = words[1].split(separator: ".", omittingEmptySubsequences: false).first.flatMap({ Int($0) }), major >= 1
        else {
            throw StageFailure.data(source: source, line: 1, "expected '# sluice-gazetteer M.N' (the format version) or the header, got '\(line)'")
        }
        if major > formatVersion.major {
            throw StageFailure.data(
                source: source, line: 1,
                "gazetteer format \(words[1]) is newer than this sluice-geocode reads (\(formatVersion.major).x): rebuild it or update Sluice")
        }
    }

    /// The gazetteer CSV text of `rows`, version line and header first: the file
    /// `Gazetteer.load` reads.
    public static func csv(_ rows: [GazetteerRow]) -> [UInt8] {
        var out: [UInt8] = Array((versionLine + "\n").utf8)
        CSVWriter.append(columns, to: &out)
        for row in rows { CSVWriter.append(row.fields, to: &out) }
        return out
    }
}
