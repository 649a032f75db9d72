import Testing

@testable import SluiceGeocode

/// Real strings from the SF film locations.
@Suite struct LocationTextTests {
    @Test func placeWithParentheticalAddress() {
        let query = LocationText.parse("Vesuvio Café (255 Columbus Avenue)")
        #expect(query.place == "Vesuvio Café")
        #expect(query.number == 255)
        #expect(query.street == "Columbus Avenue")
    }

    @Test func addressWithDistrict() {
        let query = LocationText.parse("2700 Vallejo Street (Pacific Heights)")
        #expect(query.number == 2700 && query.street == "Vallejo Street")
        #expect(query.place == "Pacific Heights")
    }

    @Test func intersections() {
        #expect(LocationText.parse("Broadway @ Jones Streets").crossStreets == ["Jones Streets"])
        #expect(LocationText.parse("Montgomery/Green").street == "Montgomery")
        #expect(LocationText.parse("Intersection of Clay St. and Walter U Lum Plc").crossStreets == ["Walter U Lum Plc"])
    }

    @Test func segments() {
        let query = LocationText.parse("Grant Avenue between Clay and California")
        #expect(query.street == "Grant Avenue" && query.crossStreets == ["Clay", "California"])
        #expect(LocationText.parse("Market Street (from 6th- 4th Streets)").crossStreets == ["6th", "4th Streets"])
        #expect(LocationText.parse("Broadway, Between Franklin & Laguna Streets").crossStreets == ["Franklin", "Laguna Streets"])
        #expect(LocationText.parse("Arkansas St. midblock between Mariposa & 17th St.").street == "Arkansas St")
    }

    @Test func numberRangesAndBlocks() {
        #expect(LocationText.parse("372/374 Pennsylvania Avenue").number == 372)
        let block = LocationText.parse("100 Block of Lombard Street")
        #expect(block.number == 100 && block.street == "Lombard Street")
    }

    @Test func placeThenAddressAfterSeparators() {
        let query = LocationText.parse("Starbucks at 333 O'Farrell St.")
        #expect(query.place == "Starbucks" && query.number == 333 && query.street == "O'Farrell St")
        #expect(LocationText.parse("Laguna Honda Hospital; 375 Laguna Honda Blvd.").number == 375)
    }

    @Test func placeRunningIntoAnAddress() {
        let query = LocationText.parse("UCSF Mt Zion 1600 Divisadero")
        #expect(query.place == "UCSF Mt Zion" && query.number == 1600 && query.street == "Divisadero")
    }

    @Test func plainPlacesAndLoneStreets() {
        #expect(LocationText.parse("Coit Tower") == GeocodeQuery(place: "Coit Tower", text: "Coit Tower"))
        #expect(LocationText.parse("16th St.").street == "16th St")
        #expect(LocationText.parse("").isEmpty)
    }

    @Test func secondPlaceAndSecondStreetAreKept() {
        let query = LocationText.parse("The Sea Captain's Chest (Fisherman's Wharf)")
        #expect(query.place == "The Sea Captain's Chest" && query.otherPlaces == ["Fisherman's Wharf"])
        let two = LocationText.parse("Lefty O' Doul Drawbridge/ 3rd Street Bridge (3rd Street, China Basin)")
        #expect(two.alternatives.map(\.street) == ["3rd Street"])
    }

    @Test func trimmingCharactersAtTheEndsThenSpaces() {
        #expect("Sutter St.".trimmingCharacters(in: ".,;") == "Sutter St")
        #expect(".,; Mason ;".trimmingCharacters(in: ".,;") == "Mason")
        #expect(". ,a".trimmingCharacters(in: ".,;") == ",a")
        #expect("...".trimmingCharacters(in: ".,;") == "")
        #expect("".trimmingCharacters(in: ".,;") == "")
        #expect("6th-".trimmingCharacters(in: "-") == "6th")
        // Not ASCII: the same answers by characters.
        #expect("Café Trieste.".trimmingCharacters(in: ".,;") == "Café Trieste")
        #expect(",\u{00A0}Café ".trimmingCharacters(in: ".,;") == "\u{00A0}Café")
        #expect("e\u{301}.".trimmingCharacters(in: ".,;") == "e\u{301}")
    }

    @Test func splitOnSpacedDashAsTheStandardSplit() {
        for text in [
            "Pier 39 - Fisherman's Wharf", "a - b - c", " - lead", "trail - ", "a -  - b", "no-dash - here", "a - - b", "Café - 12 Vallejo St",
            "-", " - ", "",
        ] {
            let chunk = Substring(text)
            #expect(LocationText.splitOnSpacedDash(chunk) == chunk.split(separator: " - "), "\(text)")
        }
    }

    @Test func wordsWithConnectorsOfTheirOwn() {
        #expect(LocationText.words("Mason&Pine  Streets") == ["Mason", "&", "Pine", "Streets"])
        #expect(LocationText.words("Broadway @ Jones/Taylor") == ["Broadway", "@", "Jones", "/", "Taylor"])
        #expect(LocationText.words("") == [])
        #expect(LocationText.words(" && ") == ["&", "&"])
        // Not ASCII, or with a CR: by characters, as the text was always read.
        #expect(LocationText.words("Café&Vesuvio") == ["Café", "&", "Vesuvio"])
        #expect(LocationText.words("a\r\n& b") == ["a\r\n", "&", "b"])
    }
}
