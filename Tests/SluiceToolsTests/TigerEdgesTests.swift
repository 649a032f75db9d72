import Foundation
import SluiceCore
import SluiceGeocode
import Testing

@testable import SluiceTools

/// TIGER-like edges written by `ShapefileWriter`, read back against an answer worked out by hand.
@Suite struct TigerEdgesTests {
    static let edgeFields: [ShapefileWriter.Field] = [
        .init("TLID", "N", 10), .init("TNIDF", "N", 10), .init("TNIDT", "N", 10), .init("MTFCC", "C", 5), .init("FULLNAME", "C", 40),
        .init("ROADFLG", "C", 1), .init("LFROMADD", "C", 12), .init("LTOADD", "C", 12), .init("RFROMADD", "C", 12), .init("RTOADD", "C", 12),
    ]

    /// Main St east–west through nodes 1–2–3; Calle Niño north from node 2 (a T, a cross with the
    /// unnamed road south of it); a creek; an alley of two disjoint parts; a null shape; a deleted
    /// record; Elm St north from node 3 with a `1A` range.
    static let edges: [(ShapefileWriter.Shape, [String])] = [
        (
            .polyline([[(-122.4000, 37.7800), (-122.3995, 37.78005), (-122.3990, 37.7800)]]),
            ["1001", "1", "2", "S1400", "Main St", "Y", "101", "199", "100", "198"]
        ),
        (
            .polyline([[(-122.3990, 37.7800), (-122.3985, 37.7800)], [(-122.3985, 37.7800), (-122.3980, 37.7800)]]),
            ["1002", "2", "3", "S1400", "Main St", "Y", "201", "299", "200", "298"]
        ),
        (.polyline([[(-122.3990, 37.7800), (-122.3990, 37.7810)]]), ["1003", "2", "4", "S1400", "Calle Niño", "Y", "12-14", "20", "11", "19"]),
        (.polyline([[(-122.3990, 37.7790), (-122.3990, 37.7800)]]), ["1004", "5", "2", "S1400", "", "Y", "1", "9", "2", "10"]),
        (.polyline([[(-122.3970, 37.7795), (-122.3960, 37.7796)]]), ["1005", "8", "9", "H3010", "Mission Creek", "N", "", "", "", ""]),
        (
            .polyline([[(-122.3950, 37.7800), (-122.3949, 37.7800)], [(-122.3940, 37.7800), (-122.3935, 37.7802), (-122.3930, 37.7804)]]),
            ["1006", "6", "7", "S1730", "Hidden Aly", "Y", "0", "0", "", ""]
        ),
        (.null, ["1007", "10", "11", "S1400", "Null Rd", "Y", "1", "99", "2", "98"]),
        (.polyline([[(-122.3900, 37.7800), (-122.3890, 37.7800)]]), ["1008", "12", "13", "S1400", "Gone St", "Y", "1", "99", "2", "98"]),
        (.polyline([[(-122.3980, 37.7800), (-122.3980, 37.7810)]]), ["1009", "3", "14", "S1400", "Elm St", "", "1A", "9", "", ""]),
    ]

    static func point(_ lon: Double, _ lat: Double) -> GeoPoint { GeoPoint(lat: lat, lon: lon) }

