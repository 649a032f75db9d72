import Testing

@testable import SluiceSanitize

@Suite struct AddressTokenizerTests {
    @Test func cleanCollapsesAndStrips() {
        #expect(AddressTokenizer.clean("  \"Mason  &\tCalifornia\"  ").text == "Mason & California")
        #expect(AddressTokenizer.clean("“Pier 39”;").text == "Pier 39")
        #expect(AddressTokenizer.clean("433 Baker Street,").text == "433 Baker Street")
        #expect(AddressTokenizer.clean("a\u{1}b").removedControl)
        #expect(!AddressTokenizer.clean("a\tb").removedControl)
        #expect(AddressTokenizer.clean("").text == "")
    }

    /// A string the quick test calls clean is what the byte-by-byte cleaning gives back, and every
    /// string gets the same result by either road.
    @Test func cleanStringsAreKeptAsTheCleaningWouldGiveThem() {
        let texts = [
            "", "a", "Mason & California", "433 Baker Street", " Mason", "Mason ", "Mason  St", "Mason\tSt", "\"Pier 39\"",
            "“Pier 39”", "Café Picaro", "O’Farrell St", "a\u{1}b", "a\u{7F}b", "Pier 7 -", "- Pier 7", ", Golden Gate Bridge;", "&", "/",
            "Fisherman's Wharf: Pier 39", "1158-70 Montgomery St.", "日本",
        ]
        for text in texts {
            var bytes = text
            let byByte = bytes.withUTF8 { AddressTokenizer.clean(utf8: $0) }
            let isClean = bytes.withUTF8 { AddressTokenizer.isClean($0) }
            if isClean { #expect(byByte.text == text && !byByte.removedControl, "\(text.debugDescription)") }
            let cleaned = AddressTokenizer.clean(text)
            #expect(cleaned.text == byByte.text && cleaned.removedControl == byByte.removedControl, "\(text.debugDescription)")
        }
    }

    /// `is(_:)` answers as comparing `lower` would, for each grammar word against every token.
    @Test func isMatchesComparingTheLowercaseForm() {
        let tokens = AddressTokenizer.tokens("Along FROM on b/w At and & Near off X x Andover Onion B Atlas - ; Ofﬁce É")
        for word in Vocabulary.grammarWords {
            for token in tokens { #expect(token.is(word) == (token.isWord && token.lower == word), "\(word) \(token.text)") }
        }
        #expect(tokens[0].is("along") && !tokens[0].is("and"))
    }

    @Test func tokensSplitPunctuationAndPeriods() {
        let tokens = AddressTokenizer.tokens("Hyde St. at Greenwich")
        #expect(tokens.map(\.text) == ["Hyde", "St", "at", "Greenwich"])
        #expect(AddressTokenizer.tokens("Montgomery/Green").map(\.text) == ["Montgomery", "/", "Green"])
        #expect(AddressTokenizer.tokens("1158-70").map(\.text) == ["1158", "-", "70"])
        #expect(AddressTokenizer.tokens("Twenty-Fourth").map(\.text) == ["Twenty-Fourth"])
        #expect(AddressTokenizer.tokens("Fisherman’s Wharf")[0].lower == "fisherman's")
    }

    @Test func aNumberGluedToANameIsTwoWords() {
        #expect(AddressTokenizer.tokens("901/909Tennessee St.").map(\.text) == ["901", "/", "909", "Tennessee", "St"])
        #expect(AddressTokenizer.tokens("16th 3rd 22nd 101st").map(\.text) == ["16th", "3rd", "22nd", "101st"])
        #expect(AddressTokenizer.tokens("520-522A").map(\.text) == ["520", "-", "522A"])
        #expect(AddressTokenizer.tokens("A1B2").map(\.text) == ["A1B2"])
    }

    @Test func textKeepsSpacingAsWritten() {
        #expect(AddressTokenizer.text(AddressTokenizer.tokens("AT&T Park")[...]) == "AT&T Park")
        #expect(AddressTokenizer.text(AddressTokenizer.tokens("Oasis Nightclub - 298 11th St")[...]) == "Oasis Nightclub - 298 11th St")
        #expect(AddressTokenizer.text(AddressTokenizer.tokens("St.Francis")[...]) == "St Francis")
    }

    @Test func wordsLeaveOutPunctuation() {
        let tokens = AddressTokenizer.tokens("Mason & California Sts. (#3)")
        #expect(tokens[...].words.map(\.text) == tokens.filter(\.isWord).map(\.text))
        #expect(tokens[...].words.map(\.text) == ["Mason", "California", "Sts", "3"])
        #expect(tokens[0..<0].words.isEmpty)
    }
}
