import Foundation
import SluiceCore
import SluiceGeocode
import SluiceSanitize
import Testing

@testable import SluiceTools

/// `sluice-gazetteer build --osm` on the hand-written town (`Fixtures/osm/town.osm`) and its
/// PBF twin written by libosmium.
@Suite struct OSMExtractBuildTests {
    static let fixtures = OSMPBFTests.fixtures

    func build(_ file: String, _ extra: [String] = []) throws -> (bytes: [UInt8], command: GazetteerBuild) {
        let out = NSTemporaryDirectory() + "sluice-osm-\(getpid())-\(UUID().uuidString).csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var command = try GazetteerBuild(
            arguments: try ParsedArguments(["--osm", Self.fixtures + "/" + file, "--out", out] + extra, options: GazetteerBuild.usage.allOptions))
        try command.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        return (try FileInput.contents(of: out), command)
    }

    @Test func thePBFAndTheXMLBuildTheSameGazetteer() throws {
        let (pbf, command) = try build("town.osm.pbf")
        #expect(pbf == (try build("town.osm").bytes))
        #expect(command.builder.report.count == 2)
        #expect(
            command.builder.report[0].hasSuffix(
                "46 elements (35 nodes, 10 ways, 1 relations) read, 1 skipped (no_geometry 1); 7 places (1 with a town, 1 with a ZIP), 3 point addresses"
            ))
        #expect(
            command.builder.report[1].hasSuffix(
                "3 named roads read, 0 skipped; 5 segments (0 with address ranges, 0 with a town, 0 with a ZIP) on 3 streets, 2 intersections"))
    }

    /// An extract that gives no row beside one that does (ways without their nodes): the build
    /// goes on with the other, and names the input that gave nothing and why.
    @Test func anInputThatGivesNoRowsIsNamedWithWhy() throws {
        let ways = NSTemporaryDirectory() + "sluice-osm-ways-\(getpid())-\(UUID().uuidString).osm"
        defer { try? FileManager.default.removeItem(atPath: ways) }
        try """
        <osm version="0.6"><way id="106"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Main Street"/></way></osm>
        """.write(toFile: ways, atomically: true, encoding: .utf8)
        let (bytes, command) = try build("town.osm.pbf", ["--osm", ways])
        #expect(bytes == (try build("town.osm.pbf").bytes))
        #expect(
            command.builder.inputsWithoutRows == [
                "--osm \(ways) gave no rows: 1 elements (0 nodes, 1 ways, 0 relations) read, 0 skipped; 1 named roads read, 1 skipped (no_geometry 1);"
                    + " the extract holds no nodes, so its ways have no position (an extract of ways needs their nodes)"
            ])
        #expect(try build("town.osm.pbf").command.builder.inputsWithoutRows.isEmpty)
    }

    @Test func placesWithTheirKindsAndAliases() throws {
        let gazetteer = try Gazetteer.parse(try build("town.osm.pbf").bytes, source: "built")
        let places = Dictionary(uniqueKeysWithValues: gazetteer.places.map { ($0.name, $0) })
        #expect(
            places.keys.sorted() == [
                "Blue Door Cafe", "Central Station", "Old Town", "Pier 7", "Riverside Park", "Smith & Sons Hardware", "Town Hall",
            ])
        #expect(places["Blue Door Cafe"]?.aliases == ["Blue Door", "The Door"])
        #expect(places["Central Station"]?.category == "station")
        #expect(places["Central Station"]?.aliases == ["Bellingham Central Railway Station"])
        #expect(places["Pier 7"]?.category == "pier" && places["Pier 7"]?.aliases == ["Harbour Pier"])
        #expect(places["Riverside Park"]?.category == "park" && places["Riverside Park"]?.aliases == ["The Green"])
        #expect(places["Town Hall"]?.category == "townhall")
        #expect(places["Smith & Sons Hardware"]?.aliases == ["Smith & Sons"])
    }

    @Test func theTownGeocodes() throws {
        let gazetteer = try Gazetteer.parse(try build("town.osm.pbf").bytes, source: "built")
        let geocoder = Geocoder(gazetteer)
        func best(_ text: String) throws -> GeoMatch { try #require(geocoder.geocode(GeocodeQuery(address: AddressParser().parse(text).json)).first) }
        let cafe = try best("Blue Door Cafe")
        #expect(cafe.precision == .place && cafe.point == GeoPoint(lat: 48.7502, lon: -122.4795))
        #expect(try best("Harbour Pier").point == (try best("Pier 7")).point)
        // The pier's point is on the pier's bar, not between its arms.
        #expect(try #require(try best("Pier 7").point).lat < 48.7472)
        let address = try best("12 Main Street")
        #expect(address.precision == .address && address.point == GeoPoint(lat: 48.7502, lon: -122.4795))
        #expect(try best("20 Oak Ave").precision == .address)
        // Main Street and Oak Avenue share node 2.
        let corner = try best("Main St & Oak Ave")
        #expect(corner.precision == .intersection && corner.point == GeoPoint(lat: 48.75, lon: -122.478))
    }

    /// A real extract (Liechtenstein, 2013) built and geocoded: a museum drawn as a building
    /// outline stands inside its outline, its address is a point, streets meet.
    @Test func aRealExtractBuildsAndGeocodes() throws {
        let (bytes, command) = try build("liechtenstein-2013-08-03.osm.pbf")
        #expect(command.builder.report[0].contains("72967 elements (65733 nodes, 7121 ways, 113 relations) read"))
        let geocoder = Geocoder(try Gazetteer.parse(bytes, source: "built"))
        func best(_ text: String) throws -> GeoMatch { try #require(geocoder.geocode(GeocodeQuery(address: AddressParser().parse(text).json)).first) }
        let museum = try best("Kunstmuseum Liechtenstein")
        let point = try #require(museum.point)
        #expect(museum.precision == .place)
        // Inside the outline of way 333 (its corners as osmium-tool reads them).
        #expect((47.1393706...47.139587).contains(point.lat) && (9.521771...9.5225336).contains(point.lon))
        let address = try best("32 Städtle")
        let addressPoint = try #require(address.point)
        #expect(address.precision == .address && addressPoint.distance(to: point) < 1)
        #expect(try best("Rathaus Vaduz").precision == .place)
    }

    /// The geocode golden case `0017-osm-gazetteer` geocodes the gazetteer that the gazetteer
    /// case `0004-osm-extract` builds: the two copies must stay one.
    @Test func theGeocodeGoldenCaseUsesTheBuiltGazetteer() throws {
        let cases = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../EndToEndTests/Cases").path
        let built = try FileInput.contents(of: cases + "/gazetteer/0004-osm-extract/expected.gazetteer.csv")
        #expect(built == (try FileInput.contents(of: cases + "/geocode/0017-osm-gazetteer/gazetteer.csv")))
        #expect(built == (try build("town.osm.pbf").bytes))
    }

    /// A place the city's own data has is not doubled: OSM's cafe 40 m from the GeoJSON one of
    /// the same name adds its other names to it (the city's data is read first and wins). Places
    /// merge within one town: OSM tags this cafe `addr:city=Bellingham`, and `--city` gives the
    /// GeoJSON's places, which name no town, the town a single-town build is of.
    @Test func aPlaceAnotherSourceHasIsMergedNotDoubled() throws {
        let directory = try TemporaryDirectory()
        let places = directory.path + "/places.geojson"
        try """
        {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Blue Door Cafe","kind":"cafe"},"geometry":{"type":"Point","coordinates":[-122.4795,48.75056]}}]}
        """.write(toFile: places, atomically: true, encoding: .utf8)
        let gazetteer = try Gazetteer.parse(
            try build("town.osm", ["--places", places, "--category-property", "kind", "--city", "Bellingham"]).bytes, source: "built")
        let cafes = gazetteer.places.filter { $0.name == "Blue Door Cafe" }
        #expect(cafes.count == 1)
        #expect(cafes.first?.aliases == ["Blue Door", "The Door"])
        #expect(cafes.first?.point == GeoPoint(lat: 48.75056, lon: -122.4795))
    }

    @Test func namedRoadsAreCutWhereTheyShareANode() throws {
        let roads: [(id: Int64, name: String, refs: [Int64])] = [
            (1, "Main St", [1, 2, 3, 4]), (2, "Oak Ave", [5, 3, 6]), (3, "Loop Rd", [7, 8, 9, 7]),
        ]
        var nodes = OSMNodeIndex()
        for id in 1...9 { nodes.add(id: Int64(id), lat: Double(id) / 1000, lon: 0) }
        let (lines, skipped) = GazetteerBuilder.streetLines(roads, nodes: nodes, source: "test")
        #expect(skipped.isEmpty)
        #expect(lines.map(\.id) == ["osm:way/1#1", "osm:way/1#2", "osm:way/2#1", "osm:way/2#2", "osm:way/3"])
        #expect(lines.map { [$0.fromNode!, $0.toNode!] } == [["1", "3"], ["3", "4"], ["5", "3"], ["3", "6"], ["7", "7"]])
        #expect(lines[0].points.count == 3)
    }

    @Test func multipolygonRingsJoinTheirPieces() {
        #expect(GazetteerBuilder.rings([[1, 2, 3], [1, 4, 3], [5, 6, 7, 5]]) == [[1, 2, 3, 4, 1], [5, 6, 7, 5]])
        #expect(GazetteerBuilder.rings([[1, 2], [3, 4]]) == [[1, 2], [3, 4]])
    }

    /// A house number that is no number is skipped with its reason; so is `addr:housenumber=0`,
    /// no address (US address points write 0 for a building without a number), where it was a
    /// point at number 0.
    @Test(arguments: [("N12", "bad_number"), ("0", "zero_number")])
    func aHouseNumberThatIsNoNumberIsSkippedWithItsReason(number: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/bad.osm"
        try """
        <osm><node id="1" lat="48.75" lon="-122.48"><tag k="addr:housenumber" v="\(number)"/><tag k="addr:street" v="Main Street"/></node>
        <node id="2" lat="48.75" lon="-122.48"><tag k="addr:housenumber" v="12"/><tag k="addr:street" v="Main Street"/></node></osm>
        """.write(toFile: file, atomically: true, encoding: .utf8)
        var builder = GazetteerBuilder(sources: nil)
        builder.inputs.osm = [file]
        let rows = try builder.build()
        #expect(rows.map(\.kind) == [.address] && rows.first?.number == 12)
        #expect(builder.skipped.map(\.reason) == [reason] && builder.skipped.first?.raw.text == "node/1" && builder.skipped.first?.line == 1)
    }

    @Test func whatBecomesAPlace() {
        let category = GazetteerBuilder.osmCategory
        #expect(category(["amenity": "cafe", "building": "yes"]) == "cafe")
        #expect(category(["amenity": "bench"]) == nil)
        #expect(category(["amenity": "bench", "building": "yes"]) == "building")
        #expect(category(["railway": "station", "building": "train_station"]) == "station")
        #expect(category(["public_transport": "station"]) == "station")
        #expect(category(["shop": "yes"]) == "shop")
        #expect(category(["office": "lawyer"]) == "office")
        #expect(category(["tourism": "information"]) == nil)
        #expect(category(["tourism": "hotel"]) == "hotel")
        #expect(category(["man_made": "pier"]) == "pier")
        #expect(category(["man_made": "monitoring_station"]) == nil)
        #expect(category(["place": "city"]) == nil)
        #expect(category(["place": "neighbourhood"]) == "neighbourhood")
        #expect(category(["highway": "residential"]) == nil)
        #expect(PlaceClass(category: category(["man_made": "pier"]) ?? "") == .pier)
        #expect(PlaceClass(category: category(["leisure": "park"]) ?? "") == .park)
    }

    @Test func nodeIndexSortsOnceWhenOutOfOrder() {
        var nodes = OSMNodeIndex()
        nodes.add(id: 5, lat: 1, lon: 2)
        nodes.add(id: 2, lat: -33.8688197, lon: 151.2092955)
        nodes.add(id: 5, lat: 3, lon: 4)
        nodes.finish()
        #expect(nodes.count == 2)
        #expect(nodes.point(5) == GeoPoint(lat: 3, lon: 4))
        #expect(nodes.point(2) == GeoPoint(lat: -33.8688197, lon: 151.2092955))
        #expect(nodes.point(3) == nil)
        var ways = OSMWayIndex()
        ways.add(id: 9, refs: [1, 2])
        ways.add(id: 4, refs: [3])
        ways.finish()
        #expect(ways.refs(4).map(Array.init) == [3] && ways.refs(9).map(Array.init) == [1, 2] && ways.refs(5) == nil)
    }
}
