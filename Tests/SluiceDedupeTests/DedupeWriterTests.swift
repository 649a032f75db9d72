import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct DedupeWriterTests {
    @Test func mergeFillsEmptyMembersAndAddsOthers() throws {
        let canonical = try JSONParser.parse(#"{"title":"Vertigo","year":null,"locations":"","provenance":{"row":1}}"#)
        let other = try JSONParser.parse(#"{"title":"VERTIGO","year":1958,"locations":"Mason St","director":"Hitchcock","provenance":{"row":2}}"#)
        let merged = DedupeWriter.merge([other, canonical], canonical: 1)
        #expect(JSONWriter.string(merged) == #"{"title":"Vertigo","year":1958,"locations":"Mason St","provenance":{"row":1},"director":"Hitchcock"}"#)
    }

    @Test func probabilitiesHaveFourDecimalsAtMost() {
        #expect(DedupeWriter.probability(1) == .number("1"))
        #expect(DedupeWriter.probability(0.99914) == .number("0.9991"))
        #expect(DedupeWriter.probability(0.905) == .number("0.905"))
        #expect(DedupeWriter.probability(0.00004) == .number("0"))
        #expect(DedupeWriter.probability(0.0123) == .number("0.0123"))
    }

    @Test func mergeOfOneIsItself() throws {
        let only = try JSONParser.parse(#"{"a":null}"#)
        #expect(DedupeWriter.merge([only], canonical: 0) == only)
    }
}

extension DedupeWriterTests {
    /// The mark written as bytes is the JSON text of the mark value, for every shape it takes.
    @Test func writtenMarkIsTheMarkValuesText() throws {
        let lines = [
            #"{"title":"Vertigo","provenance":{"source":"f.csv","row":1}}"#,
            #"{"title":"Vertigo","year":1958,"provenance":{"source":"f.csv","row":2}}"#,
            #"{"title":"Bullitt","provenance":{"source":"f.csv","row":3}}"#,
            #"{"title":"Bullit","provenance":{"source":"f.csv","row":4}}"#,
            #"{"title":"Alcatraz","provenance":{"source":"f.csv","row":5}}"#,
        ]
        var table = try ClusterTable(labels: [0, 0, 2, 2, 4], facts: try facts(lines), keyHashes: [0xF, 0, 0xFEDC_BA98_7654_3210, 0, 0])
        table.clusters[1].weak = true
        let scores: [Float] = [0.99995, 0.9, 0.9005, 0.123456, .nan]
        for (record, score) in scores.enumerated() { table.scores[record] = score }
        let writer = DedupeWriter(mode: .mark, table: table)
        for record in lines.indices {
            var written: [UInt8] = []
            writer.writeMark(record, to: &written)
            #expect(String(decoding: written, as: UTF8.self) == JSONWriter.string(writer.mark(record)))
        }
        for score: Float in [0, 1, 0.5, 0.05, 0.005, 0.0005, 0.00004, 0.99996, 0.1234] {
            table.scores[0] = score
            var written: [UInt8] = []
            DedupeWriter(mode: .mark, table: table).writeMark(0, to: &written)
            #expect(String(decoding: written, as: UTF8.self) == JSONWriter.string(DedupeWriter(mode: .mark, table: table).mark(0)))
        }
    }
}
