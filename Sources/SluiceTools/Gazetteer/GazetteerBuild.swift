import Foundation
import SluiceCore
import SluiceGeocode

/// `sluice-gazetteer build`: writes a gazetteer CSV from the open formats any city publishes
/// (OpenAddresses, TIGER/Line edges, GeoJSON, GTFS, gazetteers to merge), or from the San
/// Francisco sources (`--sources`).
public struct GazetteerBuild: ToolCommand {
    /// `sluice-gazetteer`: its one subcommand.
    public static let tool = Subcommands(
        name: "sluice-gazetteer", overview: "build the gazetteer CSV that sluice-geocode reads, from open address, street and place data",
        [("build", GazetteerBuild.self)])

    public static let usage = Usage.tool(
        name: "sluice-gazetteer build",
        overview: "build the gazetteer CSV that sluice-geocode reads, from open address, street and place data",
        synopsis: [
            "sluice-gazetteer build [--openaddresses FILE] [--tiger-edges FILE.shp] [--streets FILE.geojson] [--places FILE.geojson] [--gtfs-stops FILE] [--osm FILE] [--gazetteer FILE] ... --out FILE [--rejects FILE]",
            "sluice-gazetteer build --sources DIR --out FILE [--bundled DIR] [--aliases FILE] [--exclude NAME,...]",
        ],
        options: [
            .input(
                "openaddresses", "FILE",
                "OpenAddresses: CSV (LON,LAT,NUMBER,STREET,CITY,REGION,POSTCODE,... by header name) or GeoJSON lines (one Feature per line), told apart by content, or a county's own GeoJSON FeatureCollection of points; gzipped read as is; repeatable"
            ),
            .value(
                "number-property", "P",
                "the property (or CSV column) of an --openaddresses file holding the house number, when not OpenAddresses' (default: number)"),
            .value(
                "street-property", "P,...",
                "the properties (or CSV columns) holding the street, joined with spaces, empty ones left out (default: street; e.g. ST_PREFIXD,ST_NAME,ST_TYPE,ST_SUFFIXD)"
            ),
            .value(
                "address-property", "P",
                "the property (or CSV column) holding the whole address (1200 NE 45TH ST), when the number and street are not apart: read as sluice-sanitize reads an address"
            ),
            .value("lon-property", "P", "the CSV column of an --openaddresses file holding the longitude (default: LON; e.g. LONGITUDE, X)"),
            .value("lat-property", "P", "the CSV column holding the latitude (default: LAT)"),
            .value(
                "point-property", "P",
                "instead, the CSV column holding the point as a location column writes it: latitude and longitude in brackets at its end, alone or after the address ((30.34132, -97.73801); Socrata's exports)"
            ),
            .input(
                "tiger-edges", "FILE.shp",
                "US Census TIGER/Line EDGES (or ADDRFEAT) shapefile, its .dbf beside it: road edges with ranges and node ids; repeatable"),
            .input("streets", "FILE", "GeoJSON street centrelines (LineString, MultiLineString); repeatable"),
            .value("name-property", "P", "the GeoJSON property naming a street or place (default: name)"),
            .value("place-name-property", "P", "the property naming a place, when it differs from the streets' (default: --name-property)"),
            .value("range-properties", "LF,LT,RF,RT", "GeoJSON street properties holding the left and right house-number ranges"),
            .value("node-properties", "FROM,TO", "GeoJSON street properties holding end node ids (without: ends within 1 m are joined)"),
            .input("places", "FILE", "GeoJSON named places (Point; a line's middle, a polygon's vertex mean); repeatable"),
            .value(
                "city-property", "P",
                "the GeoJSON property holding a street's, place's or address's town (and --state-property, --zip-property; an address without it: OpenAddresses' city, region, postcode)"
            ),
            .value("state-property", "P", "the GeoJSON property holding its state (a code or a name)"),
            .value("zip-property", "P", "the GeoJSON property holding its ZIP code"),
            .value("city", "NAME", "the town of every row whose source names none (a single-town source; TIGER EDGES names no town)"),
            .value("state", "ST", "the state of every row whose source names none"),
            .value("category-property", "P", "the GeoJSON property holding a place's category (default: every place is 'place')"),
            .value("aliases-property", "P", "the GeoJSON property holding a place's other names (an array, or `|`/`;`-separated)"),
            .input("gtfs-stops", "FILE", "a GTFS stops.txt: stations (or stops not named after a corner) as places; repeatable"),
            .input(
                "osm", "FILE",
                "an OpenStreetMap extract (.osm.pbf, or .osm XML plain or gzipped): named places, addresses, named roads; repeatable"),
            .input("gazetteer", "FILE", "a gazetteer CSV to merge (its places, segments, intersections, addresses); repeatable"),
            .output(
                "rejects", "FILE",
                "write each skipped row as NDJSON (file, line, reason, the row), as it comes, beside FILE, renamed over it with --out; a failed build (no rows, or a source it cannot read on) leaves --out as it was but writes FILE with the rows skipped, and its error says how many; without it they are counted"
            ),
            .value(
                "run-size", "N",
                "point addresses held in memory before they are sorted to a temporary file in $TMPDIR (default 250000; see MEMORY)"),
            .inputFolder("sources", "DIR", "San Francisco: the folder of source files (../shared/data/gazetteer-sources)"),
            .inputFolder("bundled", "DIR", "San Francisco: the folder of the sources that come with Sluice (data/sources)"),
            .output(
                "out", "FILE",
                "where to write the gazetteer CSV (whole or not at all: a failed build leaves the old one; a build of no rows fails, 65)"),
            .input("aliases", "FILE", "San Francisco: hand-curated place aliases with their sources (data/sf-landmark-aliases.csv)"),
            .value(
                "exclude", "NAME,...",
                "San Francisco: leave sources out (for evaluation): "
                    + (GazetteerBuilder.sources + GazetteerBuilder.bundledSources).map(\.name).joined(separator: ", ")),
        ],
        examples: [
            "sluice-gazetteer build --openaddresses us/wa/king.csv.gz --tiger-edges tl_2024_53033_edges.shp --gtfs-stops king-county-metro/stops.txt --out seattle.csv --rejects seattle-rejects.ndjson",
            "sluice-gazetteer build --openaddresses us/il/city_of_springfield-addresses-city.geojson.gz --tiger-edges tl_2024_17167_edges.shp --city Springfield --state IL --out springfield.csv",
            "sluice-gazetteer build --openaddresses addresses.csv --streets centrelines.geojson --name-property FULLNAME --range-properties LFROMHN,LTOHN,RFROMHN,RTOHN --out city.csv",
            "sluice-gazetteer build --osm portland.osm.pbf --openaddresses us/or/multnomah.csv.gz --out portland.csv",
            "sluice-gazetteer build --places parks.geojson --name-property NAME --category-property TYPE --gazetteer seattle.csv --out seattle-parks.csv",
            "sluice-gazetteer build --sources ../shared/data/gazetteer-sources --bundled data/sources --aliases data/sf-landmark-aliases.csv --out data/sf-gazetteer.csv",
            "sluice-gazetteer build --sources ../shared/data/gazetteer-sources --exclude food-trucks --out no-trucks.csv",
        ],
        memory:
            "at most --run-size point addresses at a time (default 250,000; about 230 bytes each while held and sorted: 246 MB peak for 990k held at once), every distinct street key and town, and every other row (segments, intersections, places). Past --run-size the addresses are sorted to a temporary file (see DISK) and merged as the gazetteer is written, through a window of up to 256 KiB a run. Skipped source rows are written as they come with --rejects, else counted. An OpenAddresses file, CSV or GeoJSON lines, plain or gzipped, is read a window at a time (a .gz inflated 1 MiB at a time; a GeoJSON line longer than 64 MiB is skipped); other CSV sources and shapefiles' tables are read whole, GeoJSON one feature at a time. In a release build (2026-11-29, a shared 2-core machine): 300–370 MB peak and 1.3 s of CPU for San Francisco's sources (no run written); for a generated OpenAddresses CSV of 1M rows 81 MB and 2.9 s of CPU (217 MB before; gzipped 84 MB, 300 MB before), of 10M rows holding 4.8M distinct addresses 83 MB and 27 s of CPU (875 MB and 23–27 s before; gzipped 84 MB, 1,548 MB before; with --rejects 172 MB, 2,826 MB before); the same 1M rows as OpenAddresses GeoJSON lines 81 MB and 3.6 s of CPU, plain or gzipped (512 MB and 4.8 s before, when the file was read whole); --osm adds 16 bytes a node and 8 a way's node ref (210 MB and 1.7 s for a generated 1M-node .osm.pbf), a .osm.pbf read a block at a time and a .osm 1 MiB of text at a time (a 277 MB .osm of nodes: 29 MB peak).",
        disk: """
            past --run-size, the sorted runs of point addresses in $TMPDIR: 44 bytes a point \
            address read, duplicates included (435 MB for a 10M-row file); with --rejects also each \
            one's line and text, the duplicates found at the merge sorted back to their place, and \
            the rejects file written a second time beside itself to put them there (2.7 GB of \
            $TMPDIR and 1.4 GB of rejects at 10M rows). The runs' file is unlinked as it is made, so \
            nothing is left behind however the build ends (an error, a signal, kill -9). --out is \
            written to .NAME.PID.tmp beside it and renamed over it when whole; that file is removed \
            on an error, SIGINT, SIGTERM or SIGHUP (kill -9 leaves it, and the old gazetteer). \
            --rejects FILE is written the same way and renamed just after --out, so the rejects \
            beside a gazetteer are its own (on a pipe or a terminal they wait in a scratch file \
            in $TMPDIR and come out after --out is in place).
            """,
        sections: [
            (
                "SAN FRANCISCO SOURCES (file under --sources)",
                GazetteerBuilder.sources.map { "  \($0.name.column(20))\($0.file)" }.joined(separator: "\n")
            ),
            (
                "BUNDLED SOURCES (file under --bundled)",
                GazetteerBuilder.bundledSources.map { "  \($0.name.column(20))\($0.file)" }.joined(separator: "\n")
            ),
            ("GAZETTEER FORMAT", GazetteerRow.formatHelp),
        ],
        rejects: rejectReasons)

