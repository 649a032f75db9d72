import SluiceCore
import SluiceSanitize
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
        #expect(query.neighborhood == "Nob Hill")
        #expect(query.text == "Mason & California Streets")
    }

    /// Read from the line's bytes or from a parsed value, an address object gives the same
    /// query: the first of repeated members, escaped keys, notes, alternatives, numbers.
    @Test(arguments: [
        #"{"raw":"Mason & California Streets","kind":"intersection","street":"Mason","suffix":"St","cross_street":"California St","neighborhood":"Nob Hill"}"#,
        #"{"raw":" x ","street":"Green","street":"Grant","number":950,"pre_dir":"N","notes":["near",1],"cross_street":"Oak St","cross_street_2":"Elm St"}"#,
        #"{"r\u0061w":"Balmy Alley off 24th St","place":"Balmy Alley, Mission","notes":["off","direction_from_corner"],"alternatives":[{"raw":"y","street":"24th","suffix":"St"},"Ferry Building",null]}"#,
        #"{"raw":"Doc's Clock","kind":"unparsed"}"#, #"{}"#, #"{"clean":"Caf\u00e9 Trieste","place":"Caf\u00e9 Trieste"}"#,
    ])
    func readsTheSameFromTheLineAsFromAValue(_ text: String) throws {
        let bytes = Array(text.utf8)
        let fromLine = try bytes.withUnsafeBufferPointer { GeocodeQuery(address: try NDJSONRecord($0)) }
        #expect(fromLine == GeocodeQuery(address: try JSONParser.parse(bytes)))
    }

    @Test func numberMayBeTextOrNumber() throws {
        let text = GeocodeQuery(
            address: try JSONParser.parse(#"{"raw":"x","kind":"street_address","number":"520-522","street":"Green","pre_dir":"N"}"#))
        #expect(text.number == 520 && text.street == "N Green")
        let number = GeocodeQuery(address: try JSONParser.parse(#"{"raw":"x","kind":"street_address","number":950,"street":"California"}"#))
        #expect(number.number == 950)
    }

    @Test func unparsedTextIsTriedAsAPlaceName() throws {
        let query = GeocodeQuery(address: try JSONParser.parse(#"{"raw":"Doc's Clock","kind":"unparsed"}"#))
        #expect(query.place == "Doc's Clock" && query.street == nil)
    }

    @Test func aPlaceWithACommaIsANameThenWhereItIs() throws {
        let query = GeocodeQuery(
            address: try JSONParser.parse(
                #"{"raw":"x","kind":"place","place":"Vaillancourt Fountain, Justin Herman Plaza","neighborhood":"Embarcadero"}"#))
        #expect(query.place == "Vaillancourt Fountain")
        #expect(query.otherPlaces == ["Justin Herman Plaza"])
        #expect(query.neighborhood == "Embarcadero")
    }

    @Test func aFreeTextIsReadAsSanitizeReadsIt() {
        let query = GeocodeQuery.reading("Vesuvio Café (255 Columbus Avenue)")
        #expect(query.place == "Vesuvio Café" && query.number == 255 && query.street == "Columbus Ave")
        let block = GeocodeQuery.reading("Grant Avenue between Clay and California")
        #expect(block.street == "Grant Ave" && block.crossStreets.count == 2)
        #expect(GeocodeQuery.reading("").isEmpty)
    }

    @Test func anotherCitysNameEndsTheTextWhenTheParserHasIt() {
        let portland = AddressParser(city: "Portland", state: "OR")
        let address = GeocodeQuery.reading("1120 SW 5th Ave, Portland", by: portland)
        #expect(address.place == nil && address.number == 1120 && address.street == "SW 5th Ave")
        let corner = GeocodeQuery.reading("SW 5th Ave & SW Madison St, Portland, OR", by: portland)
        #expect(corner.place == nil && corner.street == "SW 5th Ave" && corner.crossStreets == ["SW Madison St"])
        // Without the city, Portland is any US town's name: read after a comma or an address.
        #expect(GeocodeQuery.reading("1120 SW 5th Ave, Portland").place == nil)
        #expect(GeocodeQuery.reading("1120 SW 5th Ave Portland").street == "SW 5th Ave")
        #expect(GeocodeQuery.reading("SW 5th Ave Portland").street != "SW 5th Ave")
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

    @Test func aPlacePhraseIsCutAtItsSeparators() {
        #expect(GeocodeQuery.placeParts("Pioneer Park at Coit Tower") == ["Pioneer Park", "Coit Tower"])
        #expect(GeocodeQuery.placeParts("de Young Museum/Golden Gate Park") == ["de Young Museum", "Golden Gate Park"])
        #expect(GeocodeQuery.placeParts("Fulton Street in Golden Gate Park, SF") == ["Fulton Street", "Golden Gate Park", "SF"])
        #expect(GeocodeQuery.placeParts("Coit Tower") == ["Coit Tower"])
        #expect(GeocodeQuery.placeParts(" , ") == [])
    }

    @Test func asciiPlacePhrasesAreCutAsFoundationCutsThem() {
        let phrases = [
            "Pier 39 at at Fisherman's Wharf", " at in x", "a at in b", "x, ,/y", "in at", " in  in ", "a\tat b", "\tCity Hall\t, Civic Center /",
            "Mission at 16th in SF", "a  at  b", "/", "", "  ", "Café at Noe", "a\r\nat b",
        ]
        for phrase in phrases {
            #expect(GeocodeQuery.placeParts(phrase) == GeocodeQuery.characterPlaceParts(phrase), "\(phrase)")
        }
    }

    @Test func aHouseNumberIsItsLeadingNumericCharacters() {
        let numbers = ["12", "12A", "1200-1210", "007", "", "A12", "-3", "12 1/2", "12½", "½", "١٢", "12١", "99999999999999999999", "3\u{301}", "4 "]
        for text in numbers {
            #expect(GeocodeQuery.leadingNumber(text) == Int(text.prefix { $0.isNumber }), "\(text)")
        }
        #expect(GeocodeQuery.leadingNumber("12A") == 12)
    }

    /// A Queens house number (`86-12`, `37-04`) is one number, its digits joined as the gazetteer
    /// builder joins them and as people write it without the hyphen (`8612 91st St`); a range
    /// (`1200-1210`, `1158-70`) is its first number, as before.
    @Test func aHyphenatedHouseNumberIsItsDigitsJoined() {
        #expect(GeocodeQuery.leadingNumber("86-12") == 8612)
        #expect(GeocodeQuery.leadingNumber("37-04") == 3704)
        #expect(GeocodeQuery.leadingNumber("187-16") == 18716)
        #expect(GeocodeQuery.leadingNumber("1200-1210") == 1200)
        #expect(GeocodeQuery.leadingNumber("1158-70") == 1158)
        #expect(GeocodeQuery.leadingNumber("123-B") == 123)
    }

    @Test func aCornerOnlyNearThePlaceSaysSo() throws {
        let near = GeocodeQuery(
            address: try JSONParser.parse(
                #"{"raw":"x","kind":"intersection","street":"Taylor","suffix":"St","cross_street":"Jefferson St","place":"north of Jefferson St to end","notes":["direction_from_corner"]}"#
            ))
        #expect(near.nearCorner && near.place == nil)
        #expect(!GeocodeQuery.reading("Mason & California").nearCorner)
    }
}
