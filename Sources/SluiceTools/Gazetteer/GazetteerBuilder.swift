import SluiceCore
import SluiceGeocode
import SluiceSanitize

/// Builds a gazetteer: San Francisco's from the public sources in one folder (see
/// `data/sf-gazetteer.SOURCE.md`), and any city's from the open formats of `inputs`
/// (`GazetteerBuilder+Generic.swift`): point addresses, street blocks with address ranges and
/// lines, intersections, and named places. The output is sorted, so the same sources always
/// give the same bytes.
///
///     var builder = GazetteerBuilder(sources: "../shared/data/gazetteer-sources")
///     builder.excluded = ["food-trucks"]            // e.g. to evaluate against that source
///     let rows = try builder.build()                // then GazetteerRow.csv(rows)
///
///     var city = GazetteerBuilder(sources: nil)
///     city.inputs.openAddresses = ["multnomah.csv.gz"]
///
/// - Complexity: O(n log n) in the source rows; about 250k rows for San Francisco.
public struct GazetteerBuilder {
    /// Each source the builder reads, by the name `--exclude` takes, and its file.
    public static let sources: [(name: String, file: String)] = [
        ("eas", "eas-address-points/sf_eas_addresses_2025-06-25.csv"),
        ("streets", "list-of-streets-and-intersections/List_of_Streets_and_Intersections.csv"),
        ("centerlines", "centerline-segments/sf_street_segments.csv"),
        ("speed-limits", "speed-limit-segments/Speed_Limits.csv"),
        ("junctions", "intersections/sf_junctions.csv"),
        ("intersection-pairs", "intersection-permutations/sf-intersections.json"),
        ("parks", "Recreation_and_Parks_Properties.csv"),
        ("schools", "public-schools/sf_public_schools.csv"),
        ("landmarks", "landmarks/landmarks_combined.csv"),
        ("food-trucks", "Mobile_Food_Facility_Permit.csv"),
        ("bart", "transit-stops/bart_stops.txt"),
        ("caltrain", "transit-stops/caltrain_stops.txt"),
        ("muni", "transit-stops/muni_stops.txt"),
        ("businesses", "food-businesses/bus_ds100_2019.csv"),
        ("businesses-older", "food-businesses/businesses_ds100_older.csv"),
        ("osm-points", "osm-named-points/osm_sf_ne_named_points.csv"),
        ("street-names", "Street_Names.csv"),
    ]

    /// The places that come with this repository (`data/sources`): OpenStreetMap points
    /// citywide, bars, colleges. Each name's file is under `bundledFolder`.
    public static let bundledSources: [(name: String, file: String)] = [
        ("osm-citywide", "protomaps-sf-pois/sf_named_points.csv"),
        ("osm-piers", "protomaps-sf-pois/sf_named_pier_lines.csv"),
        ("osm-bars", "osm-bars-2025/sf_osm_bars.csv"),
        ("colleges", "ipeds-hd2013/hd2013_sf.csv"),
    ]

    /// A San Francisco source row's town with the ZIP it gives, when that ZIP is the city's:
    /// San Francisco's are all 941xx (USPS sectional centre 941); a business's mailing ZIP in
    /// San Jose (`95133`) or a typo says nothing of where its place in the city lies.
    static func sanFrancisco(zip: String) -> Town {
        let town = Town.sanFrancisco.zip(zip)
        return town.zip.hasPrefix("941") ? town : .sanFrancisco
    }

    /// The folder of `sources`, or nil to build from generic inputs only.
    public var sourcesFolder: String?
    /// Files in the open formats (OpenAddresses, GeoJSON, GTFS, gazetteers), each by its kind.
    public var inputs = Inputs()
    /// The folder of `bundledSources`, or nil to build without them.
    public var bundledFolder: String?
    public var excluded: Set<String> = []
    /// A hand-curated alias list (`data/sf-landmark-aliases.csv`), or nil.
    public var aliasesPath: String?
    /// What each source contributed, for the summary and SOURCE.md.
    public internal(set) var report: [String] = []
    /// The inputs named on the command line (`--osm ways.osm`) that gave no row, each with what
    /// it read and skipped and, where known, why: `sluice-gazetteer build` warns of each.
    public internal(set) var inputsWithoutRows: [String] = []
    /// Why an input gave no rows, by its name on the command line, where its reader can tell.
    public internal(set) var noRowsBecause: [String: String] = [:]
    /// Each property a GeoJSON option names that no feature of its file has (`--range-properties
    /// l_from` where the file has `L_From`): `sluice-gazetteer build` warns of each, even when the
    /// build gives no rows.
    public internal(set) var missingProperties: [String] = []
    /// What each report line says its source read and skipped (`12 rows read, 2 skipped (no_number 2)`).
    var readParts: [String] = []
    /// Point addresses added without an origin (EAS, a merged gazetteer's).
    var plainAddresses = 0
    /// The rows every source offered so far (places merged or not, segments, intersections, point
    /// addresses): a source that leaves it unchanged gave nothing.
    var rowsOffered: Int { placeTowns.rows + segments.count + intersections.count + pointOrder + plainAddresses }

