import Testing

@testable import SluiceCore
@testable import SluiceFetch

/// sluice-fetch's FIELD NAMES rule (issue 33: a source field named `provenance` was replaced,
/// and `--set x=9` silently replaced a column `x`).
@Suite struct RecordEmitterTests {
    func emitter(set constants: [JSONMember] = [], overwrite: Bool = false) throws -> RecordEmitter {
        let context = StageContext(
            stage: "sluice-fetch", output: ByteSink(fd: 1), rejects: try Rejects(stage: "fetch", path: nil), maxLineBytes: 1 << 20,
            quiet: true, progress: Progress(stage: "sluice-fetch", enabled: false))
        var emitter = RecordEmitter(context: context, source: "in.csv")
        emitter.constants = constants
        emitter.member = ResultMember(name: Provenance.key, overwrite: overwrite, shape: RecordEmitter.provenanceShape)
        return emitter
    }

    func members(_ json: String) throws -> [JSONMember] {
        guard case .object(let members) = try JSONParser.parse(json) else { throw StageFailure.usage("not an object") }
        return members
    }

    @Test func aSourceFieldNamedProvenanceIsAConflict() throws {
        let conflict = try emitter().conflict(in: members(#"{"id":1,"provenance":"press kit"}"#))
        #expect(
            conflict
                == "the record already has a field 'provenance' (a string, not this stage's result), which the result would replace: name the result with --as NAME, or replace the field with --overwrite-field"
        )
        #expect(try emitter(overwrite: true).conflict(in: members(#"{"provenance":"press kit"}"#)) == nil)
    }

    /// Fetching fetched records again replaces their provenance in place, as before.
    @Test func anEarlierProvenanceIsNoConflict() throws {
        #expect(try emitter().conflict(in: members(#"{"provenance":{"source":"a.csv","row":3}}"#)) == nil)
        #expect(try emitter().conflict(in: members(#"{"provenance":{"source":"http://h/a","page":2,"row":3,"part":1}}"#)) == nil)
        #expect(try emitter().conflict(in: members(#"{"provenance":{"source":"a.csv"}}"#)) != nil)
        #expect(try emitter().conflict(in: members(#"{"provenance":{"source":"a.csv","row":3,"by":"me"}}"#)) != nil)
    }

    @Test func aSetFieldReplacingAnotherValueIsAConflict() throws {
        let set = [JSONMember("x", .string("9"))]
        #expect(
            try emitter(set: set).conflict(in: members(#"{"x":"8"}"#))
                == "the record already has a field 'x', which --set x=… would replace: choose another name for it, or replace the field with --overwrite-field"
        )
        #expect(try emitter(set: set).conflict(in: members(#"{"x":"9"}"#)) == nil, "the same value replaces nothing")
        #expect(try emitter(set: set).conflict(in: members(#"{"y":"8"}"#)) == nil)
        #expect(try emitter(set: set, overwrite: true).conflict(in: members(#"{"x":"8"}"#)) == nil)
    }

    @Test func setCannotNameWhereProvenanceGoes() throws {
        let arguments = try ParsedArguments(["--set", "provenance=x"], options: FetchCommand.usage.allOptions)
        #expect(throws: StageFailure.self) { try FetchCommand(arguments: arguments) }
        let elsewhere = try ParsedArguments(["--set", "provenance=x", "--as", "fetched"], options: FetchCommand.usage.allOptions)
        #expect(try FetchCommand(arguments: elsewhere).member.name == "fetched")
    }
    /// A document read as one record that holds the records (an API's `results`, GeoJSON's
    /// `features`): the stage names the array to read with --records-at.
    @Test func theArrayThatHoldsTheRecordsIsFound() throws {
        let api = try JSONParser.parse(#"{"count":3,"tags":[1,2],"results":[{"a":1},{"a":2},{"a":3}],"links":[{"x":1},{"x":2}]}"#)
        #expect(RecordEmitter.recordsArray(in: api)?.name == "results")
        #expect(RecordEmitter.recordsArray(in: api)?.count == 3)
        let one = try JSONParser.parse(#"{"type":"FeatureCollection","features":[{"type":"Feature"}]}"#)
        #expect(RecordEmitter.recordsArray(in: one)?.name == "features")
        // One record with a list of one, or of values that are not objects: a record.
        #expect(RecordEmitter.recordsArray(in: try JSONParser.parse(#"{"name":"Joe","orders":[{"n":1}]}"#)) == nil)
        #expect(RecordEmitter.recordsArray(in: try JSONParser.parse(#"{"ids":[1,2,3],"mixed":[{"a":1},2]}"#)) == nil)
    }

    @Test func aOneColumnHeaderHoldingAnotherDelimiterIsNamed() {
        #expect(RecordEmitter.otherDelimiter(in: "name;street", than: UInt8(ascii: ",")) == ";")
        #expect(RecordEmitter.otherDelimiter(in: "name\tstreet", than: UInt8(ascii: ",")) == "\t")
        #expect(RecordEmitter.otherDelimiter(in: "name,street", than: UInt8(ascii: ";")) == ",")
        #expect(RecordEmitter.otherDelimiter(in: "name", than: UInt8(ascii: ",")) == nil)
    }
}
