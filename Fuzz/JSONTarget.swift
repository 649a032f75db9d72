// Fuzz target `json`: SluiceCore's JSON parser, NDJSON record reader, its check of a line for a
// few members (what sluice-dedupe --against reads of KNOWN) and record tokens (what sluice-stats
// reads) on arbitrary bytes. Besides not crashing, hanging or reading out of bounds
// (ASan), they must agree with each other, and what the writer writes must parse back to the same
// value.
@testable import SluiceCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let parsed = try? JSONParser.parse(bytes)
    if let parsed {
        let written = JSONWriter.string(parsed)
        guard let again = try? JSONParser.parse(written) else { fatalError("the writer's output does not parse: \(written)") }
        precondition(again == parsed, "a value changed on the way through the writer: \(written)")
        precondition(JSONWriter.string(again) == written, "writing is not stable: \(written)")
    }
    do {
        let record = try NDJSONRecord(bytes)
        guard case .object(let members) = parsed else { fatalError("a record the parser does not take as an object") }
        precondition(record.members.count == members.count, "the record and the parser count members differently")
        for (member, expected) in zip(record.members, members) {
            precondition(record.keyString(member) == expected.key, "a key reads differently")
            precondition(record.value(of: member) == expected.value, "a value reads differently")
        }
        var out: [UInt8] = []
        let value = JSONValue.string("\u{1}\"")
        record.write(adding: "fuzz", value, to: &out)
        // A member already named so gets the value in its place; otherwise it comes last.
        let replaced = record.member(named: "fuzz") != nil
        guard case .object(let added)? = try? JSONParser.parse(out), added.count == members.count + (replaced ? 0 : 1),
            added.first(where: { $0.key == "fuzz" })?.value == value, replaced || added.last?.key == "fuzz"
        else {
            fatalError("a record with a member added is not that record and member: \(String(decoding: out, as: UTF8.self))")
        }
    } catch {
        if case .object = parsed { fatalError("the parser takes an object the record reader rejects: \(error.detail)") }
        _ = (error.reason, error.detail)
    }
    // Checking a line for a few members (dedupe --against's first pass over KNOWN) takes and
    // refuses exactly the lines the record reader does, for the same reason, and finds the
    // members its `firstMembers(named:)` finds; a string member's text is its parsed string's.
    let keys = [Array("a".utf8), Array("dedupe".utf8), Array("cluster".utf8), Array("".utf8), Array("é".utf8)]
    var found: [NDJSONRecord.Member?] = []
    var checkError: RecordError?
    do throws(RecordError) { try NDJSONRecord.check(bytes, findingFirst: keys, into: &found) } catch { checkError = error }
    if let record = try? NDJSONRecord(bytes) {
        precondition(checkError == nil, "check refuses a line the record reader takes")
        let expected = record.firstMembers(named: keys)
        precondition(
            found.map { $0?.key } == expected.map { $0?.key } && found.map { $0?.value } == expected.map { $0?.value },
            "check finds other members than the record")
        for member in record.members {
            precondition(
                NDJSONRecord.stringValue(ofChecked: record.rawValue(member)) == record.value(of: member).stringValue,
                "a string member reads differently")
        }
    } else {
        var recordError: RecordError?
        do { _ = try NDJSONRecord(bytes) } catch { recordError = error }
        precondition(checkError?.detail == recordError?.detail, "check refuses a line differently")
    }
    // The tokens take and refuse exactly the lines the record reader does, for the same reason.
    var recordError: RecordError?
    do { _ = try NDJSONRecord(bytes) } catch { recordError = error }
    do throws(RecordError) {
        try JSONTokens().read(record: bytes)
        precondition(recordError == nil, "the tokens take a line the record reader rejects")
    } catch {
        precondition(recordError?.detail == error.detail, "the tokens reject a line differently: \(error.detail)")
    }
    return 0
}
