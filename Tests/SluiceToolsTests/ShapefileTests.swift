import Foundation
import SluiceCore
import SluiceGeocode
import Testing

@testable import SluiceTools

@Suite struct ShapefileTests {
    static let fields: [ShapefileWriter.Field] = [.init("ID", "N", 4)]

    static func read(_ path: String) throws -> [Shapefile.Feature] {
        let shapes = try Shapefile(path: path)
        var features: [Shapefile.Feature] = []
        while let feature = try shapes.next() { features.append(feature) }
        return features
    }

    @Test func polylineZPartsWithTheirRecords() throws {
        let directory = try TemporaryDirectory()
        try ShapefileWriter(type: 13, fields: Self.fields)
            .write(
                to: directory.path + "/z",
                features: [
                    (.polyline([[(-122.4, 37.7), (-122.3, 37.8)], [(-122.2, 37.6), (-122.1, 37.5), (-122.0, 37.4)]]), ["1"]), (.null, ["2"]),
                ])
        let shapes = try Shapefile(path: directory.path + "/z.shp")
        #expect(shapes.shapeType == .polylineZ && shapes.shapeType.plain == .polyline)
        let features = try Self.read(directory.path + "/z.shp")
        #expect(features.map(\.number) == [1, 2])
        #expect(
            features[0].parts == [
                [GeoPoint(lat: 37.7, lon: -122.4), GeoPoint(lat: 37.8, lon: -122.3)],
                [GeoPoint(lat: 37.6, lon: -122.2), GeoPoint(lat: 37.5, lon: -122.1), GeoPoint(lat: 37.4, lon: -122.0)],
            ])
        #expect(features[0].attributes == [.number("1")])
        #expect(features[1].type == .null && features[1].parts.isEmpty)
    }

    @Test func pointsMeasuredPointsAndMultipoints() throws {
        let directory = try TemporaryDirectory()
        for type in [1, 11, 21] {
            try ShapefileWriter(type: type, fields: Self.fields)
                .write(to: directory.path + "/p\(type)", features: [(.point(-122.42, 37.77), ["7"]), (.point(2.35, 48.85), ["8"])])
            let features = try Self.read(directory.path + "/p\(type).shp")
            #expect(features.map(\.parts) == [[[GeoPoint(lat: 37.77, lon: -122.42)]], [[GeoPoint(lat: 48.85, lon: 2.35)]]], "type \(type)")
        }
        try ShapefileWriter(type: 28, fields: Self.fields).write(to: directory.path + "/m", features: [(.polyline([[(1, 2), (3, 4)]]), ["1"])])
        #expect(try Self.read(directory.path + "/m.shp").map(\.parts) == [[[GeoPoint(lat: 2, lon: 1), GeoPoint(lat: 4, lon: 3)]]])
    }

    @Test func projectedCoordinatesAreRefused() throws {
        let directory = try TemporaryDirectory()
        let writer = ShapefileWriter(type: 1, fields: Self.fields)
        try writer.write(to: directory.path + "/utm", features: [(.point(551_000, 4_180_000), ["1"])])
        #expect {
            try Self.read(directory.path + "/utm.shp")
        } throws: { error in
            "\(error)".hasPrefix("\(directory.path)/utm.shp:1: error: coordinates (551000.0, 4180000.0) are not longitude/latitude degrees")
                && "\(error)".hasSuffix("reproject to WGS84 (e.g. ogr2ogr -t_srs EPSG:4326)")
        }
        try writer.write(to: directory.path + "/lcc", features: [(.point(-122.4, 37.7), ["1"])])
        try #"PROJCS["NAD83 / California zone 3",GEOGCS["NAD83"]]"#.write(toFile: directory.path + "/lcc.prj", atomically: true, encoding: .utf8)
        #expect {
            try Self.read(directory.path + "/lcc.shp")
        } throws: { error in
            "\(error)"
                == "\(directory.path)/lcc.prj: error: projected coordinates are not supported; reproject to WGS84 (e.g. ogr2ogr -t_srs EPSG:4326)"
        }
        // A geographic .prj (TIGER's NAD83) is read.
        try #"GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983"]]"#
            .write(toFile: directory.path + "/lcc.prj", atomically: true, encoding: .utf8)
        #expect(try Self.read(directory.path + "/lcc.shp").count == 1)
    }

    @Test func shapesAndRecordsMustPair() throws {
        let directory = try TemporaryDirectory()
        try ShapefileWriter(type: 1, fields: Self.fields).write(to: directory.path + "/a", features: [(.point(1, 1), ["1"]), (.point(2, 2), ["2"])])
        try ShapefileWriter(type: 1, fields: Self.fields).write(to: directory.path + "/b", features: [(.point(1, 1), ["1"])])
        // a.shp's two shapes against b.dbf's one record.
        try FileManager.default.removeItem(atPath: directory.path + "/a.dbf")
        try FileManager.default.copyItem(atPath: directory.path + "/b.dbf", toPath: directory.path + "/a.dbf")
        #expect {
            try Self.read(directory.path + "/a.shp")
        } throws: { error in
            "\(error)" == "\(directory.path)/a.shp:2: error: not a readable shapefile: shape 2 has no record in the .dbf (1 records)"
        }
        #expect(throws: StageFailure.self) { try Shapefile(path: directory.path + "/missing.shp") }
    }

    /// Every prefix of a valid file, and seeded byte flips: an error naming the file, never a crash.
    @Test func truncatedAndCorruptedBytes() throws {
        let directory = try TemporaryDirectory()
        try ShapefileWriter(type: 3, fields: Self.fields)
            .write(
                to: directory.path + "/w",
                features: (1...4).map { (.polyline([[(-122.4, 37.7), (-122.3, 37.8)], [(-122.3, 37.8), (-122.2, 37.9)]]), ["\($0)"]) })
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory.path + "/w.shp")))
        try FileManager.default.copyItem(atPath: directory.path + "/w.dbf", toPath: directory.path + "/cut.dbf")
        let cut = directory.path + "/cut.shp"
        for length in 0..<whole.count {
            try Data(whole[..<length]).write(to: URL(fileURLWithPath: cut))
            #expect(throws: StageFailure.self, "prefix of \(length) bytes") { try Self.read(cut) }
            do { _ = try Self.read(cut) } catch { #expect("\(error)".hasPrefix(cut), "\(error)") }
        }
        var random = SplitMix64(seed: 21)
        for _ in 0..<400 {
            var bytes = whole
            bytes[random.int(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            try Data(bytes).write(to: URL(fileURLWithPath: cut))
            do { _ = try Self.read(cut) } catch { #expect("\(error)".hasPrefix(cut), "\(error)") }
        }
    }
}