    /// Whether skipped rows are kept (`--rejects`): a TIGER edge whose points are not degrees
    /// is then one of them; without, it stops the build.
    public var keepsRejects = false
    /// The rows the generic readers skipped, with file, line and reason (for `--rejects`), in
    /// reading order: handed to `rejects.sink` as they come when it is set, else kept here.
    public var skipped: [SkippedRow] { rejects.kept }
    let rejects = RejectStream()
    /// How many rows the readers skipped, kept (or written) or only counted.
    public internal(set) var skippedCount = 0
    /// Point addresses held in memory before they are sorted to a temporary file
    /// (`--run-size`); the runs are merged as the rows are written.
    public var runSize = 250_000
    /// The sorted runs written so far (nil until the first: a city's build never needs one).
    var addressRuns: SortedRuns?
    /// Every street key a run names, by number (a state has about 10⁵; a run holds numbers).
    var streetIDs: [String: Int32] = [:]
    var streetNames: [String] = []
    /// The sources whose points may turn out duplicates only at the merge (a point an earlier
    /// run holds): OpenAddresses and OpenStreetMap files, with what they report.
    var addressOrigins: [AddressOrigin] = []
    /// The points of those sources taken so far: each one's place in reading order.
    var pointOrder = 0
    /// With `--rejects`, what the held points' late rejects would need, until the next run.
    var pointExtras: [PointExtra] = []
    /// Once runs are written: points whose address is held already, until the next run.
    var heldDuplicates: [(key: AddressKey, value: AddressPoint)] = []

    var places: [GazetteerRow] = []
    /// Places by the key of their name, to merge the same place from two sources.
    var placesByKey: [String: [Int]] = [:]
    /// The place each merged place's id now stands for.
    var mergedIDs: [String: Int] = [:]
    /// Places merged into one of the same name so far.
    var merged = 0
    /// The towns of the places offered so far (merged or not), for each source's report.
    var placeTowns = TownCount()
    var segments: [GazetteerRow] = []
    var intersections: [GazetteerRow] = []
    /// Point addresses: a point per street key, number and town (a million for a county, so no
    /// `GazetteerRow` each until they are written, and a town's index instead of its strings).
    var addresses: [AddressKey: AddressPoint] = [:]
    /// The towns rows name (`intern`), by index; each one's `Town.key` by index in `townKeys`.
    var towns: [Town] = []
    var townIDs: [Town: Int32] = [:]
    var townKeyIDs: [Int32] = []
    var townKeys: [String] = []
    var townKeyIndex: [String: Int32] = [:]
    var lastInterned: (town: Town, ids: (town: Int32, key: Int32))?

    /// A point address's street key, number and town (`Town.key`'s index): one point per
    /// triple, so two towns' `100 Main St` are two addresses.
    struct AddressKey: Hashable {
        var street: String
        var number: Int
        var town: Int32
        init(_ street: String, _ number: Int, town: Int32) { (self.street, self.number, self.town) = (street, number, town) }
    }

    /// Where an address is, and its town with its ZIP (an index into `towns`); for a point of
    /// an `addressOrigins` source, that source, and with `--rejects` what its reject needs if
    /// an earlier run turns out to hold its address (`pointExtras`, kept apart: 28 bytes here).
    struct AddressPoint {
        var point: GeoPoint
        var town: Int32
        var origin: Int32 = -1
        var extra: Int32 = -1
    }

    /// A point's line, reading order, rows skipped before it and bytes, for its late reject.
    struct PointExtra {
        var line: Int
        var order: Int
        var rejectsBefore: Int
        var raw: RawRow
    }

    /// The index of a town in `towns`, and of its `Town.key` in `townKeys`.
    mutating func intern(_ town: Town) -> (town: Int32, key: Int32) {
        // Sources list a town's rows together: comparing with the last town beats hashing it.
        if let last = lastInterned, last.town == town { return last.ids }
        let ids: (town: Int32, key: Int32)
        if let id = townIDs[town] {
            ids = (id, townKeyIDs[Int(id)])
        } else {
            let key = town.key
            let keyID = townKeyIndex[key] ?? Int32(townKeys.count)
            if keyID == Int32(townKeys.count) {
                townKeys.append(key)
                townKeyIndex[key] = keyID
            }
            ids = (Int32(towns.count), keyID)
            towns.append(town)
            townIDs[town] = ids.town
            townKeyIDs.append(keyID)
        }
        lastInterned = (town, ids)
        return ids
    }

    /// The key of an address at `street` and `number` in `town`.
    mutating func addressKey(_ street: String, _ number: Int, in town: Town) -> AddressKey {
        AddressKey(street, number, town: intern(town).key)
    }

    public init(sources: String?) { sourcesFolder = sources }

