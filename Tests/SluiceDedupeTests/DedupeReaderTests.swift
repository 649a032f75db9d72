import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct DedupeReaderTests {
    let line = #"{"title":"Vertigo","address":{"key":"mason st"},"provenance":{"source":"f.csv","row":3}}  "#

    @Test func exactModeReadsTheKeyFactAndPlace() throws {
        let reader = DedupeReader(memberKey: "dedupe", keyFields: ExactMatcher.KeyFields(paths: ["title", "address.key"], fold: false))
        let arena = reader.makeArena()
        try withRecord(line) { record in
            let parsed = reader.read(record, into: arena)
            var key: [UInt8]?
            DedupeReader.key(parsed, in: arena) { key = $0.map(Array.init) }
            #expect(key.map { String(decoding: $0, as: UTF8.self) } == "\"Vertigo\"\u{1F}\"mason st\"")
            #expect(parsed.length == line.utf8.count - 2)
            let fact = RecordFacts.fact(of: record)
            #expect(parsed.fact.identity == fact.identity && parsed.fact.completeness == fact.completeness)
            #expect(parsed.place.existingValue == nil && parsed.place.hasMembers)
        }
    }

    @Test func aRecordWithoutTheKeyHasNone() throws {
        let reader = DedupeReader(memberKey: "dedupe", keyFields: ExactMatcher.KeyFields(paths: ["director"], fold: false))
        let arena = reader.makeArena()
        try withRecord(line) { record in
            var called = false
            DedupeReader.key(reader.read(record, into: arena), in: arena) {
                called = true
                #expect($0 == nil)
            }
            #expect(called)
        }
    }
}
