import Testing

@testable import SluiceCore
@testable import SluiceReport

@Suite struct GeoJSONWriterTests {
    /// Writes the records through a writer into a file and reads it back.
    static func collection(_ lines: [String]) throws -> (text: String, features: Int) {
        let file = try TemporaryFile("")
        let writer = GeoJSONWriter(try ByteSink(path: file.path))
        for line in lines {
            try Array(line.utf8).withUnsafeBufferPointer { bytes in
                let record = try NDJSONRecord(bytes)
                try writer.write(record, ReportRecord(record, paths: ReportRecord.Paths(), location: StageContext.Location(source: "t", line: 1)))
            }
        }
        try writer.finish()
        return (try String(contentsOfFile: file.path, encoding: .utf8), writer.features)
    }

    @Test func writesPlacedRecordsAsPointsInLongitudeLatitudeOrder() throws {
        let (text, features) = try Self.collection([
            #"{"title":"Vertigo","geo":{"lat":37.79183,"lon":-122.41082,"precision":"intersection","score":0.9},"provenance":{"source":"f.csv","row":1}}"#,
            #"{"title":"Nowhere","geo":{"precision":"none","score":0}}"#,
            #"{"title":"Fetched only"}"#,
        ])
        #expect(features == 1)
        #expect(
            text == """
                {"type":"FeatureCollection","features":[
                {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.41082,37.79183]},"properties":{"title":"Vertigo","geo_lat":37.79183,"geo_lon":-122.41082,"geo_precision":"intersection","geo_score":0.9,"provenance_source":"f.csv","provenance_row":1,"precision":"intersection","score":0.9}}
                ]}

                """)
    }

    @Test func anEmptyCollectionIsStillValid() throws {
        let (text, features) = try Self.collection([])
        #expect(features == 0)
        #expect(text == "{\"type\":\"FeatureCollection\",\"features\":[]}\n")
        #expect(try JSONParser.parse(text.trimmingCharacters(in: .newlines))["features"] == .array([]))
    }

    @Test func namesAreMadeUniqueSoNoValueIsLost() throws {
        let (text, _) = try Self.collection([#"{"a_b":1,"a":{"b":2},"precision":"mine","geo":{"lat":1,"lon":2,"precision":"place","score":0.5}}"#])
        let feature = try JSONParser.parse(String(text.split(separator: "\n")[1]))
        guard case .object(let properties)? = feature["properties"] else {
            Issue.record("no properties")
            return
        }
        #expect(properties.map(\.key) == ["a_b", "a_b_2", "precision", "geo_lat", "geo_lon", "geo_precision", "geo_score", "precision_2", "score"])
        #expect(properties[1].value == .number("2") && properties[7].value == .string("place"))
    }

    @Test func uniqueNamesSkipNamesAlreadyTaken() {
        let members = ["x", "x", "x_2", "x"].map { JSONMember($0, .null) }
        #expect(GeoJSONWriter.uniquelyNamed(members).map(\.key) == ["x", "x_2", "x_2_2", "x_3"])
    }
}