    func path(_ name: String) -> String? {
        guard !excluded.contains(name) else { return nil }
        if let file = Self.sources.first(where: { $0.name == name })?.file { return sourcesFolder.map { $0 + "/" + file } }
        guard let folder = bundledFolder, let file = Self.bundledSources.first(where: { $0.name == name })?.file else { return nil }
        return folder + "/" + file
    }

    /// The street key every row uses.
    static func key(_ street: String) -> String { StreetNormalizer.normalize(street).key }

    /// Reads every source not excluded and returns the rows in output order: places, then
    /// segments, intersections and addresses, each sorted.
    public mutating func build() throws -> [GazetteerRow] {
        var rows: [GazetteerRow] = []
        try build { rows.append($0) }
        return rows
    }

    /// `build()`, handing each row to `write` in output order instead of keeping them: a
    /// county's million address rows are made one at a time from the sorted points, and
    /// `sluice-gazetteer build` writes each as it comes (the rows and the output's bytes were
    /// 1.1 GB of a 10M-row build's 4.9 GB peak).
    public mutating func build(_ write: (GazetteerRow) throws -> Void) throws {
        if sourcesFolder != nil || bundledFolder != nil {
            try addSegments()
            try addIntersections()
            try addAddresses()
            try addPlaces()
            try addPointsOfInterest()
            try addAliases()
            try checkStreetNames()
        }
        try addGenericSources()
        let sortedSegments = segments.sorted { ($0.street, $0.id) < ($1.street, $1.id) }
        let sortedIntersections = intersections.sorted {
            ($0.street, $0.crossStreet, $0.lat ?? 0, $0.lon ?? 0) < ($1.street, $1.crossStreet, $1.lat ?? 0, $1.lon ?? 0)
        }
        for row in places { try write(row) }
        for row in sortedSegments { try write(row) }
        for row in sortedIntersections { try write(row) }
        try forEachAddressRow(write)
        // A program's build keeps its rejects: the late ones go in their place now.
        if rejects.sink == nil { try rejects.forEachLate { _, _ in } }
    }

    /// Point addresses from EAS, then food-truck permit addresses EAS lacks.
    mutating func addAddresses() throws {
        if let path = path("eas") {
            let table = try SourceTable(path: path)
            try table.require(["street", "number", "lat", "lon"])
            var count = 0
            for row in table.rows {
                guard let number = Int(table["number", row]), let point = table.point(row, lat: "lat", lon: "lon") else { continue }
                addAddress(street: Self.key(table["street", row]), number: number, point: point, town: .sanFrancisco)
                count += 1
            }
            // EAS gives no ZIP: its addresses have San Francisco's town and no ZIP.
            report.append("eas: \(count) point addresses (town San Francisco, CA; no ZIP in the source)")
        }
        if let path = path("food-trucks") {
            let table = try SourceTable(path: path)
            try table.require(["Address", "Latitude", "Longitude"])
            var count = 0
            for row in table.rows {
                let words = table["Address", row].split(separator: " ")
                guard words.count >= 2, let number = Int(words[0]), let point = table.point(row, lat: "Latitude", lon: "Longitude") else { continue }
                let street = Self.key(words.dropFirst().joined(separator: " "))
                if addresses[addressKey(street, number, in: .sanFrancisco)] == nil {
                    addAddress(street: street, number: number, point: point, town: .sanFrancisco)
                    count += 1
                }
            }
            report.append("food-trucks: \(count) point addresses not in EAS (San Francisco, CA; no ZIP)")
        }
    }

    mutating func addAddress(street: String, number: Int, point: GeoPoint, town: Town) {
        let (id, key) = intern(town)
        addresses[AddressKey(street, number, town: key)] = AddressPoint(point: point, town: id)
        plainAddresses += 1
    }

    /// The point addresses held in memory, by street, number and town.
    func sortedAddresses() -> [(key: AddressKey, value: AddressPoint)] {
        addresses.sorted {
            ($0.key.street, $0.key.number, townKeys[Int($0.key.town)]) < ($1.key.street, $1.key.number, townKeys[Int($1.key.town)])
        }
    }

    /// The point addresses as rows, by street, number and town, each made when `body` wants it:
    /// from memory, or, once a run was written, merged from the runs.
    mutating func forEachAddressRow(_ body: (GazetteerRow) throws -> Void) throws {
        if addressRuns != nil { return try mergeAddressRuns(body) }
        try forEachHeldAddressRow(body)
    }

    /// The point addresses held in memory as rows, in order (all of them until a run is written).
    func forEachHeldAddressRow(_ body: (GazetteerRow) throws -> Void) rethrows {
        for (key, address) in sortedAddresses() {
            var row = GazetteerRow(kind: .address)
            row.street = key.street
            row.number = key.number
            row.lat = address.point.lat
            row.lon = address.point.lon
            towns[Int(address.town)].write(to: &row)
            try body(row)
        }
    }
}
