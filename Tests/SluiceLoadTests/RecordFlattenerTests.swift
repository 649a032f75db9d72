import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct RecordFlattenerTests {
    func flatten(_ text: String) throws -> RecordFlattener.Row {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { RecordFlattener.flatten(try NDJSONRecord($0)) }
    }

    @Test func flattensNestedObjectsAndKeepsArraysAsJSON() throws {
        let record = try JSONParser.parse(
            #"{"title":"Vertigo","geo":{"lat":37.8,"lon":-122,"src":{"id":7}},"tags":["a",1],"ok":true,"none":null,"big":12345678901234567890,"empty":{}}"#
        )
        let row = RecordFlattener.flatten(record)
        #expect(row.map(\.column) == ["title", "geo_lat", "geo_lon", "geo_src_id", "tags", "ok", "none", "big", "empty"])
        #expect(
            row.map(\.value) == [
                .text("Vertigo"), .number("37.8"), .integer(-122), .integer(7), .text(#"["a",1]"#), .integer(1), .null,
                .number("12345678901234567890"), .text("{}"),
            ])
    }

    @Test func flattensStraightFromRecordBytesTheSameWay() throws {
        let text =
            #"{"t":"Caf\u00e9","n":-12,"big":123456789012345678901,"x":1.5e2,"ok":false,"no":null,"geo":{"lat":37.8,"e":{}},"a":[1, 2],"e":{}}"#
        let fromBytes = try flatten(text)
        let fromValue = RecordFlattener.flatten(try JSONParser.parse(text))
        #expect(fromBytes.map(\.column) == fromValue.map(\.column))
        #expect(fromBytes.map(\.value) == fromValue.map(\.value))
        #expect(
            fromBytes.map(\.value) == [
                .text("Café"), .integer(-12), .number("123456789012345678901"), .number("1.5e2"), .integer(0), .null, .number("37.8"),
                .text("{}"), .text("[1,2]"), .text("{}"),
            ])
    }

    @Test func wholeNumbersThatFitIn64BitsAreIntegersAndOthersKeepTheirText() throws {
        let row = try flatten(
            #"{"a":9223372036854775807,"b":-9223372036854775808,"c":9223372036854775808,"d":-0,"e":0,"f":1.0,"g":1e400,"h":-0.0}"#)
        #expect(
            row.map(\.value) == [
                .integer(.max), .integer(.min), .number("9223372036854775808"), .number("-0"), .integer(0), .number("1.0"), .number("1e400"),
                .number("-0.0"),
            ])
    }

    @Test func anEmptyRecordHasNoColumnAndAnEmptyObjectIsKeptAsText() throws {
        #expect(try flatten("{}").isEmpty)
        #expect(try flatten(#"{"a":{"b":{}}}"#).map(\.column) == ["a_b"])
        #expect(try flatten(#"{"a":{"b":{}}}"#).map(\.value) == [.text("{}")])
    }

    @Test func aNulInANameIsWrittenAsItsEscape() throws {
        #expect(try flatten(#"{"a\u0000b":1,"c":{"\u0000":2}}"#).map(\.column) == [#"a\u0000b"#, #"c_\u0000"#])
    }

    @Test func collidingNamesAreAllInTheRow() throws {
        #expect(try flatten(#"{"a_b":1,"a":{"b":2},"a_b":3}"#).map(\.column) == ["a_b", "a_b", "a_b"])
    }
}
