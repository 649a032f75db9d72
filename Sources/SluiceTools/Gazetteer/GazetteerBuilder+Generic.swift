import SluiceCore
import SluiceGeocode

/// The open formats any city's data comes in, each input named with its kind on the command
/// line: OpenAddresses CSV, TIGER/Line edges, GeoJSON streets and places, GTFS stops and
/// gazetteers already built (merged). Rows a reader cannot use are kept in `skipped`.
extension GazetteerBuilder {
    /// The generic inputs of a build.
    public struct Inputs: Sendable {
        public var openAddresses: [String] = []
        public var tigerEdges: [String] = []
        public var streets: [String] = []
        public var places: [String] = []
        public var gtfsStops: [String] = []
        public var gazetteers: [String] = []
        /// OpenStreetMap extracts (`.osm.pbf`, `.osm`, `.osm.gz`).
        public var osm: [String] = []
        /// The GeoJSON property that names a street, and a place.
        public var streetNameProperty = "name"
        public var placeNameProperty = "name"
        /// `LF,LT,RF,RT` and `FROM,TO` property names of GeoJSON streets, when they have them.
        public var rangeProperties: [String] = []
        public var nodeProperties: [String] = []
        public var categoryProperty: String?
        public var aliasesProperty: String?
        /// The GeoJSON properties holding a feature's town, state and ZIP, when it has them.
        public var cityProperty: String?
        public var stateProperty: String?
        public var zipProperty: String?
        /// The properties (or CSV columns) of `openAddresses` files holding the number, street
        /// and town, when not OpenAddresses' (`--number-property`, `--street-property`).
        public var addressProperties = OpenAddresses.Properties()
        /// `--city`, `--state`: the town of every row whose source names none.
        public var town = Town()

        public init() {}

        public var isEmpty: Bool { named.isEmpty }

        /// Each input as the command line names it (`--osm town.osm.pbf`), kind by kind.
        public var named: [String] {
            let kinds = [
                ("openaddresses", openAddresses), ("tiger-edges", tigerEdges), ("streets", streets), ("places", places), ("gtfs-stops", gtfsStops),
                ("gazetteer", gazetteers), ("osm", osm),
            ]
            return kinds.flatMap { option, paths in paths.map { "--\(option) \($0)" } }
        }
    }

    /// Reads every generic input: gazetteers first (what was curated before wins a merge),
    /// then addresses, streets, places and stops, each kind in the order given, and last the
    /// OpenStreetMap extracts (the city's own data wins a merge).
    mutating func addGenericSources() throws {
        for path in inputs.gazetteers {
            let mark = inputMark
            try addGazetteer(path)
            noteIfEmpty("--gazetteer \(path)", since: mark)
        }
        for path in inputs.openAddresses {
            let mark = inputMark
            let why = try addOpenAddresses(path)
            noteIfEmpty("--openaddresses \(path)", since: mark, why: why)
        }
        for path in inputs.tigerEdges {
            let mark = inputMark
            defer { noteIfEmpty("--tiger-edges \(path)", since: mark) }
            let read = try TigerEdges.read(shp: path, rejectingBadCoordinates: keepsRejects)
            // TIGER's node ids are national: one prefix for every file, so adjacent counties meet.
            try addStreetLines(
                read.lines, skipped: read.skipped, source: "tiger-edges \(path)", nodePrefix: "tiger", rows: read.records, unit: "edges",
                more:
                    "; \(read.notRoads) edges not roads (water, rail, boundaries) left out, \(read.rangesLeftOut.count) ranges not whole numbers left out (bad_range)"
            )
            for row in read.rangesLeftOut { try rejects.emit(row) }
            skippedCount += read.rangesLeftOut.count
        }
        for path in inputs.streets {
            let mark = inputMark
            defer { noteIfEmpty("--streets \(path)", since: mark) }
            var reader = GeoJSONFeatures(path: path, prefix: Self.prefix(path), nameProperty: inputs.streetNameProperty)
            reader.townProperties = (inputs.cityProperty, inputs.stateProperty, inputs.zipProperty)
            reader.rangeProperties = inputs.rangeProperties
            reader.nodeProperties = inputs.nodeProperties
            let read = try reader.streets()
            missingProperties += read.missingProperties
            try addStreetLines(
                read.values, skipped: read.skipped, source: "streets \(path)", nodePrefix: Self.prefix(path), rows: read.features, unit: "features")
        }
        for path in inputs.places {
            let mark = inputMark
            defer { noteIfEmpty("--places \(path)", since: mark) }
            var reader = GeoJSONFeatures(path: path, prefix: Self.prefix(path), nameProperty: inputs.placeNameProperty)
            reader.townProperties = (inputs.cityProperty, inputs.stateProperty, inputs.zipProperty)
            reader.categoryProperty = inputs.categoryProperty
            reader.aliasesProperty = inputs.aliasesProperty
            reader.nameOption = inputs.placeNameProperty == inputs.streetNameProperty ? "--name-property" : "--place-name-property"
            let read = try reader.places()
            missingProperties += read.missingProperties
            let placesBefore = placeMark
            for place in read.values {
                addPlace(
                    name: place.name, aliases: place.aliases, category: place.category, id: place.id, point: place.point,
                    town: place.town.filled(by: inputs.town))
            }
            try note(
                "places \(path)", rows: read.features, unit: "features", skipped: read.skipped, placesAdded(read.values.count, since: placesBefore))
        }
        for path in inputs.gtfsStops {
            let mark = inputMark
            defer { noteIfEmpty("--gtfs-stops \(path)", since: mark) }
            let placesBefore = placeMark
            let read = try addStops(path: path, source: Self.prefix(path), agency: nil, town: inputs.town)
            try note("gtfs-stops \(path)", rows: read.rows, unit: "stops", skipped: read.skipped, placesAdded(read.added, since: placesBefore))
        }
        for path in inputs.osm {
            let mark = inputMark
            let why = try addOSMExtract(path)
            noteIfEmpty("--osm \(path)", since: mark, why: why)
        }
    }

