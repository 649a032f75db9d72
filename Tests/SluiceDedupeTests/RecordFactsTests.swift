import SluiceCore
import Testing

@testable import SluiceDedupe

/// Runs `body` with a record parsed from `text` (records point into their bytes).
func withRecord<T>(_ text: String, _ body: (NDJSONRecord) throws -> T) throws -> T {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in try body(try NDJSONRecord(buffer)) }
}

/// Facts of several records, as the stage gathers them.
func facts(_ lines: [String], keepProvenance: Bool = false) throws -> RecordFacts {
    var facts = RecordFacts(keepProvenance: keepProvenance)
    for line in lines { try withRecord(line) { facts.append($0) } }
    return facts
}

@Suite struct RecordFactsTests {
    @Test func completenessCountsFilledMembers() throws {
        let f = try facts([#"{"title":"Vertigo","year":null,"notes":"","provenance":{"source":"f.csv","row":3}}"#, "{}"])
        #expect(f.completeness == [2, 0])
    }

    @Test func identityComesFromProvenanceElseTheLine() throws {
        let f = try facts([
            #"{"a":1,"provenance":{"source":"f.csv","row":3}}"#,
            #"{"a":2,"provenance":{"source":"f.csv","row":3}}"#,
            #"{"a":1}"#, #"{"a":2}"#,
        ])
        #expect(f.identity[0] == f.identity[1])
        #expect(f.identity[2] != f.identity[3])
    }

    @Test func referenceIsProvenanceOrRecordNumber() throws {
        let f = try facts([#"{"provenance":{"source":"f.csv","row":3}}"#, #"{"a":1}"#], keepProvenance: true)
        #expect(f.reference(0) == .object([JSONMember("source", .string("f.csv")), JSONMember("row", .number("3"))]))
        #expect(f.reference(1) == .object([JSONMember("record", .number("2"))]))
    }
}
