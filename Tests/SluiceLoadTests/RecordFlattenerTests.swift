import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct RecordFlattenerTests {
    @Test func flattensNestedObjectsAndKeepsArraysAsJSON() throws {
        let record = try JSONParser.parse(#"{"title":"Vertigo","geo":{"lat":37.8,"lon":-122,"src":{"id":7}},"tags":["a",1],"ok":true,"none":null,"big":12345678901234567890,"empty":{}}"#)
        let row = RecordFlattener.flatten(record)
        #expect(row.map(\.column) == ["title", "geo_lat", "geo_lon", "geo_src_id", "tags", "ok", "none", "big"])
        #expect(row.map(\.value) == [
            .text("Vertigo"), .real(37.8), .integer(-122), .integer(7), .text(#"["a",1]"#), .integer(1), .null, .real(12345678901234567890),
        ])
    }

    @Test func aLaterFieldWithTheSameColumnWins() throws {
        let row = RecordFlattener.flatten(try JSONParser.parse(#"{"a_b":1,"a":{"b":2},"c":3}"#))
        #expect(row.map(\.column) == ["a_b", "c"])
        #expect(row.first?.value == .integer(2))
    }
}