    var builder: GazetteerBuilder
    var out: String
    var rejectsPath: String?

    public init(arguments: ParsedArguments) throws(StageFailure) {
        try arguments.expectNoPositionals()
        var inputs = GazetteerBuilder.Inputs()
        inputs.openAddresses = arguments.all("openaddresses")
        inputs.tigerEdges = arguments.all("tiger-edges")
        inputs.streets = arguments.all("streets")
        inputs.places = arguments.all("places")
        inputs.gtfsStops = arguments.all("gtfs-stops")
        inputs.gazetteers = arguments.all("gazetteer")
        inputs.osm = arguments.all("osm")
        try Self.expectOneSetOfNames(arguments)
        inputs.addressProperties.number = arguments["number-property"] ?? inputs.addressProperties.number
        if arguments["street-property"] != nil { inputs.addressProperties.street = arguments.list("street-property") }
        inputs.addressProperties.address = arguments["address-property"]
        if inputs.addressProperties.address != nil, arguments["number-property"] != nil || arguments["street-property"] != nil {
            throw .usage("--address-property names the whole address: it goes without --number-property and --street-property")
        }
        inputs.addressProperties.lon = arguments["lon-property"] ?? inputs.addressProperties.lon
        inputs.addressProperties.lat = arguments["lat-property"] ?? inputs.addressProperties.lat
        inputs.addressProperties.point = arguments["point-property"]
        if inputs.addressProperties.point != nil, arguments["lon-property"] != nil || arguments["lat-property"] != nil {
            throw .usage("--point-property names the one column holding the point: it goes without --lon-property and --lat-property")
        }
        inputs.streetNameProperty = arguments["name-property"] ?? "name"
        inputs.placeNameProperty = arguments["place-name-property"] ?? inputs.streetNameProperty
        inputs.rangeProperties = arguments.list("range-properties")
        inputs.nodeProperties = arguments.list("node-properties")
        inputs.categoryProperty = arguments["category-property"]
        inputs.aliasesProperty = arguments["aliases-property"]
        (inputs.cityProperty, inputs.stateProperty, inputs.zipProperty) = (
            arguments["city-property"], arguments["state-property"], arguments["zip-property"]
        )
        inputs.addressProperties.city = inputs.cityProperty ?? inputs.addressProperties.city
        inputs.addressProperties.region = inputs.stateProperty ?? inputs.addressProperties.region
        inputs.addressProperties.postcode = inputs.zipProperty ?? inputs.addressProperties.postcode
        if arguments["street-property"] != nil, inputs.addressProperties.street.isEmpty {
            throw .usage("--street-property takes one property name or more: NAME or PREFIX,NAME,TYPE")
        }
        inputs.town = Town(city: arguments["city"] ?? "", state: arguments["state"] ?? "")
        if let state = arguments["state"], inputs.town.state.count != 2 {
            throw .usage("--state takes a state's two-letter code or name, not '\(state)'")
        }
        if !inputs.rangeProperties.isEmpty, inputs.rangeProperties.count != 4 {
            throw .usage("--range-properties takes four names: LF,LT,RF,RT")
        }
        if !inputs.nodeProperties.isEmpty, inputs.nodeProperties.count != 2 { throw .usage("--node-properties takes two names: FROM,TO") }
        guard let out = arguments["out"] else { throw .usage("build needs --out FILE") }
        guard arguments["sources"] != nil || !inputs.isEmpty else {
            throw .usage(
                "build needs inputs: --openaddresses, --tiger-edges, --streets, --places, --gtfs-stops, --osm, --gazetteer FILE (or --sources DIR)")
        }
        self.out = out
        rejectsPath = arguments["rejects"]
        builder = GazetteerBuilder(sources: arguments["sources"])
        builder.inputs = inputs
        builder.keepsRejects = rejectsPath != nil
        builder.runSize = try arguments.int("run-size", default: builder.runSize, range: 1...Int.max)
        builder.aliasesPath = arguments["aliases"]
        builder.bundledFolder = arguments["bundled"]
        builder.excluded = Set(arguments.list("exclude"))
        let unknown = builder.excluded.subtracting((GazetteerBuilder.sources + GazetteerBuilder.bundledSources).map(\.name))
        if !unknown.isEmpty { throw .usage("unknown source '\(unknown.sorted().joined(separator: ", "))' in --exclude") }
    }

