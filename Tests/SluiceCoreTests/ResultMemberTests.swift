import Testing

@testable import SluiceCore

@Suite struct ResultMemberTests {
    static let shape = ResultMember.Shape(required: ["kind"], optional: ["raw"])

    func conflict(_ line: String, _ member: ResultMember = ResultMember(name: "address", shape: shape)) throws -> String? {
        try withRecord(line) { member.conflict(in: $0) }
    }

    @Test func aRecordWithoutTheFieldHasNoConflict() throws {
        #expect(try conflict(#"{"title":"Vertigo"}"#) == nil)
        #expect(try conflict(#"{"nested":{"address":"x"}}"#) == nil)
    }

    @Test func anInputFieldOfTheSameNameIsAConflictNamingTheFieldAndTheOptions() throws {
        let message = try conflict(#"{"address":"766 Vallejo St."}"#)
        #expect(
            message
                == "the record already has a field 'address' (a string, not this stage's result), which the result would replace: name the result with --as NAME, or replace the field with --overwrite-field"
        )
        #expect(try conflict(#"{"address":{"street":"Vallejo","city":"SF"}}"#)?.contains("(an object, not this stage's result)") == true)
        #expect(try conflict(#"{"address":{"raw":"x"}}"#) != nil)  // lacks kind
        #expect(try conflict(#"{"address":{"kind":"x","owner":"y"}}"#) != nil)  // has what the stage never writes
        #expect(try conflict(#"{"address":null}"#) != nil)
    }

    @Test func theStagesOwnEarlierResultIsNoConflict() throws {
        #expect(try conflict(#"{"address":{"raw":"x","kind":"street"}}"#) == nil)
        #expect(try conflict(#"{"address":{"kind":"street"}}"#) == nil)
    }

    @Test func overwriteFieldReplacesAnything() throws {
        #expect(try conflict(#"{"address":"x"}"#, ResultMember(name: "address", overwrite: true, shape: ResultMemberTests.shape)) == nil)
    }

    @Test func asNamesTheMemberAndIsOneName() throws {
        let options = ResultMember.options(default: "geo") + OptionSpec.common
        let named = try ResultMember(
            arguments: ParsedArguments(["--as", "where", "--overwrite-field"], options: options), default: "geo", shape: ResultMemberTests.shape)
        #expect(named.name == "where" && named.overwrite)
        let plain = try ResultMember(arguments: ParsedArguments([], options: options), default: "geo", shape: ResultMemberTests.shape)
        #expect(plain.name == "geo" && !plain.overwrite)
        for bad in ["", "geo.lat"] {
            #expect(throws: StageFailure.self) {
                try ResultMember(arguments: ParsedArguments(["--as", bad], options: options), default: "geo", shape: ResultMemberTests.shape)
            }
        }
    }

    @Test func checkStopsWithTheRecordsLocation() throws {
        let member = ResultMember(name: "address", shape: ResultMemberTests.shape)
        do {
            try withRecord(#"{"address":1}"#) { try member.check($0, at: .init(source: "in.ndjson", line: 7)) }
            Issue.record("no failure")
        } catch let error as StageFailure {
            #expect(error.exitCode == .dataError)
            #expect(error.message.hasPrefix("in.ndjson:7: error: the record already has a field 'address' (a number"))
        }
    }
}
