import Testing

@testable import SluiceSanitize

@Suite struct WordTableTests {
    @Test func findsEveryKeyAndNothingElse() {
        var words: [String: Int] = [:]
        for index in 0..<500 { words["word\(index)"] = index }
        words["é"] = 1000
        let table = WordTable(words)
        for (word, value) in words { #expect(table[word] == value) }
        #expect(table["word500"] == nil)
        #expect(table["wor"] == nil)
        #expect(table[""] == nil)
    }

    @Test func emptyTable() {
        let table = WordTable([String: Int]())
        #expect(table["st"] == nil)
    }

    @Test func agreesWithTheVocabularyDictionary() {
        for (word, traits) in WordTraits.listed { #expect(WordTraits.table[word] == traits) }
    }

    /// The normalizer probes these instead of the dictionaries they are built from.
    @Test func suffixAndDirectionalTablesAgreeWithTheirDictionaries() {
        for (word, abbreviation) in USPSTables.suffixes { #expect(USPSTables.suffixTable[word] == abbreviation) }
        for (word, abbreviation) in USPSTables.directionals { #expect(USPSTables.directionalTable[word] == abbreviation) }
        for word in ["mason", "", "streets", "St", "northwest "] {
            #expect(USPSTables.suffixTable[word] == USPSTables.suffixes[word])
            #expect(USPSTables.directionalTable[word] == USPSTables.directionals[word])
        }
    }
}
