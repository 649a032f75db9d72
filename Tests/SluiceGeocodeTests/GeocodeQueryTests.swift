import SluiceCore
import Testing

@testable import SluiceGeocode

@Suite struct GeocodeQueryTests {
    @Test func readsSanitizeComponents() throws {
        let address = try JSONParser.parse(
            #"{"raw":"Mason & California Streets","kind":"intersection","street":"Mason","suffix":"St","cross_street":"California St","neighborhood":"Nob Hill"}"#
        )
        let query = GeocodeQuery(address: address)
        #expect(query.street == "Mason St")
        #expect(query.crossStreets == ["California St"])
        #expect(query.otherPlaces == ["Nob Hill"])
        #expect(query.fallbackText == "Mason & California Streets")
    }

    @Test func numberMayBeTextOrNumber() throws {
        let text = GeocodeQuery(
            address: try JSONParser.parse(#"{"raw":"x","kind":"street_address","number":"520-522","street":"Green","pre_dir":"N"}"#))
        #expect(text.number == 520 && text.street == "N Green")
        let number = GeocodeQuery(address: try JSONParser.parse(#"{"raw":"x","kind":"street_address","number":950,"street":"California"}"#))
        #expect(number.number == 950)
    }

    @Test func unparsedFallsBackToTheTextParser() throws {
        let query = GeocodeQuery(address: try JSONParser.parse(#"{"raw":"Broadway @ Jones","kind":"unparsed"}"#))
        #expect(query.street == "Broadway" && query.crossStreets == ["Jones"])
    }

    @Test func alternativesAreReadToo() throws {
        let query = GeocodeQuery(
            address: try JSONParser.parse(
                #"{"raw":"a","kind":"place","place":"A","alternatives":[{"raw":"950 California St","kind":"street_address","number":"950","street":"California","suffix":"St"},"Coit Tower"]}"#
            ))
        #expect(query.alternatives.count == 2)
        #expect(query.alternatives[0].number == 950)
        #expect(query.alternatives[1].place == "Coit Tower")
    }

    @Test func readingsThatAskTheSame() {
        var query = GeocodeQuery(number: 2130, street: "Williams Ave", text: "2130 Williams Ave.")
        query.fallbackText = query.text
        #expect(LocationText.parse("2130 Williams Ave.").asksTheSame(as: query))
        #expect(!LocationText.parse("2130 Williams Avenue").asksTheSame(as: query))
        #expect(!GeocodeQuery(number: 2131, street: "Williams Ave", text: "2130 Williams Ave.").asksTheSame(as: query))
        // Canonically equal is not enough: the bytes must be the same.
        let composed = GeocodeQuery(place: "Caf\u{E9}", text: "Caf\u{E9}")
        let decomposed = GeocodeQuery(place: "Cafe\u{301}", text: "Cafe\u{301}")
        #expect(composed == decomposed)
        #expect(!composed.asksTheSame(as: decomposed))
        #expect(composed.asksTheSame(as: composed))
    }
}
