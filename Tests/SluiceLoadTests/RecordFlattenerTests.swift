import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct RecordFlattenerTests {
    @Test func flattensNestedObjectsAndKeepsArraysAsJSON() throws {
        let record = try JSONParser.parse(
            #"{"title":"Vertigo","geo":{"lat":37.8,"lon":-122,"src":{"id":7}},"tags":["a",1],"ok":true,"none":null,"big":12345678901234567890,"empty":{}}"#
        )
        let row = RecordFlattener.flatten(record)
        #expect(row.map(\.column) == ["title", "geo_lat", "geo_lon", "geo_src_id", "tags", "ok", "none", "big"])
        #expect(
            row.map(\.value) == [
                .text("Vertigo"), .real(37.8), .integer(-122), .integer(7), .text(#"["a",1]"#), .integer(1), .null, .real(12345678901234567890),
            ])
    }

    @Test func flattensStraightFromRecordBytesTheSameWay() throws {
        let text = #"{"t":"Caf\u00e9","n":-12,"big":123456789012345678901,"x":1.5e2,"ok":false,"no":null,"geo":{"lat":37.8},"a":[1, 2]}"#
        let bytes = Array(text.utf8)
        let fromBytes = try bytes.withUnsafeBufferPointer { RecordFlattener.flatten(try NDJSONRecord($0)) }
        let fromValue = RecordFlattener.flatten(try JSONParser.parse(text))
        #expect(fromBytes.map(\.column) == fromValue.map(\.column))
        #expect(fromBytes.map(\.value) == fromValue.map(\.value))
        #expect(
            fromBytes.map(\.value) == [
                .text("Café"), .integer(-12), .real(123456789012345678901), .real(150), .integer(0), .null, .real(37.8), .text("[1,2]"),
            ])
    }

    @Test func aLaterFieldWithTheSameColumnWinsTheFirstPosition() throws {
        let row = RecordFlattener.flatten(try JSONParser.parse(#"{"a_b":1,"c":3,"a":{"b":2},"C":4}"#))
        let layout = ColumnLayout(names: row.map(\.column), primaryKey: ["c"])
        #expect(layout.columns == ["a_b", "c"])
        #expect(layout.bindIndices.map { row[$0].value } == [.integer(2), .integer(4)])
        #expect(layout.keyValues(of: row) == [.integer(4)])
    }
}