    /// Where the rows offered and the report stood before an input was read.
    var inputMark: (rows: Int, parts: Int) { (rowsOffered, readParts.count) }

    /// An input that offered no row since `mark` goes in `inputsWithoutRows`, with what its
    /// report lines say it read and skipped, and `why` when the reader knows: a user who named
    /// a source and got nothing from it is told, though the other sources make a gazetteer.
    mutating func noteIfEmpty(_ input: String, since mark: (rows: Int, parts: Int), why: String? = nil) {
        guard rowsOffered == mark.rows else { return }
        let read = readParts[mark.parts...].joined(separator: "; ")
        inputsWithoutRows.append("\(input) gave no rows: \(read.isEmpty ? "nothing read" : read)" + (why.map { "; " + $0 } ?? ""))
        if let why { noRowsBecause[input] = why }
    }

    /// One report line per source: what it held, what was skipped (by reason), what it gave.
    /// `counts`, when given, are the rows skipped by reason, of which `dropped` holds only those
    /// kept (none without `--rejects`, for a reader that can count without keeping; none for
    /// one that emitted them as they came).
    mutating func note(
        _ source: String, rows: Int, unit: String, skipped dropped: [SkippedRow], counts: [String: Int]? = nil, _ gave: String
    ) throws {
        for row in dropped { try rejects.emit(row) }
        var reasons: [String: Int] = [:]
        for row in dropped { reasons[row.reason, default: 0] += 1 }
        if let counts { reasons = counts }
        skippedCount += reasons.values.reduce(0, +)
        report.append(Self.reportLine(source, rows: rows, unit: unit, reasons: reasons, gave))
        readParts.append(Self.readPart(rows: rows, unit: unit, reasons: reasons))
    }

    /// `source: 12 rows read, 2 skipped (bad_number 1, no_street 1); 10 point addresses ...`
    static func reportLine(_ source: String, rows: Int, unit: String, reasons: [String: Int], _ gave: String) -> String {
        "\(source): \(readPart(rows: rows, unit: unit, reasons: reasons)); \(gave)"
    }

    /// `12 rows read, 2 skipped (bad_number 1, no_street 1)`
    static func readPart(rows: Int, unit: String, reasons: [String: Int]) -> String {
        let total = reasons.values.reduce(0, +)
        let why = reasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(rows) \(unit) read, \(total) skipped\(why.isEmpty ? "" : " (\(why))")"
    }

    /// `note` for a source of `addressOrigins`: its line is remade if points turn out
    /// duplicates when the runs are merged.
    mutating func note(
        origin: Int32, rows: Int, unit: String, skipped dropped: [SkippedRow], counts: [String: Int]? = nil, gave: @escaping (AddressOrigin) -> String
    ) throws {
        let index = Int(origin)
        try note(addressOrigins[index].label, rows: rows, unit: unit, skipped: dropped, counts: counts, gave(addressOrigins[index]))
        var reasons: [String: Int] = counts ?? [:]
        if counts == nil { for row in dropped { reasons[row.reason, default: 0] += 1 } }
        (addressOrigins[index].reportIndex, addressOrigins[index].rows, addressOrigins[index].unit) = (report.count - 1, rows, unit)
        (addressOrigins[index].reasons, addressOrigins[index].gave) = (reasons, gave)
    }

