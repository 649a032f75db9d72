import Testing

@testable import SluiceSanitize

@Suite struct AddressParserStreetTests {
    let parser = AddressParser()

    func tokens(_ text: String) -> ArraySlice<Token> { AddressTokenizer.tokens(text)[...] }

    @Test func streetSuffixMustEndThePhrase() {
        #expect(parser.endsWithStreetSuffix(tokens("Vallejo St.")))
        #expect(parser.endsWithStreetSuffix(tokens("Mission Bay Blvd North")))
        #expect(parser.endsWithStreetSuffix(tokens("California Streets")))
        #expect(!parser.endsWithStreetSuffix(tokens("Vallejo Street Garage")))
        #expect(!parser.endsWithStreetSuffix(tokens("Justin Herman Plaza")))
        #expect(!parser.endsWithStreetSuffix(tokens("Street")))
    }

    @Test func units() {
        let (body, unit) = parser.splitUnit(tokens("Sutter St Apt 3"))
        #expect(body.map(\.text) == ["Sutter", "St"])
        #expect(unit == "Apt 3")
        #expect(parser.splitUnit(tokens("Jackson St # 75")).unit == "#75")
        #expect(parser.splitUnit(tokens("Mason St")).unit == nil)
    }

    @Test func streetSides() {
        #expect(parser.isStreetSide(tokens("Mason"), numbered: false))
        #expect(parser.isStreetSide(tokens("Golden Gate"), numbered: false))
        #expect(parser.isStreetSide(tokens("1521 Masonic Avenue"), numbered: true))
        #expect(!parser.isStreetSide(tokens("Crissy Field"), numbered: false))
        #expect(!parser.isStreetSide(tokens("Pier 39"), numbered: false))
        #expect(!parser.isStreetSide(tokens("The Juice"), numbered: false))
    }

    @Test func pluralSuffixFillsTheOtherStreet() {
        #expect(parser.street(tokens("Heron"), plural: "Aly").display == "Heron Aly")
        #expect(parser.sharedSuffix(tokens("Berwick Alleys")) == "Aly")
        #expect(parser.sharedSuffix(tokens("Berwick Alley")) == nil)
    }
}
