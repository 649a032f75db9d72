import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct FlattenedRecordTests {
    /// Numbers come as the record wrote them (sluice-load keeps their text when a double would
    /// not read back the same).
    @Test func givesTheColumnsOfTheRowAsJSONScalars() throws {
        let text = #"{"title":"Vertigo","geo":{"lat":37.8,"lon":-122},"tags":["a",1],"ok":true,"none":null,"x":1.5e2,"big":1e400}"#
        let members = try Array(text.utf8).withUnsafeBufferPointer { FlattenedRecord.members(of: try NDJSONRecord($0)) }
        #expect(members.map(\.key) == ["title", "geo_lat", "geo_lon", "tags", "ok", "none", "x", "big"])
        #expect(
            members.map(\.value) == [
                .string("Vertigo"), .number("37.8"), .number("-122"), .string(#"["a",1]"#), .number("1"), .null, .number("1.5e2"),
                .number("1e400"),
            ])
    }

    @Test func anEmptyRecordHasNoMembers() throws {
        let members = try Array("{}".utf8).withUnsafeBufferPointer { FlattenedRecord.members(of: try NDJSONRecord($0)) }
        #expect(members.isEmpty)
    }
}
