import Foundation
import SluiceCore
import SluiceGeocode
import SluiceSanitize
import Testing

@testable import SluiceTools

/// `sluice-gazetteer build` on the generic fixtures (`Fixtures/city`): OpenAddresses with its
/// quirks, GeoJSON streets with MultiLineStrings, missing names and no node ids, GeoJSON
/// places, a GTFS stops.txt. The output is compared with `expected-gazetteer.csv`
/// (`SLUICE_RECORD=1 swift test --filter GenericBuildTests` rewrites it, and fails).
@Suite struct GenericBuildTests {
    static let fixtures = GeoJSONFeaturesTests.fixtures

    static func arguments(_ extra: [String]) throws -> ParsedArguments {
        try ParsedArguments(
            [
                "--openaddresses", fixtures + "/addresses.csv", "--streets", fixtures + "/streets.geojson", "--name-property", "NAME",
                "--range-properties", "LF,LT,RF,RT", "--places", fixtures + "/places.geojson", "--place-name-property", "title",
                "--category-property", "kind", "--aliases-property", "other", "--gtfs-stops", fixtures + "/stops.txt",
            ] + extra, options: GazetteerBuild.usage.allOptions)
    }

    func build(_ extra: [String] = []) throws -> (bytes: [UInt8], command: GazetteerBuild) {
        let out = NSTemporaryDirectory() + "sluice-city-\(getpid())-\(UUID().uuidString).csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var command = try GazetteerBuild(arguments: try Self.arguments(["--out", out] + extra))
        try command.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        return (try FileInput.contents(of: out), command)
    }

    /// How a build given `arguments` alone fails (nil, and an issue recorded, when it builds).
    func failure(_ arguments: [String]) throws -> StageFailure? {
        var command = try GazetteerBuild(arguments: try ParsedArguments(arguments, options: GazetteerBuild.usage.allOptions))
        do {
            try command.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
            Issue.record("\(arguments): built")
            return nil
        } catch let failure as StageFailure {
            return failure
        }
    }

    @Test func matchesTheExpectedGazetteer() throws {
        let (bytes, command) = try build()
        let expected = Self.fixtures + "/expected-gazetteer.csv"
        if ProcessInfo.processInfo.environment["SLUICE_RECORD"] == "1" {
            try Data(bytes).write(to: URL(fileURLWithPath: expected))
            Issue.record("recorded \(expected): read the diff")
        }
        #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: try FileInput.contents(of: expected), as: UTF8.self))
        #expect(bytes == (try build().bytes), "a rebuild gives the same bytes")
        #expect(command.builder.report.count == 4)
        #expect(command.builder.report[0].contains("10 rows read, 5 skipped (bad_coordinates 2, bad_number 1, duplicate_address 1, no_number 1)"))
    }

    @Test func skippedRowsGoToTheRejectsFile() throws {
        let rejects = NSTemporaryDirectory() + "sluice-city-rejects-\(getpid())-\(UUID().uuidString).ndjson"
        defer { try? FileManager.default.removeItem(atPath: rejects) }
        _ = try build(["--rejects", rejects])
        let lines = String(decoding: try FileInput.contents(of: rejects), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 5 + 3 + 2 + 2)
        let first = try JSONParser.parse(String(lines[0])), second = try JSONParser.parse(String(lines[1]))
        #expect(first["reason"]?.stringValue == "duplicate_address" && first["line"] == .number("3"))
        #expect(first["detail"]?.stringValue == "150 main st in Portland is already a point 0 m away")
        #expect(second["reason"]?.stringValue == "no_number" && second["line"] == .number("5"))
        #expect(second["raw"]?.stringValue == "-122.67960,45.52005,,Main St,,Portland,,OR,97204,4,a4")
        #expect(first["source"]?.stringValue?.hasSuffix("addresses.csv") == true)
    }

