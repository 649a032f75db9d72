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
