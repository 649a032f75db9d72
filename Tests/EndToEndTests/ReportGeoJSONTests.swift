import Foundation
import Testing

@testable import SluiceCore

/// `sluice-report --geojson` on the bundled data against RFC 7946: a FeatureCollection of
/// Features with Point geometries whose positions are [longitude, latitude] in range, no
/// `crs`, unique property names, one feature per placed record, streamed the same to a file
/// and to stdout.
@Suite struct ReportGeoJSONTests {
    @Test func theBundledDataIsAValidFeatureCollection() throws {
        let output = try BundledPipeline.output()
        let records = try BundledPipeline.records("04-deduped.ndjson")
        let text = try String(contentsOf: output.file("places.geojson"), encoding: .utf8)
        let collection = try JSONParser.parse(text)
        guard case .object(let top) = collection else {
            Issue.record("not an object")
            return
        }
        #expect(top.map(\.key) == ["type", "features"])
        #expect(collection["type"] == .string("FeatureCollection"))
        #expect(collection["crs"] == nil && collection["bbox"] == nil)
        guard case .array(let features)? = collection["features"] else {
            Issue.record("features is not an array")
            return
        }
        let placed = records.filter { ($0["geo"]?["precision"]?.stringValue).map { $0 != "none" } ?? false }
        #expect(features.count == placed.count && features.count > 1800)
        for (feature, record) in zip(features, placed) {
            try Self.check(feature, against: record)
        }
    }

    /// One feature: RFC 7946 §3.2 (type, geometry, properties), §3.1.2 (Point), §3.1.1 and §4
    /// (longitude, latitude; WGS84 ranges), and its values from the record.
    static func check(_ feature: JSONValue, against record: JSONValue) throws {
        guard case .object(let members) = feature else { throw Invalid("a feature is not an object") }
        #expect(Set(members.map(\.key)) == ["type", "geometry", "properties"])
        #expect(feature["type"] == .string("Feature"))
        let geometry = try #require(feature["geometry"])
        #expect(geometry["type"] == .string("Point"))
        guard case .array(let position)? = geometry["coordinates"], position.count == 2,
            let longitude = position[0].doubleValue, let latitude = position[1].doubleValue
        else { throw Invalid("coordinates are not [number, number]: \(JSONWriter.string(geometry))") }
        #expect((-180...180).contains(longitude) && (-90...90).contains(latitude))
        // Longitude first: the record's geo.lon, and in San Francisco (37.8 N, 122.4 W).
        #expect(position[0] == record["geo"]?["lon"] && position[1] == record["geo"]?["lat"])
        #expect((-123.2 ... -121.8).contains(longitude) && (37.4...38.2).contains(latitude))
        guard case .object(let properties)? = feature["properties"] else { throw Invalid("properties is not an object") }
        #expect(Set(properties.map(\.key)).count == properties.count, "duplicate property names")
        for property in properties {
            switch property.value {
            case .array, .object: Issue.record("property \(property.key) is not a scalar")
            default: break
            }
        }
        #expect(feature["properties"]?["title"] == record["title"])
        #expect(feature["properties"]?["precision"] == record["geo"]?["precision"])
        #expect(feature["properties"]?["score"]?.doubleValue == record["geo"]?["score"]?.doubleValue)
        #expect(feature["properties"]?["provenance_row"] == record["provenance"]?["row"])
    }

    struct Invalid: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func toStdoutItIsTheSameCollectionAndNoPage() throws {
        let output = try BundledPipeline.output()
        let result = try Executable("sluice-report").run(["--geojson", "-", output.file("04-deduped.ndjson").path])
        #expect(result.status == 0)
        #expect(result.stdout == (try Data(contentsOf: output.file("places.geojson"))))
        #expect(result.stderrText.hasPrefix("sluice-report: 2084 in, 2084 out, 0 rejected, "))
        #expect(result.stderrText.hasSuffix(" features\n"))
    }
}