    /// The options naming an address file's columns (`--address-property`, `--lon-property`, …)
    /// name one set for every `--openaddresses` file and every GeoJSON source. Given twice with
    /// different values, the first was dropped without a word: a new user's two files, each
    /// given its own names (`--openaddresses inspections.csv --address-property Restaurant_Address
    /// --openaddresses 311.geojson --address-property street_address`), built the first with the
    /// second's names and stopped at its missing column. A usage error says how to build them.
    static func expectOneSetOfNames(_ arguments: ParsedArguments) throws(StageFailure) {
        for name in namingOptions {
            var values: [String] = []
            for value in arguments.all(name) where !values.contains(value) { values.append(value) }
            guard values.count > 1 else { continue }
            throw .usage(
                "--\(name) is given \(values.count) names ('\(values.joined(separator: "', '"))'): it names one column for every "
                    + "source; for files with their own names, build a gazetteer from each (--out a.csv, --out b.csv) and "
                    + "merge them: sluice-gazetteer build --gazetteer a.csv --gazetteer b.csv --out both.csv")
        }
    }

    /// The single-valued options that name a source's columns or properties (`--street-property`
    /// and `--range-properties` take lists, given in one use or several).
    static let namingOptions = [
        "number-property", "address-property", "lon-property", "lat-property", "point-property", "city-property", "state-property",
        "zip-property", "name-property", "place-name-property", "category-property", "aliases-property",
    ]

