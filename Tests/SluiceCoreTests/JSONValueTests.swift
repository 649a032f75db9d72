import Testing

@testable import SluiceCore

@Suite struct JSONValueTests {
    let record: JSONValue = .object([
        JSONMember("title", .string("Vertigo")),
        JSONMember("address", .object([JSONMember("key", .string("california st & mason st"))])),
        JSONMember("title", .string("second")),
    ])

    @Test func lookupsTakeTheFirstMemberAndFollowPaths() {
        #expect(record["title"] == .string("Vertigo"))
        #expect(record.value(atPath: "address.key")?.stringValue == "california st & mason st")
        #expect(record.value(atPath: "address.missing") == nil)
        #expect(record.value(atPath: "title.deeper") == nil)
        #expect(JSONValue.string("x")["a"] == nil)
    }

    @Test func doublesAreShortAndDeterministic() {
        #expect(JSONValue.double(37.7749296, decimals: 6) == .number("37.77493"))
        #expect(JSONValue.double(-122.4, decimals: 6) == .number("-122.4"))
        #expect(JSONValue.double(3.0, decimals: 6) == .number("3"))
        #expect(JSONValue.double(-0.0000001, decimals: 6) == .number("0"))
        #expect(JSONValue.double(.nan, decimals: 6) == .null)
    }

    @Test func objectPairsDropAbsentValues() {
        let value = JSONValue.object(["a": .int(1), "b": nil, "c": .string("x")])
        #expect(JSONWriter.string(value) == #"{"a":1,"c":"x"}"#)
    }

    @Test func typeNames() {
        #expect(
            [JSONValue.null, .bool(true), .number("1"), .string(""), .array([]), .object([])].map(\.typeName)
                == ["null", "boolean", "number", "string", "array", "object"])
    }
}
