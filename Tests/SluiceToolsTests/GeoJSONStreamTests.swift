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
        var stream = try GeoJSONStream(path: path)
        stream.readSize = readSize
        defer { stream.close() }
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
        var zipped = try GeoJSONStream(path: try GzipFileTests.gzip(plain))
        var stream = try GeoJSONStream(path: plain)
        defer { (zipped.close(), stream.close()) }
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
}