    public mutating func run(_ context: ToolContext) throws {
        let start = DispatchTime.now()
        // Skipped rows go to --rejects as they come, into a file beside it that replaces it just
        // after --out (a failed build leaves --out as it was, and replaces --rejects all the same:
        // the rows it skipped, which say why it failed, are not lost). Rows found late (at the merge of the address runs) are put in place by
        // reading that file back and writing it again, which a pipe or a terminal cannot be: for
        // those the rows go to a scratch file first, copied at the end.
        let scratch = try rejectsPath.flatMap { path throws(StageFailure) in Self.isRegularOrNew(path) ? nil : try Self.RejectsScratch(path) }
        defer { if let scratch { close(scratch.fd) } }
        var rejectsFile = try scratch == nil ? rejectsPath.map { path throws(StageFailure) in try ReplacementFile(path: path) } : nil
        let rejectsSink = scratch?.sink ?? rejectsFile?.sink
        let rejects = try rejectsSink.map { Rejects(stage: "gazetteer", sink: $0) } ?? Rejects(stage: "gazetteer", path: nil)
        if rejects.isKeeping { builder.rejects.sink = { try Self.write($0, to: rejects) } }
        // Each row written as the builder makes it, none kept; counted and its coverage taken
        // on the way. Written beside --out and renamed over it: a failure (a full disk) leaves
        // the old one whole. The file is made at the first row, after every source is read, as
        // when the rows were all made first.
        var file: ReplacementFile?
        var perKind: [GazetteerRow.Kind: Int] = [:]
        var coverage = Coverage()
        let out = self.out
        func opened() throws -> ReplacementFile {
            if let file { return file }
            let made = try ReplacementFile(path: out)
            made.sink.buffer += Array((GazetteerRow.versionLine + "\n").utf8)
            CSVWriter.append(GazetteerRow.columns, to: &made.sink.buffer)
            file = made
            return made
        }
        /// The rejects whole on disk, the late ones in their place, not yet put over --rejects.
        func finishRejects() throws {
            try rejects.finish()
            if let early = rejectsFile, let rejectsPath, builder.rejects.lateCount > 0 {
                let reader = try GzipFile.Reader(path: early.writingPath, what: "rejects")
                let placed = try ReplacementFile(path: rejectsPath)
                try Self.placeLateRejects(of: builder, early: { try reader.next() }, into: placed.sink)
                rejectsFile = placed
            }
            try rejectsFile?.sink.sync()
        }
        func commitRejects() throws {
            try rejectsFile?.commit()
            try scratch?.copy(placing: builder)
        }
        do {
            try builder.build { row in
                let sink = try opened().sink
                CSVWriter.append(row.fields, to: &sink.buffer)
                try sink.flushIfFull()
                perKind[row.kind, default: 0] += 1
                coverage.add(row)
            }
        } catch var failure as StageFailure {
            // A source the build cannot read on (a quote left open, a file missing): --out is
            // left as it was, but the rows skipped before it are written to --rejects, not lost.
            guard let rejectsPath, (try? finishRejects()) != nil, (try? commitRejects()) != nil else { throw failure }
            let skipped = builder.rejects.emitted
            if skipped > 0 { failure.message += "; \(Self.skippedRows(skipped, to: rejectsPath, before: true))" }
            throw failure
        }
        coverage.finish()
        // No row from any source (an empty extract, a header alone, ways without their nodes):
        // the one check for every reader, before --out is made, so a gazetteer that geocoded is
        // not replaced by a header (the build says what each source read).
        guard file != nil else {
            for line in builder.report { context.note(line) }
            for line in builder.missingProperties { context.warn(line) }
            let folders = [("sources", builder.sourcesFolder), ("bundled", builder.bundledFolder)].compactMap { option, folder in
                folder.map { "--\(option) \($0)" }
            }
            let named = builder.inputs.named.map { name in builder.noRowsBecause[name].map { "\(name) (\($0))" } ?? name } + folders
            // What was skipped is written all the same (it says why there are no rows), and counted.
            try finishRejects()
            try commitRejects()
            let skipped = builder.skippedCount
            throw StageFailure(
                .dataError,
                "error: \(named.joined(separator: ", ")) gave no rows: \(out) is left as it was"
                    + (skipped > 0 ? "; " + Self.skippedRows(skipped, to: rejectsPath) : ""))
        }
        let written = try opened()
        // Both whole on disk before either is put in place: only a failed rename between the two
        // could part them.
        try finishRejects()
        try written.commit()
        try commitRejects()
        for line in builder.report { context.note(line) }
        for input in builder.inputsWithoutRows { context.warn(input) }
        for line in builder.missingProperties { context.warn(line) }
        if case let skipped = builder.skippedCount, skipped > 0 { context.note(Self.skippedRows(skipped, to: rejectsPath)) }
        let kinds = GazetteerRow.Kind.allCases.map { kind in "\(perKind[kind] ?? 0) \(kind.rawValue)" }
        let count = perKind.values.reduce(0, +)
        context.note("wrote \(count) rows (\(kinds.joined(separator: ", "))), \(written.sink.bytesWritten) bytes, to \(out)")
        if let (runs, bytes) = builder.diskUse {
            context.note(
                "point addresses sorted on disk: \(runs) runs of up to \(builder.runSize) (--run-size), \(bytes / 1_000_000) MB in \(TemporaryFile.directory), removed"
            )
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        context.note("built in \(String(format: "%.1f", seconds)) s, peak memory \(Self.peakMegabytes()) MB")
        // Last: what the gazetteer covers, which is what the geocoder can answer for.
        context.note(coverage.description)
        if let warning = coverage.warning { context.warn(warning) }
    }

    /// `12 source rows skipped, written to r.ndjson` (`… skipped before it, …` after an error),
    /// or `(--rejects FILE keeps them)` without a rejects file.
    static func skippedRows(_ count: Int, to rejectsPath: String?, before: Bool = false) -> String {
        "\(count) source row\(count == 1 ? "" : "s") skipped\(before ? " before it" : "")"
            + (rejectsPath.map { ", written to \($0)" } ?? " (--rejects FILE keeps \(count == 1 ? "it" : "them"))")
    }

    /// Writes one skipped row to the rejects file.
    static func write(_ row: SkippedRow, to rejects: Rejects) throws {
        let reason = rejectReasons.first { $0.rawValue == row.reason } ?? RejectReason(row.reason, row.detail)
        try rejects.reject(source: row.source, line: row.line, reason: reason, detail: row.detail, raw: row.raw)
    }

    /// Puts the rejects found while the address runs were merged (duplicates of an address an
    /// earlier run held) in their place among those written as they came (`early`, a chunk at
    /// a time), writing all of them to `out`, in reading order.
    static func placeLateRejects(of builder: GazetteerBuilder, early: () throws -> [UInt8]?, into out: ByteSink) throws {
        let rejects = Rejects(stage: "gazetteer", sink: out)
        var pending: [UInt8] = []
        var start = 0
        var lines = 0
        /// Copies early lines until `count` of them are out.
        func copy(upTo count: Int) throws {
            while lines < count {
                if let end = pending[start...].firstIndex(of: 0x0A) {
                    out.buffer += pending[start...end]
                    start = end + 1
                    lines += 1
                    try out.flushIfFull()
                } else if let chunk = try early() {
                    pending.removeSubrange(..<start)
                    start = 0
                    pending += chunk
                } else {
                    return
                }
            }
        }
        try builder.rejects.forEachLate { row, before in
            try copy(upTo: before)
            try write(row, to: rejects)
        }
        try copy(upTo: Int.max)
        out.buffer += pending[start...]
        try out.flush()
    }

    /// Whether a path is a regular file, or none yet (what can be read back and replaced).
    static func isRegularOrNew(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 || status.st_mode & S_IFMT == S_IFREG
    }

    /// The rejects of a build whose --rejects is a pipe or a terminal: written to a scratch file
    /// in $TMPDIR as they come, and copied at the end with the late ones in their place.
    struct RejectsScratch {
        let fd: Int32
        let sink: ByteSink
        let destination: ByteSink

        init(_ path: String) throws(StageFailure) {
            destination = try ByteSink(path: path)
            fd = try TemporaryFile.open(prefix: "sluice-gazetteer-rejects")
            sink = ByteSink(fd: fd, name: "\(TemporaryFile.directory)/sluice-gazetteer-rejects-* (the rejects until the end)")
        }

        func copy(placing builder: GazetteerBuilder) throws {
            try sink.flush()
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw IOFailure(errno: errno, operation: "seek", path: sink.name) }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            try GazetteerBuild.placeLateRejects(
                of: builder,
                early: {
                    let n = try FileInput.read(fd, into: &chunk)
                    return n == 0 ? nil : Array(chunk[..<n])
                }, into: destination)
        }
    }

