import Testing

@testable import SluiceSanitize

@Suite struct VocabularyTests {
    @Test func connectors() {
        #expect(Vocabulary.isIntersectionWord("at"))
        #expect(Vocabulary.isIntersectionWord("and"))
        #expect(!Vocabulary.isIntersectionWord("between"))
        #expect(Vocabulary.isIntersectionPunct(UInt8(ascii: "@")))
        #expect(!Vocabulary.isIntersectionPunct(UInt8(ascii: ";")))
        #expect(Vocabulary.betweenWords.contains("btwn"))
    }

    @Test func pluralSuffixesAreStreetSuffixes() {
        for suffix in Vocabulary.pluralSuffixes.values { #expect(USPSTables.streetSuffixes.contains(suffix)) }
    }

    @Test func placeWordsAreLowercase() {
        for word in Vocabulary.placeWords { #expect(word == word.lowercased()) }
        for street in Vocabulary.suffixlessStreets { #expect(street == street.lowercased()) }
    }
}