    /// The id prefix of a file's rows: its name without folders and extensions (`parks`), or
    /// its folder's for a GTFS `stops.txt` (`muni`: a feed is a folder of fixed names).
    static func prefix(_ path: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        let name = (parts.last ?? path).split(separator: ".").first.map(String.init) ?? path
        return name == "stops" && parts.count >= 2 ? parts[parts.count - 2] : name
    }

    /// OpenAddresses points (CSV or GeoJSON lines): one per street, number and town (the first;
    /// later ones, a unit's or a duplicate's, are skipped as `duplicate_address`). Skipped
    /// records go to `rejects` as they come; the points to sorted runs once `runSize` are held.
    /// Returns why the file gave no point, when the reader can tell: a county's GeoJSON export,
    /// one FeatureCollection with its own property names (`ST_NUMBER`, `ST_NAME`), read as
    /// OpenAddresses' lines was `invalid_json 168, no_number 164` and nothing more.
    @discardableResult
    mutating func addOpenAddresses(_ path: String) throws -> String? {
        let origin = addOrigin(source: path, label: "openaddresses \(path)") { number, street, town, metres in
            "\(number) \(street)\(town.hasTown ? " in \(town.city)" : "") is already a point \(metres) m away"
        }
        var keys: [String: String] = [:]
        let rejects = self.rejects
        // Without --rejects a skipped record is only counted (5.2M duplicates of a 10M-row file
        // held 1.2 GB as rows with their text); with it, written as it comes.
        let names = inputs.addressProperties
        let read = try OpenAddresses.read(path: path, properties: names, keepsSkipped: keepsRejects, emit: { try rejects.emit($0) }) { point in
            let street = keys[point.street] ?? Self.key(point.street)
            keys[point.street] = street
            guard !street.isEmpty else { return ("no_street", "street '\(point.street)' has no name left once normalised") }
            let town = point.town.filled(by: inputs.town)
            let key = addressKey(street, point.number, in: town)
            // Once runs are written, a duplicate is held and skipped at the merge (`addAddress`).
            if addressRuns == nil, let kept = addresses[key] {
                let place = town.hasTown ? " in \(town.city)" : ""
                return (
                    "duplicate_address",
                    "\(point.number) \(street)\(place) is already a point \(Int(kept.point.distance(to: point.point).rounded())) m away"
                )
            }
            addAddress(
                street: street, number: point.number, point: point.point, town: town, origin: origin, line: point.line, raw: point.raw,
                rejectsBefore: rejects.emitted)
            try spillIfFull()
            return nil
        }
        try note(
            origin: origin, rows: read.rows, unit: read.format == .csv ? "rows" : read.featureCollection ? "features" : "lines",
            skipped: read.skipped,
            counts: read.skipCounts
        ) { origin in
            "\(origin.taken - origin.late) point addresses on \(origin.streets.values.filter { $0 > 0 }.count) streets (\(origin.towns.description)); \(read.ranges) numbers were ranges (first number kept), \(read.suffixes) had a suffix dropped"
                + (read.hyphenated > 0 ? ", \(read.hyphenated) were a block and house (86-12 read as 8612)" : "")
        }
        missingProperties += read.missingProperties
        // A county's export names its properties its own way (`ST_NUMBER`, `ST_NAME`).
        let missing = names.addressParts.filter { !read.propertyNames.contains($0) }
        guard read.taken == 0, read.format == .geoJSONLines, !read.propertyNames.isEmpty, !missing.isEmpty else { return nil }
        return "its features have no \(missing.map { "'\($0)'" }.joined(separator: " or ")) property: name the house number's and the street's "
            + "with --number-property and --street-property, or the whole address's with --address-property (the features have \(GeoJSONFeatures.PropertyNames.listed(read.propertyNames)))"
    }

