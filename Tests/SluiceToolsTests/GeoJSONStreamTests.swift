import Foundation
import SluiceCore
import Testing

@testable import SluiceTools

/// The scanner hands out each feature's bytes whole, whatever the reads cut.
@Suite struct GeoJSONStreamTests {
    func features(_ text: String, readSize: Int = 1 << 20) throws -> [GeoJSONStream.Feature] {
        let path = NSTemporaryDirectory() + "sluice-geojson-\(getpid())-\(UUID().uuidString).geojson"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var stream = try GeoJSONStream(path: path, readSize: readSize)
        var all: [GeoJSONStream.Feature] = []
        while let feature = try stream.next() { all.append(feature) }
        return all
    }

    static let collection = """
        {"type":"FeatureCollection","name":"x \\" ] }","crs":{"features":[{"a":1}]},"features":[
        {"type":"Feature","properties":{"name":"A [ { \\" }"},"geometry":null},
        {"type":"Feature","properties":{"name":"B"},"geometry":{"type":"Point","coordinates":[1,2]}}
        ],"bbox":[0,0,1,1]}
        """

    @Test func collectionFeaturesOneByOneAcrossAnyRead() throws {
        for size in [1, 2, 3, 7, 64, 1 << 20] {
            let read = try features(Self.collection, readSize: size)
            #expect(read.map(\.line) == [2, 3], "read size \(size)")
            #expect(read.compactMap { try? $0.value.get()["properties"]?["name"]?.stringValue } == ["A [ { \" }", "B"])
        }
    }

    @Test func textSequencesAndLinesOfFeatures() throws {
        let sequence =
            "\u{1E}{\"type\":\"Feature\",\"properties\":{},\"geometry\":null}\n\u{1E}{\"type\":\"Feature\",\"properties\":{\"n\":1},\"geometry\":null}\n"
        #expect(try features(sequence, readSize: 5).count == 2)
        let lines = "{\"type\":\"Feature\",\"properties\":{},\"geometry\":null}\n\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":null}\n"
        #expect(try features(lines).map(\.line) == [1, 3])
    }

    @Test func aGzipFileReadsAsThePlainFile() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.path + "/streets.geojson"
        try FileManager.default.copyItem(atPath: GeoJSONFeaturesTests.fixtures + "/streets.geojson", toPath: plain)
        // Inflated a few bytes at a time, features cut across the reads.
        var zipped = try GeoJSONStream(path: try GzipFileTests.gzip(plain), readSize: 7)
        var stream = try GeoJSONStream(path: plain)
        var count = 0
        while let feature = try stream.next() {
            let other = try #require(try zipped.next())
            #expect(other.line == feature.line && other.raw == feature.raw)
            count += 1
        }
        #expect(count == 8)
        #expect(try zipped.next() == nil)
    }

    @Test func badFeatureIsAValueAndACutFileAnError() throws {
        let read = try features("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"x\":tru}]}")
        #expect(read.count == 1)
        #expect((try? read[0].value.get()) == nil)
        #expect(throws: StageFailure.self) { try features("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\"") }
        #expect(try features("{\"type\":\"FeatureCollection\",\"features\":[]}").isEmpty)
    }

    /// Issue 33 item 15: a file that is not GeoJSON is an error naming what it begins with.
    @Test func aFileThatIsNotGeoJSONIsAnError() throws {
        let directory = try TemporaryDirectory()
        let png = directory.path + "/map.geojson", csv = directory.path + "/places.geojson"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + [UInt8](repeating: 7, count: 100)).write(
            to: URL(fileURLWithPath: png))
        try "name,lat,lon\nTosca,37.79,-122.40\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect {
            try GeoJSONStream(path: png)
        } throws: { error in
            "\(error)"
                == #"\#(png): error: not GeoJSON: it begins with \x89PNG\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x07\x07\x07\x07, where a GeoJSON file begins with '{'"#
        }
        #expect {
            try GeoJSONStream(path: csv)
        } throws: { error in
            "\(error)" == "\(csv): error: not GeoJSON: it begins with name,lat,lon\\x0aTos, where a GeoJSON file begins with '{'"
        }
        // A byte-order mark, spaces and record separators may come first; an empty file has no features.
        #expect(try features("\u{FEFF} \n\u{1E}{\"type\":\"Feature\",\"properties\":{},\"geometry\":null}").count == 1)
        #expect(try features("").isEmpty && features(" \n").isEmpty)
    }

    /// Issue 33 item 15: bytes between features that are no value come out as garbage, with
    /// their line and offset, at the top (a line each) and in `features` (an element each),
    /// whatever the reads cut.
    @Test func garbageBetweenFeaturesIsHandedOut() throws {
        let feature = #"{"type":"Feature","properties":{},"geometry":null}"#
        let lines = feature + "\nhello, world\n" + feature + " ]\n" + feature + "\nend"
        let collection = #"{"type":"FeatureCollection","features":["# + feature + #", 5, "a,]b" ,"# + feature + "]}"
        for size in [1, 3, 1 << 20] {
            let top = try features(lines, readSize: size)
            #expect(top.map(\.garbage) == [false, true, false, true, false, true], "read size \(size)")
            #expect(top.filter(\.garbage).map(\.line) == [2, 3, 5])
            #expect(top.filter(\.garbage).map(\.raw.text) == ["hello, world", "]", "end"])
            #expect(top[1].offset == feature.utf8.count + 1 && top[1].length == 12)
            let inside = try features(collection, readSize: size)
            #expect(inside.map(\.garbage) == [false, true, true, false], "read size \(size)")
            #expect(inside.filter(\.garbage).map(\.raw.text) == ["5", #""a,]b""#])
        }
    }

    /// Only a file whose first object is a FeatureCollection is read as one: a Feature a line is
    /// read a line at a time, whatever its later lines hold.
    @Test func whatOpensAFeatureCollection() throws {
        func opens(_ text: String) throws -> Bool {
            let path = NSTemporaryDirectory() + "sluice-geojson-\(getpid())-\(UUID().uuidString).geojson"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            var stream = try GeoJSONStream(path: path, readSize: 7)
            return try stream.opensFeatureCollection()
        }
        #expect(try opens(#"{"type":"FeatureCollection","features":[]}"#))
        #expect(try opens("{\n \"features\": [\n { \"type\": \"Feature\""))
        #expect(try opens(#"{"name":"a \"quoted\" name","type" : "FeatureCollection"}"#))
        #expect(try !opens(OpenAddressesGeoJSONTests.lines))
        #expect(try !opens(#"{"type":"Feature","properties":{"features":[1],"type":"FeatureCollection"}}"#))
        #expect(try !opens(#"{"type":"Feature","properties":{"#))
    }
}
