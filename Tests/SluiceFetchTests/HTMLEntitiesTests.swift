import Testing

@testable import SluiceFetch

@Suite struct HTMLEntitiesTests {
    @Test func decodesNamedAndNumericReferences() {
        #expect(HTMLEntities.decode("Tom &amp; Jerry &ndash; &#8220;Pilot&#x201D;") == "Tom & Jerry – “Pilot”")
        #expect(HTMLEntities.decode("Sam O&#39;Neill") == "Sam O'Neill")
    }

    @Test func leavesUnknownAndBrokenReferencesAsWritten() {
        #expect(HTMLEntities.decode("AT&T &bogus; & done") == "AT&T &bogus; & done")
        #expect(HTMLEntities.decode("") == "")
    }

    @Test func acceptsCommonNamesWithoutTheSemicolon() {
        #expect(HTMLEntities.decode("fish &amp chips") == "fish & chips")
    }

    @Test func anInvalidCodePointBecomesTheReplacementCharacter() {
        #expect(HTMLEntities.decode("&#xD800;") == "\u{FFFD}")
    }
}
