import Testing

@testable import SluiceCore

@Suite struct OutputDescriptionTests {
    static let sample = OutputDescription(
        member: "thing", meaning: "a thing",
        fields: [
            .always("id", .string, meaning: "its id"),
            .sometimes("count", .integer, meaning: "how many"),
            .sometimes("ratio", .number, .null, meaning: "a share"),
        ])

    @Test func typesAdmitTheirValues() {
        #expect(OutputDescription.JSONType.integer.admits(.number("12")))
        #expect(!OutputDescription.JSONType.integer.admits(.number("1.5")))
        #expect(!OutputDescription.JSONType.integer.admits(.number("1e3")))
        #expect(OutputDescription.JSONType.number.admits(.number("1.5")))
        #expect(OutputDescription.JSONType.boolean.admits(.bool(false)))
        #expect(!OutputDescription.JSONType.string.admits(.null))
        #expect(OutputDescription.JSONType.null.admits(.null))
    }

    @Test func namesRequiredAndShapeComeFromTheFields() {
        let sample = OutputDescriptionTests.sample
        #expect(sample.names == ["id", "count", "ratio"])
        #expect(sample.required == ["id"])
        #expect(sample.shape.required == ["id"] && sample.shape.allowed == ["id", "count", "ratio"])
    }

    @Test func itPrintsOneObjectWithTheMemberInUse() {
        let text = JSONWriter.string(OutputDescriptionTests.sample.json(stage: "sluice-x", member: "other"))
        #expect(
            text
                == #"{"executable":"sluice-x","member":"other","default_member":"thing","meaning":"a thing","fields":["#
                + #"{"name":"id","types":["string"],"always":true,"meaning":"its id"},"#
                + #"{"name":"count","types":["integer"],"always":false,"meaning":"how many"},"#
                + #"{"name":"ratio","types":["number","null"],"always":false,"meaning":"a share"}]}"#)
        let none = JSONWriter.string(OutputDescription(addsNothing: "a page").json(stage: "sluice-y", member: nil))
        #expect(none == #"{"executable":"sluice-y","member":null,"default_member":null,"meaning":"a page","fields":[]}"#)
    }

    @Test func whatItPrintsReadsBack() throws {
        let read = try #require(OutputDescription.read(OutputDescriptionTests.sample.json(stage: "sluice-x", member: "other")))
        #expect(read.stage == "sluice-x" && read.member == "other" && read.description.member == "thing")
        #expect(read.description.names == OutputDescriptionTests.sample.names)
        #expect(read.description.fields.map(\.types) == [[.string], [.integer], [.number, .null]])
        let none = try #require(OutputDescription.read(OutputDescription(addsNothing: "a page").json(stage: "sluice-y", member: nil)))
        #expect(none.member == nil && none.description.member == nil && none.description.fields.isEmpty)
        #expect(OutputDescription.read(.object([JSONMember("executable", .string("x"))])) == nil)
        #expect(
            OutputDescription.read(
                try JSONParser.parse(#"{"executable":"x","meaning":"m","fields":[{"name":"a","types":["text"],"always":true,"meaning":"m"}]}"#))
                == nil)
    }

    @Test func problemsNameEveryDifference() throws {
        let sample = OutputDescriptionTests.sample
        #expect(sample.problems(in: try JSONParser.parse(#"{"id":"a","count":2,"ratio":null}"#)).isEmpty)
        #expect(sample.problems(in: try JSONParser.parse(#"{"id":"a"}"#)).isEmpty)
        #expect(
            sample.problems(in: try JSONParser.parse(#"{"count":2.5,"extra":1}"#)) == [
                "'count' is number, described as integer", "'extra' is not described", "'id' is always written, but missing",
            ])
        #expect(sample.problems(in: .array([])) == ["not an object: array"])
    }
}
