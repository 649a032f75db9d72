import Testing

@testable import SluiceSanitize

/// The phrase grammar: between, from/to, connectors, numbers, places on streets.
@Suite struct AddressParserPhraseTests {
    let parser = AddressParser()

    @Test func numberedSegmentIsAnAddressWithItsBlock() {
        let address = parser.parse("1465 Revere Avenue between Keith and Jennings")
        #expect(address.kind == .streetAddress)
        #expect(address.crossStreet == "Keith")
        #expect(address.crossStreet2 == "Jennings")
    }

    @Test func betweenWithOneEnd() {
        let address = parser.parse("Vallejo Street between Jones")
        #expect(address.kind == .intersection)
        #expect(address.notes == [Note.danglingBetween])
    }

    @Test func bSlashW() {
        #expect(parser.parse("Sacramento b/w Kearny and Montgomery").kind == .segment)
    }

    @Test func placesJoinedByAndAreNotCorners() {
        #expect(parser.parse("Fort Mason and Crissy Field").kind == .place)
        #expect(parser.parse("Macy's at Union Square").kind == .place)
        #expect(parser.parse("Telegraph Hill/North Beach").kind == .place)
        #expect(parser.parse("Players Arcade at Pier 39").kind == .place)
    }

    @Test func placeAtAddress() {
        let address = parser.parse("Starbucks at 333 O'Farrell St.")
        #expect(address.kind == .streetAddress)
        #expect(address.place == "Starbucks")
        #expect(address.street == "O'Farrell")
    }

    @Test func placeOnOrAtStreet() {
        let on = parser.parse("Folsom Street Fair on Folsom St.")
        #expect(on.kind == .street)
        #expect(on.place == "Folsom Street Fair")
        let at = parser.parse("Ocean Beach at Lincoln")
        #expect(at.kind == .street)
        #expect(at.place == "Ocean Beach")
        #expect(at.street == "Lincoln")
    }

    @Test func placeThenAddressWithoutComma() {
        let address = parser.parse("Café Picaro 3120 16th Street")
        #expect(address.place == "Café Picaro")
        #expect(address.number == "3120")
        #expect(parser.parse("Bimbo's 365 Club").kind == .place)
    }

    @Test func notACornerFallsThroughToTheOtherRules() {
        let address = parser.parse("Chaya / Perry's 132 Embarcadero")
        #expect(address.kind == .streetAddress)
        #expect(address.place == "Chaya / Perry's")
        #expect(address.number == "132")
        #expect(parser.parse("Broadway and Taylor St Intersection").crossStreet == "Taylor St")
        #expect(parser.parse("835-865 Market Street at 5th Street").crossStreet == "5th St")
    }

    @Test func numberedVenues() {
        #expect(parser.parse("5 Embarcadero Center").kind == .streetAddress)
        let landmark = parser.parse("1 Market St. Landmark Building")
        #expect(landmark.place == "Landmark Building")
        #expect(landmark.street == "Market")
    }
}
