import Testing

@testable import SluiceSanitize

@Suite struct VocabularyTests {
    func word(_ text: String) -> Token {
        Token(text: text, lower: Words.lowercased(text), punct: 0, spaceBefore: true)
    }

    @Test func connectors() {
        #expect(Vocabulary.isIntersectionWord(word("at")))
        #expect(Vocabulary.isIntersectionWord(word("and")))
        #expect(Vocabulary.isIntersectionWord(word("off")))
        #expect(!Vocabulary.isIntersectionWord(word("between")))
        // Lowercase `x` only: a capital is an initial.
        #expect(Vocabulary.isIntersectionWord(word("x")))
        #expect(!Vocabulary.isIntersectionWord(word("X")))
        #expect(Vocabulary.isRangeJoiner(word("through")))
        #expect(Vocabulary.isRangeJoiner(word("\u{2013}")))
        #expect(!Vocabulary.isRangeJoiner(word("and")))
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
        for word in Vocabulary.structureWords { #expect(word == word.lowercased()) }
    }

    @Test func suffixlessStreetsAreFoundWithAbbreviatedSuffixWords() {
        #expect(Vocabulary.suffixlessStreetKeys.contains("ave of the palms"))
        #expect(Vocabulary.suffixlessStreetKeys.contains("great hwy"))
        #expect(Vocabulary.suffixlessStreetFirstWords.isSuperset(of: ["avenue", "ave", "av", "broadway", "el"]))
        #expect(Vocabulary.foldedSuffix("avenue") == "ave")
        #expect(Vocabulary.foldedSuffix("palms") == "palms")
    }
}
