import Foundation
import SluiceGeocode
import Testing

@testable import SluiceTools

/// Streets and places from the fixture files under `Fixtures/city`.
@Suite struct GeoJSONFeaturesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/city").path

    @Test func streetsWithMultiLineStringsAndMissingNames() throws {
        var reader = GeoJSONFeatures(path: Self.fixtures + "/streets.geojson", prefix: "streets", nameProperty: "NAME")
        reader.rangeProperties = ["LF", "LT", "RF", "RT"]
        let read = try reader.streets()
        #expect(read.features == 8)
        // Oak Ave's parts do not connect: two lines; Elm St's do: one line of three points.
        #expect(read.values.map(\.id) == ["streets:1", "streets:2", "streets:3", "streets:4#1", "streets:4#2", "streets:5"])
        #expect(read.values.last?.points.count == 3)
        #expect(read.skipped.map(\.reason) == ["no_name", "no_geometry", "unsupported_geometry"])
        #expect(read.skipped.map(\.line) == [7, 8, 9])
        // Ranges as numbers or as text; none when 0 or null.
        #expect(read.values[1].leftFrom == 201 && read.values[1].rightTo == 298)
        #expect(read.values[3].leftFrom == nil && read.values[3].rightFrom == 0)
        #expect(read.values.allSatisfy { $0.fromNode == nil })
    }

    /// Issue 33 item 15: every feature read is kept or skipped with its reason: garbage between
    /// features is `not_json` (line and byte offset), an empty MultiLineString `bad_geometry`.
    @Test func everyFeatureReadIsKeptOrSkipped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/streets.geojson"
        let text = """
            {"type":"Feature","properties":{"name":"Main St"},"geometry":{"type":"LineString","coordinates":[[-122.4,37.78],[-122.39,37.78]]}}
            PNG garbage here
            {"type":"Feature","properties":{"name":"Empty St"},"geometry":{"type":"MultiLineString","coordinates":[]}}
            {"type":"Feature","properties":{"name":"Oak Ave"},"geometry":{"type":"MultiLineString","coordinates":[[[-122.4,37.79],[-122.39,37.79]]]}}

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try GeoJSONFeatures(path: path, prefix: "s", nameProperty: "name").streets()
        #expect(read.values.map(\.name) == ["Main St", "Oak Ave"])
        #expect(read.skipped.map(\.reason) == ["not_json", "bad_geometry"])
        #expect(read.skipped.map(\.line) == [2, 3])
        #expect(read.skipped[0].detail == "16 bytes at byte \(text.split(separator: "\n")[0].utf8.count + 1) between features are no JSON value")
        #expect(read.skipped[0].raw.text == "PNG garbage here")
        #expect(read.features == 4 && read.features == read.values.count + read.skipped.count)
    }

    /// A property an option names that no feature has (Cambridge's centrelines name `L_From`, a
    /// user typed `l_from`) is said, with the properties the features have and the nearest: a
    /// wrong name property read as features without names (`no_name` for every one), a wrong
    /// range or ZIP property as no ranges or ZIPs at all, without a word.
    @Test func aPropertyNoFeatureHasIsSaid() throws {
        let path = Self.fixtures + "/streets.geojson"
        var reader = GeoJSONFeatures(path: path, prefix: "s", nameProperty: "NAME")
        reader.rangeProperties = ["lf", "LT", "RF", "RT"]
        reader.townProperties = (nil, nil, "ZIP")
        let read = try reader.streets()
        #expect(
            read.missingProperties.first
                == "--range-properties lf: no feature of \(path) has this property; the features have NAME, LF, LT, RF, RT, note (did you mean 'LF'?)"
        )
        #expect(read.missingProperties.count == 2 && read.missingProperties[1].hasPrefix("--zip-property ZIP: no feature of"))
        var places = GeoJSONFeatures(path: path, prefix: "s", nameProperty: "name")
        places.nameOption = "--place-name-property"
        #expect(try places.places().missingProperties.first?.hasSuffix("(did you mean 'NAME'?)") == true)
        #expect(try places.places().missingProperties.first?.hasPrefix("--place-name-property name: no feature") == true)
        // Properties some feature has are not said, nor any for an empty file.
        reader.rangeProperties = ["LF", "LT", "RF", "RT"]
        reader.townProperties = (nil, nil, nil)
        #expect(try reader.streets().missingProperties.isEmpty)
    }

    @Test func nodePropertiesWhenGiven() throws {
        var reader = GeoJSONFeatures(path: Self.fixtures + "/streets.geojson", prefix: "s", nameProperty: "NAME")
        reader.nodeProperties = ["LF", "LT"]
        let read = try reader.streets()
        #expect(read.values[0].fromNode == "101" && read.values[0].toNode == "199")
        // A line made from part of a feature cannot carry the feature's end nodes.
        #expect(read.values[3].fromNode == nil)
    }

    @Test func placesFromPointsAndPolygons() throws {
        var reader = GeoJSONFeatures(path: Self.fixtures + "/places.geojson", prefix: "places", nameProperty: "title")
        reader.categoryProperty = "kind"
        reader.aliasesProperty = "other"
        let read = try reader.places()
        #expect(read.values.map(\.name) == ["Central Library", "Lownsdale Square"])
        #expect(read.values[0].aliases == ["Multnomah Central Library"])
        #expect(read.values[1].aliases == ["Lownsdale Park", "Plaza Blocks"])
        // The square's four corners, averaged (the closing corner counted once).
        #expect(abs(read.values[1].point.lat - 45.51875) < 1e-9 && abs(read.values[1].point.lon - -122.6795) < 1e-9)
        #expect(read.values[1].category == "park")
        #expect(read.skipped.map(\.reason) == ["no_name", "bad_geometry"])
    }

    @Test func connectedPartsJoin() {
        let a = GeoPoint(lat: 45.52, lon: -122.68), b = GeoPoint(lat: 45.52, lon: -122.679), c = GeoPoint(lat: 45.52, lon: -122.678)
        #expect(StreetTopology.joined([[a, b], [b, c]]) == [[a, b, c]])
        #expect(StreetTopology.joined([[a, b], [c, a]]).count == 2)
    }
}