    /// Street lines from any reader: node ids made where the source has none
    /// (`StreetTopology`), then one segment per line, keyed by the geocoder's normaliser.
    /// `nodePrefix` keeps one source's node ids apart from another's.
    mutating func addStreetLines(
        _ lines: [StreetLine], skipped: [SkippedRow], source: String, nodePrefix prefix: String, rows: Int, unit: String, more: String = ""
    ) throws {
        var lines = lines
        var skipped = skipped
        // Source node ids are the source's own: prefixed, they cannot meet another source's;
        // and a town's: two towns' streets never share a node (`StreetTopology.nodeID`).
        for index in lines.indices {
            lines[index].town = lines[index].town.filled(by: inputs.town)
            if let from = lines[index].fromNode, let to = lines[index].toNode {
                let town = lines[index].town
                (lines[index].fromNode, lines[index].toNode) = (
                    StreetTopology.nodeID("\(prefix):\(from)", in: town), StreetTopology.nodeID("\(prefix):\(to)", in: town)
                )
            }
        }
        let joined = StreetTopology.join(&lines, prefix: prefix)
        var streets = Set<String>()
        var streetsAtNode: [String: Set<String>] = [:]
        var ranged = 0, added = 0
        var towns = TownCount()
        for line in lines {
            let street = Self.key(line.name)
            guard !street.isEmpty else {
                skipped.append(
                    SkippedRow(
                        source: source, line: 0, reason: "no_name", detail: "'\(line.name)' has no street name left once normalised", raw: line.id))
                continue
            }
            var segment = GazetteerRow(kind: .segment)
            segment.id = line.id
            segment.street = street
            line.town.write(to: &segment)
            towns.count(line.town)
            segment.points = line.points
            if let from = line.fromNode, let to = line.toNode { segment.nodes = [from, to] }
            (segment.leftFrom, segment.leftTo) = Self.range(line.leftFrom, line.leftTo)
            (segment.rightFrom, segment.rightTo) = Self.range(line.rightFrom, line.rightTo)
            if segment.leftFrom != nil || segment.rightFrom != nil { ranged += 1 }
            for node in segment.nodes { streetsAtNode[node, default: []].insert(street) }
            segments.append(segment)
            streets.insert(street)
            added += 1
        }
        let corners = streetsAtNode.values.filter { $0.count >= 2 }.count
        try note(
            source, rows: rows, unit: unit, skipped: skipped,
            "\(added) segments (\(ranged) with address ranges, \(towns.description)) on \(streets.count) streets, \(corners) intersections"
                + (joined > 0 ? "; \(joined) nodes made by joining line ends within \(Int(StreetTopology.snapMetres)) m" : "") + more)
    }

    /// A side's house-number range: nil when the source gives none (both missing or 0); one
    /// end alone stands for both.
    static func range(_ from: Int?, _ to: Int?) -> (Int?, Int?) {
        guard let low = from ?? to, let high = to ?? from, low > 0 || high > 0 else { return (nil, nil) }
        return (low, high)
    }

    /// A gazetteer already built, merged: its places through `addPlace` (a place of the same
    /// name nearby becomes one), its segments and intersections as they are, its addresses
    /// where the street and number are new.
    mutating func addGazetteer(_ path: String) throws {
        var counts: [GazetteerRow.Kind: Int] = [:]
        var rows = 0
        let placesBefore = placeMark
        var places = 0
        var towns = TownCount()
        var bad: [SkippedRow] = []
        let bytes = try FileInput.contents(of: path, what: "gazetteer")
        try Gazetteer.forEachRow(
            bytes, source: path,
            skipBadRow: { error in
                let reason = error.notUTF8 ? RejectReason.invalidUTF8.rawValue : "bad_row"
                bad.append(SkippedRow(source: path, line: error.line, reason: reason, detail: error.reason, raw: error.raw))
                return true
            }
        ) { row in
            var row = row
            rows += 1
            let town = Town(of: row).filled(by: inputs.town)
            town.write(to: &row)
            switch row.kind {
            case .place:
                addPlace(
                    name: row.name, aliases: row.aliases, category: row.category, id: row.id, point: GeoPoint(lat: row.lat ?? 0, lon: row.lon ?? 0),
                    town: town)
                places += 1
            case .segment:
                segments.append(row)
                towns.count(town)
            case .intersection:
                intersections.append(row)
                towns.count(town)
            case .address:
                let key = addressKey(row.street, row.number ?? 0, in: town)
                guard addresses[key] == nil else { return }
                addAddress(street: row.street, number: row.number ?? 0, point: GeoPoint(lat: row.lat ?? 0, lon: row.lon ?? 0), town: town)
                towns.count(town)
            }
            counts[row.kind, default: 0] += 1
        }
        try note(
            "gazetteer \(path)", rows: rows + bad.count, unit: "rows", skipped: bad,
            "\(counts[.segment] ?? 0) segments, \(counts[.intersection] ?? 0) intersections, \(counts[.address] ?? 0) new point addresses "
                + "(of these \(towns.rows) rows \(towns.description)), " + placesAdded(places, since: placesBefore))
    }
}