    @Test func edgesAgainstTheHandWorkedAnswer() throws {
        let directory = try TemporaryDirectory()
        // No .cpg: the language driver byte (0x57, Windows ANSI) says how to read "Niño".
        try ShapefileWriter(type: 3, fields: Self.edgeFields, languageDriver: 0x57, deleted: [8])
            .write(to: directory.path + "/tl_edges", features: Self.edges)
        let path = directory.path + "/tl_edges.shp"
        let read = try TigerEdges.read(shp: path)
        let p = Self.point
        #expect(
            read.lines == [
                StreetLine(
                    id: "tiger:1001", name: "Main St", points: [p(-122.4000, 37.7800), p(-122.3995, 37.78005), p(-122.3990, 37.7800)],
                    leftFrom: 101, leftTo: 199, rightFrom: 100, rightTo: 198, fromNode: "1", toNode: "2"),
                StreetLine(
                    id: "tiger:1002", name: "Main St", points: [p(-122.3990, 37.7800), p(-122.3985, 37.7800), p(-122.3980, 37.7800)],
                    leftFrom: 201, leftTo: 299, rightFrom: 200, rightTo: 298, fromNode: "2", toNode: "3"),
                StreetLine(
                    id: "tiger:1003", name: "Calle Niño", points: [p(-122.3990, 37.7800), p(-122.3990, 37.7810)], rightFrom: 11, rightTo: 19,
                    fromNode: "2", toNode: "4"),
                // The longer of two parts that do not meet; its 0–0 range is no range.
                StreetLine(
                    id: "tiger:1006", name: "Hidden Aly", points: [p(-122.3940, 37.7800), p(-122.3935, 37.7802), p(-122.3930, 37.7804)],
                    fromNode: "6", toNode: "7"),
                StreetLine(id: "tiger:1009", name: "Elm St", points: [p(-122.3980, 37.7800), p(-122.3980, 37.7810)], fromNode: "3", toNode: "14"),
            ])
        #expect(read.skipped.map(\.line) == [4, 7, 8])
        #expect(read.skipped.map(\.reason) == ["no_name", "no_geometry", "deleted"])
        #expect(read.skipped.allSatisfy { $0.source == path })
        #expect(read.skipped[0].detail == "road S1400 without FULLNAME")
        #expect(
            read.skipped[0].raw.text == "TLID=1004;TNIDF=5;TNIDT=2;MTFCC=S1400;FULLNAME=;ROADFLG=Y;LFROMADD=1;LTOADD=9;RFROMADD=2;RTOADD=10")
        #expect(read.skipped[1].detail == "0 points in 0 parts")
        #expect(read.rangesLeftOut.map(\.line) == [3, 9])
        #expect(read.rangesLeftOut.map(\.reason) == ["bad_range", "bad_range"])
        #expect(read.rangesLeftOut[0].detail == "LFROMADD/LTOADD '12-14'–'20' are not whole numbers; range left out")
        #expect(read.notRoads == 1)
        #expect(read.records == 9)
        #expect(read.records == read.lines.count + read.skipped.count + read.notRoads)
    }

    @Test func streamingGivesTheSameLines() throws {
        let directory = try TemporaryDirectory()
        try ShapefileWriter(type: 3, fields: Self.edgeFields, deleted: [8]).write(to: directory.path + "/e", features: Self.edges)
        var streamed: [StreetLine] = []
        let read = try TigerEdges.read(shp: directory.path + "/e.shp") { streamed.append($0) }
        #expect(read.lines.isEmpty)
        #expect(streamed == (try TigerEdges.read(shp: directory.path + "/e.shp")).lines)
        #expect(read.skipped.count == 3)
    }

    @Test func zAndMVariantsGiveTheSameLines() throws {
        let directory = try TemporaryDirectory()
        var lines: [[StreetLine]] = []
        for type in [3, 13, 23] {
            try ShapefileWriter(type: type, fields: Self.edgeFields, deleted: [8]).write(to: directory.path + "/e\(type)", features: Self.edges)
            lines.append(try TigerEdges.read(shp: directory.path + "/e\(type).shp").lines)
        }
        #expect(lines[0].count == 5 && lines[1] == lines[0] && lines[2] == lines[0])
    }

    @Test func addressFeaturesHaveNoNodesAndRepeatEdges() throws {
        let directory = try TemporaryDirectory()
        let fields: [ShapefileWriter.Field] = [
            .init("TLID", "N", 10), .init("FULLNAME", "C", 40), .init("LFROMHN", "C", 12), .init("LTOHN", "C", 12), .init("RFROMHN", "C", 12),
            .init("RTOHN", "C", 12),
        ]
        let line: ShapefileWriter.Shape = .polyline([[(-122.41, 37.76), (-122.41, 37.77)]])
        // UTF-8 text, said by the .cpg (which wins over the language driver byte).
        try ShapefileWriter(type: 3, fields: fields, languageDriver: 0x57, cpg: "UTF-8", utf8: true)
            .write(
                to: directory.path + "/tl_addrfeat",
                features: [(line, ["2001", "Peñasco St", "1", "99", "2", "98"]), (line, ["2001", "Peñasco St", "101", "199", "", ""])])
        let read = try TigerEdges.read(shp: directory.path + "/tl_addrfeat.shp")
        let points = [Self.point(-122.41, 37.76), Self.point(-122.41, 37.77)]
        #expect(
            read.lines == [
                StreetLine(id: "tiger:2001", name: "Peñasco St", points: points, leftFrom: 1, leftTo: 99, rightFrom: 2, rightTo: 98),
                StreetLine(id: "tiger:2001-2", name: "Peñasco St", points: points, leftFrom: 101, leftTo: 199),
            ])
        #expect(read.skipped.isEmpty && read.rangesLeftOut.isEmpty)
    }

    /// Issue 33 item 16: an edge whose points are not degrees (out of range, NaN) stops the read
    /// naming its record; rejecting, it is skipped as bad_coordinates and the others are kept.
    @Test func anEdgeOutOfRangeIsRejectedOrStopsTheRead() throws {
        let directory = try TemporaryDirectory()
        let good = Self.edges[0], other = Self.edges[2]
        let features: [(ShapefileWriter.Shape, [String])] = [
            good, (.polyline([[(-122.4, 37.78), (-122.4, 97.5)]]), ["2001", "20", "21", "S1400", "Far St", "Y", "", "", "", ""]),
            (.polyline([[(Double.nan, 37.78), (-122.39, Double.nan)]]), ["2002", "22", "23", "S1400", "Nan St", "Y", "", "", "", ""]), other,
        ]
        try ShapefileWriter(type: 3, fields: Self.edgeFields).write(to: directory.path + "/tl_edges", features: features)
        let path = directory.path + "/tl_edges.shp"
        #expect {
            try TigerEdges.read(shp: path)
        } throws: { error in
            "\(error)".hasPrefix("\(path):2: error: coordinates (-122.4, 97.5) are not longitude/latitude degrees")
        }
        let read = try TigerEdges.read(shp: path, rejectingBadCoordinates: true)
        #expect(read.lines.map(\.id) == ["tiger:1001", "tiger:1003"])
        #expect(read.skipped.map(\.reason) == ["bad_coordinates", "bad_coordinates"])
        #expect(read.skipped.map(\.line) == [2, 3])
        #expect(read.skipped[1].detail.hasPrefix("coordinates (nan, 37.78) are not longitude/latitude degrees"), "\(read.skipped[1].detail)")
        #expect(read.skipped[1].raw.text.contains("FULLNAME=Nan St"))
        #expect(read.records == 4)
        // The build: stops without --rejects, goes on with it.
        func build(_ extra: [String]) throws {
            let arguments = try ParsedArguments(
                ["--tiger-edges", path, "--out", directory.path + "/g.csv"] + extra, options: GazetteerBuild.usage.allOptions)
            var command = try GazetteerBuild(arguments: arguments)
            try command.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        }
        #expect(throws: StageFailure.self) { try build([]) }
        try build(["--rejects", directory.path + "/rejects.ndjson"])
        let rejects = try String(contentsOfFile: directory.path + "/rejects.ndjson", encoding: .utf8)
        #expect(rejects.components(separatedBy: #""reason":"bad_coordinates""#).count == 3, "\(rejects)")
        #expect(try String(contentsOfFile: directory.path + "/g.csv", encoding: .utf8).lowercased().contains("main st"))
    }

    @Test func aTableOfAnotherKindIsRefusedByName() throws {
        let directory = try TemporaryDirectory()
        try ShapefileWriter(type: 3, fields: [.init("NAME", "C", 20)])
            .write(to: directory.path + "/rivers", features: [(.polyline([[(-122.4, 37.7), (-122.3, 37.7)]]), ["Creek"])])
        #expect {
            try TigerEdges.read(shp: directory.path + "/rivers.shp")
        } throws: { error in
            "\(error)" == "\(directory.path)/rivers.dbf: error: not a TIGER/Line EDGES or ADDRFEAT table: no LFROMADD or LFROMHN field (fields: NAME)"
        }
    }

    @Test func pointsAreNotEdges() throws {
        let directory = try TemporaryDirectory()
        try ShapefileWriter(type: 1, fields: Self.edgeFields)
            .write(to: directory.path + "/points", features: [(.point(-122.4, 37.7), ["1", "1", "2", "S1400", "Main St", "Y", "1", "9", "2", "8"])])
        #expect {
            try TigerEdges.read(shp: directory.path + "/points.shp")
        } throws: { error in
            "\(error)" == "\(directory.path)/points.shp: error: TIGER/Line edges are polylines; this shapefile holds points"
        }
    }

    /// EDGES' ZIPL/ZIPR and STATEFP give a line's ZIP and state (it names no place): the ZIP
    /// both sides share or the one side's; none when they differ.
    @Test func zipsAndStateFromTheEdge() throws {
        let directory = try TemporaryDirectory()
        let fields = Self.edgeFields + [.init("ZIPL", "C", 5), .init("ZIPR", "C", 5), .init("STATEFP", "C", 2)]
        let line = ShapefileWriter.Shape.polyline([[(-89.66, 39.8), (-89.65, 39.8)]])
        let base = ["S1400", "Main St", "Y", "1", "99", "2", "98"]
        try ShapefileWriter(type: 3, fields: fields).write(
            to: directory.path + "/e",
            features: [
                (line, ["1", "1", "2"] + base + ["62701", "62701", "17"]), (line, ["2", "2", "3"] + base + ["", "62702", "17"]),
                (line, ["3", "3", "4"] + base + ["62701", "62702", "06"]), (line, ["4", "4", "5"] + base + ["", "", "99"]),
            ])
        let read = try TigerEdges.read(shp: directory.path + "/e.shp")
        #expect(read.lines.map(\.town) == [Town(state: "IL", zip: "62701"), Town(state: "IL", zip: "62702"), Town(state: "CA"), Town()])
        #expect(TigerEdges.lineZip(left: "62701", right: "") == "62701")
    }

    @Test func ranges() {
        #expect(TigerEdges.range("101", "199") == .range(101, 199))
        #expect(TigerEdges.range("198", "100") == .range(198, 100))
        #expect(TigerEdges.range("", "") == .none)
        #expect(TigerEdges.range("0", "0") == .none)
        #expect(TigerEdges.range("0", "98") == .range(0, 98))
        #expect(TigerEdges.range("12-14", "20") == .bad)
        #expect(TigerEdges.range("1A", "9") == .bad)
        #expect(TigerEdges.range("1", "") == .bad)
        #expect(TigerEdges.range("-5", "9") == .bad)
        #expect(TigerEdges.range("١٢", "20") == .bad)
    }

    @Test func partsJoinedOnlyWhenTheyMeet() {
        let (a, b, c, d) = (Self.point(0, 0), Self.point(1, 0), Self.point(2, 0), Self.point(5, 0))
        #expect(TigerEdges.points([[a, b], [b, c]]) == [a, b, c])
        #expect(TigerEdges.points([[a, b], [c, d]]) == [c, d])
        #expect(TigerEdges.points([[a, a]]) == nil)
        #expect(TigerEdges.points([[a]]) == nil)
        #expect(TigerEdges.points([]) == nil)
    }
}

/// A fresh directory under the system's temporary directory, removed when the value goes.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "sluice-formats-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