    #if canImport(Glibc)
        static let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
        static let RUSAGE_SELF_WHO = RUSAGE_SELF
    #endif

    /// Why a source row is skipped: the `reason` of its line in `--rejects`, and the REJECTS
    /// table of `--help`.
    static let rejectReasons: [RejectReason] = [
        RejectReason("no_number", "OpenAddresses: no house number"),
        RejectReason("bad_number", "OpenAddresses, OSM addr:housenumber: a house number that does not start with a digit (N12)"),
        RejectReason(
            "zero_number",
            "OpenAddresses, OSM addr:housenumber: house number 0 (00, 0A), which US address points write for a building without a number: a placeholder, not an address"
        ),
        RejectReason("no_street", "no street name, or none left once normalised"),
        RejectReason("bad_coordinates", "not a position: lat beyond ±90, lon beyond ±180, not numbers, or 0,0"),
        RejectReason("duplicate_address", "the street and number already have a point (the first is kept; the detail says how far)"),
        RejectReason("no_name", "a GeoJSON feature, TIGER road or GTFS stop without a name"),
        RejectReason("no_geometry", "a null geometry (GeoJSON), a null or one-point shape (TIGER), OSM nodes outside the extract"),
        RejectReason("bad_geometry", "GeoJSON positions that are not [lon, lat] in range"),
        RejectReason("unsupported_geometry", "GeoJSON: a street that is not a line, a place of another geometry"),
        RejectReason("invalid_utf8", "a CSV row (OpenAddresses, GTFS, --gazetteer) with bytes that are not UTF-8 (its bytes are in raw_base64)"),
        RejectReason(
            "field_count", "a CSV row (OpenAddresses, GTFS) with more fields than its header: a delimiter not quoted shifts the columns after it"),
        RejectReason(
            "row_too_long",
            "OpenAddresses CSV: a row over 64 MiB (a quote left open, a gzipped field inflating to gigabytes): its first 64 KiB are kept, the rest read past"
        ),
        RejectReason("invalid_json", "GeoJSON: a feature that does not parse"),
        RejectReason("not_json", "GeoJSON: bytes between features that are no JSON value (a line at the top, an element of features)"),
        RejectReason("not_a_feature", "GeoJSON: a value that is not a Feature"),
        RejectReason("not_a_station", "GTFS: a platform, entrance or stop, when the feed lists its stations"),
        RejectReason("stop_at_intersection", "GTFS: a stop named after a street corner (the streets locate it)"),
        RejectReason("bad_row", "--gazetteer: a row the gazetteer loader refuses"),
        RejectReason("deleted", "TIGER: a dBASE record marked deleted"),
        RejectReason("bad_range", "TIGER: a side's range that is not whole numbers (that range left out, the line kept)"),
    ]

    /// This process's peak resident memory (getrusage's ru_maxrss, kilobytes on Linux).
    static func peakMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF_WHO, &usage)
        #if canImport(Darwin)
            return Int(usage.ru_maxrss) / (1024 * 1024)
        #else
            return Int(usage.ru_maxrss) / 1024
        #endif
    }
}
