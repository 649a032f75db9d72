import SluiceCore
import Testing

@testable import SluiceDedupe

/// Runs `body` with a record parsed from `text` (records point into their bytes).
func withRecord<T>(_ text: String, _ body: (NDJSONRecord) throws -> T) throws -> T {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in try body(try NDJSONRecord(buffer)) }
}

/// Facts of several records, as the stage gathers them.
func facts(_ lines: [String], keepProvenance: Bool = false, chunkSize: Int = 1 << 20) throws -> RecordFacts {
    var facts = RecordFacts(keepProvenance: keepProvenance, chunkSize: chunkSize)
    for line in lines { try withRecord(line) { try facts.append($0) } }
    return facts
}

@Suite struct RecordFactsTests {
    @Test func completenessCountsFilledMembers() throws {
        let f = try facts([#"{"title":"Vertigo","year":null,"notes":"","provenance":{"source":"f.csv","row":3}}"#, "{}"])
        #expect(try f.completeness() == [2, 0])
    }

    @Test func identityComesFromProvenanceElseTheLine() throws {
        let f = try facts([
            #"{"a":1,"provenance":{"source":"f.csv","row":3}}"#,
            #"{"a":2,"provenance":{"source":"f.csv","row":3}}"#,
            #"{"a":1}"#, #"{"a":2}"#,
        ])
        let identity = try f.identities()
        #expect(identity[0] == identity[1])
        #expect(identity[2] != identity[3])
    }

    /// The parts `sluice-sanitize --split` makes of one row share its provenance: each part
    /// after the first draws cluster ids from an identity of its own, the same in every run
    /// (two such parts alone had one cluster id). Read back from disk the same.
    @Test func aRecordWithThePreviousOnesProvenanceHasAClusterIdentityOfItsOwn() throws {
        let lines = [
            #"{"a":1,"provenance":{"source":"f.csv","row":3}}"#, #"{"a":2,"provenance":{"source":"f.csv","row":3}}"#,
            #"{"a":3,"provenance":{"source":"f.csv","row":3}}"#, #"{"a":4,"provenance":{"source":"f.csv","row":4}}"#,
        ]
        let held = try facts(lines), spilled = try facts(lines, chunkSize: 2)
        let identities = try held.identities(), cluster = try held.clusterIdentities()
        #expect(Set(cluster).count == 4)
        #expect(cluster[0] == identities[0] && cluster[3] == identities[3])
        #expect(cluster[1] == StableHash.of("2".utf8, seed: identities[0]) && cluster[2] == StableHash.of("3".utf8, seed: identities[0]))
        #expect(try spilled.clusterIdentities() == cluster)
    }

    /// Past a chunk of records their facts wait on disk: read back, they are those held.
    @Test func factsSpilledToDiskReadBackAsHeld() throws {
        let lines = (0..<7).map { #"{"a":\#($0),"b":\#($0 % 2 == 0 ? "null" : "1")}"# }
        let held = try facts(lines), spilled = try facts(lines, chunkSize: 2)
        #expect(try spilled.identities() == held.identities())
        #expect(try spilled.completeness() == held.completeness())
        #expect(try held.completeness() == [1, 2, 1, 2, 1, 2, 1])
        #expect(spilled.count == 7)
    }

    @Test func referenceIsProvenanceOrRecordNumber() throws {
        let f = try facts([#"{"provenance":{"source":"f.csv","row":3}}"#, #"{"a":1}"#], keepProvenance: true)
        #expect(f.reference(0) == .object([JSONMember("source", .string("f.csv")), JSONMember("row", .number("3"))]))
        #expect(f.reference(1) == .object([JSONMember("record", .number("2"))]))
    }
}
