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
