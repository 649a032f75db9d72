import Testing

@testable import SluiceSanitize

/// Chunks: parentheses, commas, spaced dashes, neighbourhoods, city and units.
@Suite struct AddressParserLocationTests {
    let parser = AddressParser()

    @Test func neighborhoodInParenthesesWins() {
        let address = parser.parse("McLaren Park (Visitacion Valley)")
        #expect(address.kind == .place)
        #expect(address.place == "McLaren Park")
        #expect(address.neighborhood == "Visitacion Valley")
    }

    @Test func neighborhoodAlone() {
        let address = parser.parse("Chinatown")
        #expect(address.kind == .place)
        #expect(address.neighborhood == "Chinatown")
    }

    @Test func spacedDashSeparatesPlaceFromAddress() {
        let address = parser.parse("Oasis Nightclub - 298 11th St")
        #expect(address.place == "Oasis Nightclub")
        #expect(address.street == "11th")
    }

    @Test func segmentInParenthesesTakesStreetFromOutside() {
        let address = parser.parse("Bush Street (between Grant & Kearny Streets)")
        #expect(address.kind == .segment)
        #expect(address.street == "Bush")
        #expect(address.crossStreet == "Grant St")
        #expect(address.crossStreet2 == "Kearny St")
    }

    @Test func displacedStreetNamesThePlace() {
        let address = parser.parse("722 Steiner Street (Postcard Row, Alamo Square, Hayes Valley)")
        #expect(address.place == "Postcard Row")
        #expect(address.neighborhood == "Alamo Square")
    }

    @Test func unitChunk() {
        let address = parser.parse("101 Henry Adams Place, 4th Floor")
        #expect(address.unit == "Fl 4")
        #expect(address.street == "Henry Adams")
        #expect(parser.parse("Maritime Museum, Building 201 (Fort Mason)").unit == "Bldg 201")
    }

    @Test func juniorJoinsItsStreet() {
        let address = parser.parse("The Music Concourse (Martin Luther King, Jr. Drive, Golden Gate Park)")
        #expect(address.street == "Martin Luther King Jr")
        #expect(address.suffix == "Dr")
    }

    @Test func cityIsNotTakenFromAPlaceName() {
        #expect(parser.parse("Port of San Francisco").place == "Port of San Francisco")
        #expect(parser.parse("Cordova Market, 301 Rolph Street, San Francisco").city == "San Francisco")
    }
}