    @Test func theOutputLoadsAndGeocodes() throws {
        let gazetteer = try Gazetteer.parse(try build().bytes, source: "built")
        let geocoder = Geocoder(gazetteer)
        func best(_ text: String) throws -> GeoMatch { try #require(geocoder.geocode(GeocodeQuery(address: AddressParser().parse(text).json)).first) }
        let address = try best("150 Main St")
        #expect(address.precision == .address && address.point == GeoPoint(lat: 45.52005, lon: -122.6795))
        // Interpolated on the second block (201–299), whose start was joined to the corner.
        #expect(try best("260 Main St").precision == .interpolated)
        let corner = try best("Main St and Oak Ave")
        #expect(corner.precision == .intersection)
        #expect(try #require(corner.point).distance(to: GeoPoint(lat: 45.52, lon: -122.679)) < 2)
        #expect(try best("Central Library").precision == .place)
        #expect(try best("Union Station").precision == .place)
    }

    /// `--tiger-edges`: the TIGER-like edges of `TigerEdgesTests`, built and geocoded.
    @Test func tigerEdgesBuildAndGeocode() throws {
        let directory = try TemporaryDirectory()
        try ShapefileWriter(type: 3, fields: TigerEdgesTests.edgeFields, deleted: [8]).write(
            to: directory.path + "/tl_edges", features: TigerEdgesTests.edges)
        let out = directory.path + "/g.csv"
        var command = try GazetteerBuild(
            arguments: try ParsedArguments(
                ["--tiger-edges", directory.path + "/tl_edges.shp", "--out", out], options: GazetteerBuild.usage.allOptions))
        try command.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        #expect(command.builder.report.count == 1)
        #expect(command.builder.report[0].contains("edges read"))
        #expect(command.builder.report[0].contains("1 edges not roads"))
        let gazetteer = try Gazetteer.load(path: out)
        let geocoder = Geocoder(gazetteer)
        func best(_ text: String) throws -> GeoMatch { try #require(geocoder.geocode(GeocodeQuery(address: AddressParser().parse(text).json)).first) }
        // Main St and Elm St share TIGER node 3.
        let corner = try best("Main St & Elm St")
        #expect(corner.precision == .intersection)
        #expect(try #require(corner.point).distance(to: GeoPoint(lat: 37.78, lon: -122.398)) < 2)
        #expect(try best("150 Main St").precision == .interpolated)
    }

    /// `--gazetteer` alone gives back the gazetteer it merges, byte for byte: places in their
    /// order, the rest sorted as the builder sorts them.
    @Test func aMergedGazetteerAloneIsWrittenBackAsItWas() throws {
        let expected = Self.fixtures + "/expected-gazetteer.csv"
        let out = NSTemporaryDirectory() + "sluice-city-merge-\(getpid())-\(UUID().uuidString).csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var command = try GazetteerBuild(
            arguments: try ParsedArguments(["--gazetteer", expected, "--out", out], options: GazetteerBuild.usage.allOptions))
        try command.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        #expect(try FileInput.contents(of: out) == (try FileInput.contents(of: expected)))
        #expect(
            command.builder.report == [
                "gazetteer \(expected): 16 rows read, 0 skipped; 6 segments, 0 intersections, 5 new point addresses (of these 11 rows 5 with a town, 5 with a ZIP), 5 places (0 with a town, 0 with a ZIP)"
            ]
        )
    }

