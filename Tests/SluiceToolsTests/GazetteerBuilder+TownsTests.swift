import Foundation
import SluiceCore
import SluiceGeocode
import Testing

@testable import SluiceTools

/// Rows carry their town from every source that names one, and two towns' streets, addresses
/// and places of one name stay apart.
@Suite struct TownBuildTests {
    func build(_ arguments: [String], in directory: TemporaryDirectory) throws -> (rows: [GazetteerRow], command: GazetteerBuild) {
        let out = directory.path + "/out-\(UUID().uuidString).csv"
        var command = try GazetteerBuild(arguments: try ParsedArguments(arguments + ["--out", out], options: GazetteerBuild.usage.allOptions))
        try command.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        var rows: [GazetteerRow] = []
        try Gazetteer.forEachRow(try FileInput.contents(of: out), source: out, skipBadRow: { _ in false }) { rows.append($0) }
        return (rows, command)
    }

    /// Two towns' `100 Main St` are two addresses; a row naming no town takes `--city`/`--state`.
    @Test func openAddressesOfTwoTowns() throws {
        let directory = try TemporaryDirectory()
        let path = try OpenAddressesGeoJSONTests.write(OpenAddressesGeoJSONTests.lines, in: directory)
        let (rows, command) = try build(["--openaddresses", path, "--city", "Capital", "--state", "Illinois"], in: directory)
        let addresses = rows.filter { $0.kind == .address }
        #expect(
            addresses.map { "\($0.number ?? 0) \($0.street), \($0.city), \($0.state) \($0.zip)" } == [
                "100 main st, Riverton, IL 62561", "100 main st, Springfield, IL 62701", "12 oak ave, Capital, IL ",
            ])
        #expect(command.builder.report[0].contains("3 point addresses on 2 streets (3 with a town, 2 with a ZIP)"))
        #expect(command.builder.report[0].contains("7 lines read, 4 skipped"))
    }

    @Test func aDuplicateIsOneWithinATown() throws {
        let directory = try TemporaryDirectory()
        let text = [
            OpenAddressesGeoJSONTests.feature("100", "MAIN ST"), OpenAddressesGeoJSONTests.feature("100", "Main Street", postcode: "62702"),
        ].joined(separator: "\n")
        let path = try OpenAddressesGeoJSONTests.write(text, in: directory)
        // With --rejects, skipped rows are written with their detail as they come (without, only counted).
        let (rows, command) = try build(["--openaddresses", path, "--rejects", directory.path + "/rejects.ndjson"], in: directory)
        #expect(rows.filter { $0.kind == .address }.map(\.zip) == ["62701"])
        let rejects = String(decoding: try FileInput.contents(of: directory.path + "/rejects.ndjson"), as: UTF8.self)
        #expect(rejects.contains(#""detail":"100 main st in Springfield is already a point 0 m away""#) && command.builder.skippedCount == 1)
        let (_, counting) = try build(["--openaddresses", path], in: directory)
        #expect(counting.builder.skipped.isEmpty && counting.builder.skippedCount == 1)
        #expect(counting.builder.report[0].contains("1 skipped (duplicate_address 1)"))
    }

    /// Main St of two towns ends where the other starts, and Oak Ave of the first town too:
    /// the first town's two streets meet there, the second town's Main St meets neither.
    @Test func streetsOfTwoTownsNeverMeet() throws {
        let directory = try TemporaryDirectory()
        func street(_ id: Int, _ name: String, _ town: String, _ line: String) -> String {
            #"{"type":"Feature","id":\#(id),"properties":{"name":"\#(name)","town":"\#(town)","st":"IL","zip5":"6270\#(id)"},"geometry":{"type":"LineString","coordinates":\#(line)}}"#
        }
        let text = [
            street(1, "Main St", "Springfield", "[[-89.66,39.8],[-89.65,39.8]]"),
            street(2, "Oak Ave", "Springfield", "[[-89.65,39.81],[-89.65,39.8]]"),
            street(3, "Main St", "Riverton", "[[-89.65,39.8],[-89.64,39.8]]"),
        ].joined(separator: "\n")
        let path = try OpenAddressesGeoJSONTests.write(text, in: directory, name: "streets.geojson")
        let (rows, command) = try build(
            ["--streets", path, "--city-property", "town", "--state-property", "st", "--zip-property", "zip5"], in: directory)
        let segments = rows.filter { $0.kind == .segment }
        #expect(
            segments.map { "\($0.id) \($0.city) \($0.state) \($0.zip)" } == [
                "streets:1 Springfield IL 62701", "streets:3 Riverton IL 62703", "streets:2 Springfield IL 62702",
            ])
        let nodes = Dictionary(uniqueKeysWithValues: segments.map { ($0.id, $0.nodes) })
        #expect(nodes["streets:1"]?[1] == nodes["streets:2"]?[1], "one town's streets meet")
        #expect(Set(nodes["streets:3"] ?? []).isDisjoint(with: (nodes["streets:1"] ?? []) + (nodes["streets:2"] ?? [])))
        #expect(
            (nodes["streets:3"] ?? []).allSatisfy { $0.hasSuffix("@riverton/IL") },
            "made node ids carry the town, so merged gazetteers never share one")
        #expect(command.builder.report[0].contains("3 segments (0 with address ranges, 3 with a town, 3 with a ZIP) on 2 streets, 1 intersections"))
    }

    /// A source's own node ids (TIGER's are national) join one town's lines only.
    @Test func sourceNodeIdsAreATownsOwn() {
        #expect(StreetTopology.nodeID("tiger:7", in: Town(city: "Riverton", state: "IL")) == "tiger:7@riverton/IL")
        #expect(StreetTopology.nodeID("tiger:7", in: Town(state: "IL", zip: "62701")) == "tiger:7")
    }

    @Test func placesOfOneNameInTwoTownsAreTwoPlaces() throws {
        var builder = GazetteerBuilder(sources: nil)
        let point = GeoPoint(lat: 39.8, lon: -89.65)
        builder.addPlace(name: "City Hall", aliases: [], category: "civic", id: "a", point: point, town: Town(city: "Springfield", state: "IL"))
        builder.addPlace(name: "City Hall", aliases: [], category: "civic", id: "b", point: point, town: Town(city: "Riverton", state: "IL"))
        builder.addPlace(
            name: "City Hall", aliases: ["Town Hall"], category: "civic", id: "c", point: point,
            town: Town(city: "SPRINGFIELD", state: "IL", zip: "62701"))
        #expect(builder.places.map(\.id) == ["a", "b"])
        #expect(builder.places[0].aliases == ["Town Hall"] && builder.places[0].zip == "62701", "merged: the alias and the ZIP it lacked")
    }

    /// `--gazetteer` keeps each row's town; `--city` fills the rows that have none.
    @Test func aMergedGazetteerKeepsItsTowns() throws {
        let directory = try TemporaryDirectory()
        let text = """
            # sluice-gazetteer 1.1
            kind,id,name,aliases,category,number,street,cross_street,left_from,left_to,right_from,right_to,nodes,lat,lon,points,city,state,zip
            place,p1,City Hall,,civic,,,,,,,,,39.8,-89.65,,Springfield,IL,62701
            address,,,,,100,main st,,,,,,,39.8,-89.65,,Springfield,IL,62701
            address,,,,,100,main st,,,,,,,39.84,-89.54,,Riverton,IL,
            address,,,,,100,main st,,,,,,,39.7,-89.7,,,,

            """
        let path = try OpenAddressesGeoJSONTests.write(text, in: directory, name: "g.csv")
        let (rows, _) = try build(["--gazetteer", path, "--city", "Capital", "--state", "IL"], in: directory)
        #expect(
            rows.map { "\($0.kind.rawValue) \($0.city) \($0.state) \($0.zip)" } == [
                "place Springfield IL 62701", "address Capital IL ", "address Riverton IL ", "address Springfield IL 62701",
            ])
    }

    @Test func aGazetteerWithoutTownsIsWarnedAbout() throws {
        let directory = try TemporaryDirectory()
        let path = try OpenAddressesGeoJSONTests.write(
            OpenAddressesGeoJSONTests.feature("1", "A ST", city: "", region: "", postcode: ""), in: directory)
        let (rows, _) = try build(["--openaddresses", path], in: directory)
        #expect(Coverage(rows).warning?.hasPrefix("no row names a town") == true)
        let (named, _) = try build(["--openaddresses", path, "--city", "Capital"], in: directory)
        #expect(Coverage(named).warning == nil)
        #expect(throws: StageFailure.self) { try build(["--openaddresses", path, "--state", "Illinoiss"], in: directory) }
    }
}