    /// A build that gives no rows fails (65) whatever the source, and leaves the gazetteer it
    /// would have replaced as it was. Before, an OSM XML extract of no nodes, a header-only
    /// OpenAddresses CSV or GTFS stops.txt, a GeoJSON of no features or a gazetteer of no rows
    /// wrote a header-only gazetteer over it (exit 0).
    @Test func aBuildOfNoRowsFailsAndLeavesTheGazetteer() throws {
        let directory = try TemporaryDirectory()
        let files: [(option: String, name: String, text: String)] = [
            ("--osm", "empty.osm", #"<?xml version="1.0"?><osm version="0.6"></osm>"#),
            ("--osm", "ways.osm", #"<?xml version="1.0"?><osm version="0.6"><way id="1"><tag k="highway" v="residential"/></way></osm>"#),
            ("--openaddresses", "oa.csv", "LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n"),
            ("--streets", "streets.geojson", #"{"type":"FeatureCollection","features":[]}"#),
            ("--places", "places.geojson", #"{"type":"FeatureCollection","features":[]}"#),
            ("--gtfs-stops", "stops.txt", "stop_id,stop_name,stop_lat,stop_lon\n"),
            ("--gazetteer", "none.csv", GazetteerRow.versionLine + "\n" + GazetteerRow.columns.joined(separator: ",") + "\n"),
        ]
        let out = directory.path + "/gazetteer.csv"
        let existing = try FileInput.contents(of: Self.fixtures + "/expected-gazetteer.csv")
        try Data(existing).write(to: URL(fileURLWithPath: out))
        for file in files {
            let path = directory.path + "/" + file.name
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            if let failure = try failure([file.option, path, "--out", out]) {
                #expect(failure.exitCode == .dataError)
                // The reader that can tell why says so (an extract of ways without their nodes).
                let why =
                    file.name == "ways.osm"
                    ? " (the extract holds no nodes, so its ways have no position (an extract of ways needs their nodes))" : ""
                #expect(failure.message == "error: \(file.option) \(path)\(why) gave no rows: \(out) is left as it was", "\(failure.message)")
            }
            #expect(try FileInput.contents(of: out) == existing, "\(file.option) \(file.name)")
        }
        // Two sources, neither giving a row: both named.
        var both = try GazetteerBuild(
            arguments: try ParsedArguments(
                ["--places", directory.path + "/places.geojson", "--gtfs-stops", directory.path + "/stops.txt", "--out", out],
                options: GazetteerBuild.usage.allOptions))
        #expect(throws: StageFailure.self) {
            try both.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        }
        #expect(try FileInput.contents(of: out) == existing)
    }

    /// A build whose every row is skipped fails (65) and leaves the gazetteer as it was, but
    /// writes its rejects, and the error says how many and where: they were left as they were
    /// (an older run's, or none), so the rows and why they were skipped were lost.
    @Test func aBuildOfNoRowsWritesItsRejects() throws {
        let directory = try TemporaryDirectory()
        let (path, out, rejects) = (directory.path + "/oa.csv", directory.path + "/g.csv", directory.path + "/rejects.ndjson")
        try "LON,LAT,NUMBER,STREET\n-76.6,39.4,,MAIN ST\n-76.6,39.4,N12,MAIN ST\n".write(toFile: path, atomically: true, encoding: .utf8)
        try "gazetteer\n".write(toFile: out, atomically: true, encoding: .utf8)
        try "an older run's\n".write(toFile: rejects, atomically: true, encoding: .utf8)
        if let failure = try failure(["--openaddresses", path, "--out", out, "--rejects", rejects]) {
            #expect(failure.exitCode == .dataError)
            #expect(
                failure.message
                    == "error: --openaddresses \(path) gave no rows: \(out) is left as it was; 2 source rows skipped, written to \(rejects)")
        }
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "gazetteer\n")
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        #expect(lines.map { try? JSONParser.parse(String($0))["reason"]?.stringValue } == ["no_number", "bad_number"])
    }

    /// A build stopped by a source it cannot read on writes the rows skipped before, and says
    /// so after the error: they were left as they were.
    @Test func aFailedBuildWritesTheRejectsFoundBeforeIt() throws {
        let directory = try TemporaryDirectory()
        let (first, second) = (directory.path + "/a.csv", directory.path + "/b.csv")
        let (out, rejects) = (directory.path + "/g.csv", directory.path + "/rejects.ndjson")
        try "LON,LAT,NUMBER,STREET\n-76.6,39.4,,MAIN ST\n-76.6,39.4,12,MAIN ST\n".write(toFile: first, atomically: true, encoding: .utf8)
        try "LON,LAT,NUMBER,STREET\n-76.6,39.4,14,\"MAIN ST\n".write(toFile: second, atomically: true, encoding: .utf8)
        if let failure = try failure(["--openaddresses", first, "--openaddresses", second, "--out", out, "--rejects", rejects]) {
            #expect(failure.exitCode == .dataError)
            #expect(failure.message == "\(second):2: error: unterminated quoted field; 1 source row skipped before it, written to \(rejects)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        #expect(lines.map { try? JSONParser.parse(String($0))["line"] } == [.number("2")])
    }

    /// A county's address points as its GIS exports them (Baltimore County, MD, on GitHub:
    /// one pretty-printed FeatureCollection with `ST_NUMBER`, `ST_NAME`) given as OpenAddresses
    /// said only `invalid_json 3, no_number 1`: the error now says what the file lacks and what
    /// to do, and with its property names the file is read as it is.
    @Test func aFeatureCollectionGivenAsOpenAddressesSaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/AddressPoints_TM003.geojson"
        try """
        {
        "type": "FeatureCollection",
        "features": [
        { "type": "Feature", "properties": { "ST_NUMBER": "21424", "ST_NAME": "LENTZ", "ST_TYPE": "RD", "CITY_POSTA": "PARKTON", "ZIP": 21120 }, "geometry": { "type": "Point", "coordinates": [ -76.622419, 39.711708 ] } }
        ]
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let out = directory.path + "/gazetteer.csv"
        if let failure = try failure(["--openaddresses", path, "--out", out]) {
            #expect(failure.exitCode == .dataError)
            #expect(
                failure.message
                    == "error: --openaddresses \(path) (its features have no 'number' or 'street' property: name the house number's and the street's "
                    + "with --number-property and --street-property, or the whole address's with --address-property "
                    + "(the features have ST_NUMBER, ST_NAME, ST_TYPE, CITY_POSTA, ZIP))"
                    + " gave no rows: \(out) is left as it was; 1 source row skipped (--rejects FILE keeps it)", "\(failure.message)")
        }
        var named = try GazetteerBuild(
            arguments: try ParsedArguments(
                [
                    "--openaddresses", path, "--number-property", "ST_NUMBER", "--street-property", "ST_PREDIR,ST_NAME,ST_TYPE", "--city-property",
                    "CITY_POSTA", "--zip-property", "ZIP", "--state", "MD", "--out", out,
                ], options: GazetteerBuild.usage.allOptions))
        try named.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        let row = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("address,") }
        #expect(row == ["address,,,,,21424,lentz rd,,,,,,,39.711708,-76.622419,,PARKTON,MD,21120"])
        // OpenAddresses' own lines with nothing usable: as before.
        try #"{"type":"Feature","properties":{"street":"MAIN ST"},"geometry":{"type":"Point","coordinates":[-76.6,39.7]}}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        var lines = try GazetteerBuild(
            arguments: try ParsedArguments(["--openaddresses", path, "--out", out], options: GazetteerBuild.usage.allOptions))
        do {
            try lines.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        } catch let failure as StageFailure {
            #expect(
                failure.message
                    == "error: --openaddresses \(path) (its features have no 'number' property: name the house number's and the street's "
                    + "with --number-property and --street-property, or the whole address's with --address-property (the features have street)) "
                    + "gave no rows: \(out) is left as it was; 1 source row skipped (--rejects FILE keeps it)")
        }
    }

    @Test func needsInputsAndWellFormedPropertyLists() {
        #expect(throws: StageFailure.self) {
            try GazetteerBuild(arguments: try ParsedArguments(["--out", "x"], options: GazetteerBuild.usage.allOptions))
        }
        #expect(throws: StageFailure.self) { try GazetteerBuild(arguments: try Self.arguments(["--out", "x", "--range-properties", "A,B"])) }
    }

    /// A naming option given twice with different names is a usage error saying how to build
    /// files of different names: the first name was dropped without a word (Berkeley's
    /// inspections, `--address-property Restaurant_Address`, and its 311 cases,
    /// `--address-property street_address`, built the first with the second's name). The same
    /// name twice, and a list option given twice, are as before.
    @Test func aNamingOptionGivenTwoNamesIsAUsageError() throws {
        func failure(_ extra: [String]) -> StageFailure? {
            do {
                _ = try GazetteerBuild(
                    arguments: try ParsedArguments(["--openaddresses", "a.csv", "--out", "x"] + extra, options: GazetteerBuild.usage.allOptions))
                return nil
            } catch { return error }
        }
        let twice = try #require(failure(["--address-property", "Restaurant_Address", "--address-property", "street_address"]))
        #expect(twice.exitCode == .usage)
        #expect(
            twice.message
                == "--address-property is given 2 names ('Restaurant_Address', 'street_address'): it names one column for every source; "
                + "for files with their own names, build a gazetteer from each (--out a.csv, --out b.csv) and merge them: "
                + "sluice-gazetteer build --gazetteer a.csv --gazetteer b.csv --out both.csv")
        #expect(failure(["--lon-property", "X", "--lon-property", "LONGITUDE"])?.exitCode == .usage)
        #expect(failure(["--address-property", "Address", "--address-property", "Address"]) == nil)
        #expect(failure(["--street-property", "ST_NAME", "--street-property", "ST_TYPE"]) == nil)
    }

    /// A feed that lists its stations gives those only; platforms of one station are one place.
    @Test func aFeedWithStationsGivesItsStations() throws {
        let path = NSTemporaryDirectory() + "sluice-city-stops-\(getpid())-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            S1,Pioneer Square,45.5192,-122.6794,1,
            P1,Pioneer Square Northbound,45.5193,-122.6795,0,S1
            S2,Union Station,45.5288,-122.6766,1,
            S3,Union Station,45.5289,-122.6767,1,
            S4,Nowhere,north,-122.6,1,

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var builder = GazetteerBuilder(sources: nil)
        let read = try builder.addStops(path: path, source: "trimet", agency: nil, town: Town())
        #expect(read.rows == 5 && read.added == 2)
        #expect(read.skipped.map(\.reason) == ["not_a_station", "bad_coordinates"])
        #expect(builder.places.map(\.name) == ["Pioneer Square", "Union Station"])
        #expect(builder.places[0].aliases == ["Pioneer Square Station"])
    }

    /// A stops.txt row that is not UTF-8 (a feed exported as Latin-1) is skipped as
    /// `invalid_utf8` with its bytes as they are, and the stops after it are read, as an
    /// OpenAddresses CSV row is: it stopped the whole build (`stops.txt:3: error: bytes that
    /// are not UTF-8`, exit 65), even with --rejects. A skipped stop's row is its bytes too,
    /// quotes and all (it was its fields joined with commas).
    @Test func aStopThatIsNotUTF8IsSkippedWithItsBytes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/stops.txt"
        let latin1 = Array("2,Pe".utf8) + [0xF1] + Array("a Station,45.51,-122.61,1".utf8)
        let platform = Array("4,\"Oak, Northbound\",45.53,-122.63,0".utf8)
        let bytes =
            Array("stop_id,stop_name,stop_lat,stop_lon,location_type\n1,Main Station,45.5,-122.6,1\n".utf8) + latin1
            + Array("\n3,Oak Station,45.52,-122.62,1\n".utf8) + platform + [0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var builder = GazetteerBuilder(sources: nil)
        let read = try builder.addStops(path: path, source: "feed", agency: nil, town: Town())
        #expect(read.rows == 4 && read.added == 2)
        #expect(read.skipped.map(\.reason) == ["invalid_utf8", "not_a_station"] && read.skipped.map(\.line) == [3, 5])
        #expect(read.skipped.map(\.raw) == [RawRow(latin1), RawRow(platform)])
        #expect(builder.places.map(\.name) == ["Main Station", "Oak Station"])
        // The build reads on, and its report counts the row.
        var build = GazetteerBuilder(sources: nil)
        build.inputs.gtfsStops = [path]
        _ = try build.build()
        #expect(
            build.report == ["gtfs-stops \(path): 4 stops read, 2 skipped (invalid_utf8 1, not_a_station 1); 2 places (0 with a town, 0 with a ZIP)"])
    }

    /// A `--gazetteer` row that is not UTF-8 is skipped as `invalid_utf8` with its bytes (it
    /// was `bad_row` with its text decoded, U+FFFD in place of the bytes).
    @Test func aMergedGazetteerRowThatIsNotUTF8IsSkippedWithItsBytes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/g.csv"
        let row = Array("place,x:2,Pe".utf8) + [0xF1] + Array("a,,park,,,,,,,,,45.5,-122.6,,Portland,OR,".utf8)
        let bytes =
            Array((GazetteerRow.versionLine + "\n" + GazetteerRow.columns.joined(separator: ",") + "\n").utf8)
            + Array("place,x:1,Oaks Park,,park,,,,,,,,,45.47,-122.66,,Portland,OR,\n".utf8) + row + [0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var builder = GazetteerBuilder(sources: nil)
        builder.inputs.gazetteers = [path]
        builder.keepsRejects = true
        _ = try builder.build()
        #expect(builder.skipped.map(\.reason) == ["invalid_utf8"] && builder.skipped.map(\.line) == [4])
        #expect(builder.skipped.first?.raw == RawRow(row))
        #expect(builder.skipped.first?.detail == "name: bytes that are not UTF-8")
    }

    /// stops.txt as real feeds break it: a row with more fields than the header (a name with a
    /// comma, unquoted) is skipped as `field_count` (it was read shifted); a stop without a name
    /// is `no_name` (it was `stop_at_intersection`, 'names a street corner'); a column named twice
    /// is an error naming it (the last was read: an empty second `stop_name` skipped every stop).
    @Test func stopRowsBrokenAsFeedsBreakThem() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/stops.txt"
        try """
        stop_id,stop_name,stop_lat,stop_lon
        1,Main Station,45.5,-122.6
        2,Oak, Pine Station,45.51,-122.61
        3,,45.52,-122.62

        """.write(toFile: path, atomically: true, encoding: .utf8)
        var builder = GazetteerBuilder(sources: nil)
        let read = try builder.addStops(path: path, source: "feed", agency: nil, town: Town())
        #expect(read.rows == 3 && read.added == 1)
        #expect(read.skipped.map(\.reason) == ["field_count", "no_name"] && read.skipped.map(\.line) == [3, 4])
        #expect(read.skipped.first?.raw == RawRow("2,Oak, Pine Station,45.51,-122.61"))
        try "stop_id,stop_name,stop_lat,stop_lon,stop_name\n1,Main Station,45.5,-122.6,\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try builder.addStops(path: path, source: "feed", agency: nil, town: Town())
        } throws: { error in
            "\(error)" == "\(path):1: error: the header names column 'stop_name' twice (columns 2 and 5): which one to read cannot be told"
        }
    }

    @Test func stopPlaces() {
        #expect(GazetteerBuilder.stopPlace("Main St & Oak Ave") == nil)
        #expect(GazetteerBuilder.stopPlace("Mission/24th") == nil)
        #expect(GazetteerBuilder.stopPlace("Union Station/NW 6th") == "Union Station")
        #expect(GazetteerBuilder.stopPlace("PROVIDENCE PARK") == "Providence Park")
        #expect(GazetteerBuilder.prefix("gtfs/muni/stops.txt") == "muni")
        #expect(GazetteerBuilder.prefix("data/parks.geojson") == "parks")
    }
}
