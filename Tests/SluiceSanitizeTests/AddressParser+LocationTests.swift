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

    /// A hundred block as fire and police dispatch write it (Seattle Fire 911 calls,
    /// data.seattle.gov, via DanielSebring/visualization_software: `1000 - 1099 W Howe St`):
    /// the spaced dash between the numbers a text starts with is a range, not a separator (it
    /// was `1099 W Howe St`, the first number lost). After a venue's name it still separates.
    @Test func spacedDashBetweenLeadingNumbersIsARange() {
        for text in ["1000 - 1099 W Howe St", "4400 - 4499 Delridge Way Sw, Seattle, WA"] {
            let address = parser.parse(text)
            #expect(address.kind == .addressRange, "\(text)")
            #expect(address.number == text.prefix(4).description, "\(text)")
            #expect(address.numberTo == String(text.dropFirst(7).prefix(4)), "\(text)")
        }
        #expect(parser.parse("1000 - 1099 W Howe St").key == parser.parse("1000-1099 W Howe St").key)
        let venue = parser.parse("Pier 39 - 2 Beach St")
        #expect(venue.number == "2")
        #expect(venue.street == "Beach")
        // A second number below the first is no range: it is the building's suite, as Wake
        // County's restaurants write one (`9820 - 170 Leesville Rd`; the dash separated, and
        // the record was placed at 170 Leesville Rd, 1.2 km off, at 0.9).
        let suite = parser.parse("9820 - 170 Leesville Rd")
        #expect(suite.kind == .streetAddress && suite.number == "9820" && suite.unit == "#170" && suite.street == "Leesville")
        #expect(parser.parse("300 - 12 Main St").number == "300")
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
        // Designators that take no number (Publication 28, C2), last after the street's suffix.
        for (text, unit) in [("100 Main St Rear", "Rear"), ("100 Main St Lobby", "Lbby"), ("100 Main St Basement", "Bsmt")] {
            let parsed = parser.parse(text)
            #expect(parsed.street == "Main" && parsed.suffix == "St" && parsed.unit == unit, "\(text)")
        }
        // A street named with a designator's word is the street (`Front St` was the unit `Frnt St`).
        for text in ["Front St", "Rear Street", "Front St, Suite 5"] {
            let parsed = parser.parse(text)
            #expect(parsed.kind == .street && parsed.suffix == "St", "\(text)")
        }
        #expect(parser.parse("100 Front St").street == "Front")
        // Nor before a word, as a comma part: `Upper Lake` (CA) and `Front Royal` (VA) are towns.
        for (text, city) in [("57 Mccoppin St, Upper Lake", "Upper Lake"), ("57 Mccoppin St, Front Royal", "Front Royal")] {
            let parsed = parser.parse(text)
            #expect(parsed.unit == nil && parsed.city == city, "\(text)")
        }
        #expect(parser.parse("Fairmont Hotel - Penthouse Suite").unit == "Ph Suite")
    }

    @Test func aPostOfficeBoxIsNoLocation() {
        let beside = parser.parse("100 Main St, PO Box 5")
        #expect(beside.kind == .streetAddress && beside.place == nil && beside.notes.contains(Note.poBox))
        for text in ["PO Box 123", "P.O. Box 123, Springfield, IL 62701", "POB 12", "RR 2 Box 10", "Rural Route 3 Box 12", "Post Office Box 7"] {
            let parsed = parser.parse(text)
            #expect(parsed.place == nil && parsed.street == nil && parsed.notes.contains(Note.poBox), "\(text)")
        }
        // A box number in two parts and a drawer, as Maryland's MBE directory writes them (`P.O.
        // BOX 10-266`, `DRAWER #750608`): they were places.
        for text in ["P.O. BOX 10-266", "DRAWER #750608", "PO Drawer 5"] {
            let parsed = parser.parse(text)
            #expect(parsed.place == nil && parsed.street == nil && parsed.notes.contains(Note.poBox), "\(text)")
        }
        // A box number ending in a letter, and a rural route or highway contract alone, its box
        // after a comma (usaddress' `rr 4, box 164 a` was a place `rr 4, box` on a street `A`).
        for text in ["PO Box 164A", "Box 164 A", "RR 4 Box 164A", "rr 4, box 164 a", "HC 1, Box 12", "RR 4", "Rural Route 4"] {
            let parsed = parser.parse(text)
            #expect(parsed.place == nil && parsed.street == nil && parsed.notes.contains(Note.poBox), "\(text)")
        }
        // A road named Route, a unit's letter, a building: not boxes.
        #expect(parser.parse("Route 66").street == "Route 66")
        #expect(parser.parse("100 Main St Apt 4 B").unit == "Apt 4 B")
        for text in ["Route 4", "100 Main St Apt 4 B", "Building 5 A", "Pier 39"] {
            #expect(!parser.parse(text).notes.contains(Note.poBox), "\(text)")
        }
        // A box with no number, or words after it, is no PO box; a range of houses is a range.
        #expect(parser.parse("10-12 Main St").numberTo == "12")
        for text in ["Box Office, 100 Main St", "Jewel Box 5 Theater", "Chest of Drawers 5"] {
            #expect(!parser.parse(text).notes.contains(Note.poBox), "\(text)")
        }
    }

    @Test func plainWordsAfterAUnitsValueAreNoPartOfIt() {
        // Where US addresses write the town: `Apt 31 Bobco` was the unit, and the address placed
        // in San Francisco at 0.94.
        for (text, unit) in [("123 Main St Apt 31 Bobco", "Apt 31"), ("123 Main St #5 Bobco", "#5"), ("123 Main St Apt 12-B Bobco", "Apt 12-B")] {
            let parsed = parser.parse(text)
            #expect(parsed.street == "Main" && parsed.unit == unit && parsed.place == "Bobco", "\(text)")
        }
        // A letter, a direction, another unit or a number after the value are the unit's.
        for (text, unit) in [
            ("123 Main St Apt 3 B", "Apt 3 B"), ("123 Main St Ste 200 North", "Ste 200 North"), ("123 Main St Apt 5 Rear", "Apt 5 Rear"),
            ("123 Main St Ste 5 Bldg 2", "Ste 5 Bldg 2"), ("123 Main St Apt 5 Lower Level", "Apt 5 Lower Level"),
        ] {
            let parsed = parser.parse(text)
            #expect(parsed.unit == unit && parsed.place == nil, "\(text)")
        }
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

/// The trailing city of another city than San Francisco, named by `--city`.
@Suite struct AddressParserCityTests {
    let portland = AddressParser(city: "Portland", state: "OR")

    @Test func theCityAfterACommaIsTheCity() {
        let address = portland.parse("1120 SW 5th Ave, Portland")
        #expect(address.kind == .streetAddress)
        #expect(address.number == "1120")
        #expect(address.preDir == "SW")
        #expect(address.street == "5th")
        #expect(address.suffix == "Ave")
        #expect(address.place == nil)
        #expect(address.city == "Portland")
        #expect(address.state == "OR")
        #expect(address.clean == "1120 SW 5th Ave, Portland, OR")
    }

    @Test func withoutCommaInCapitalsAndWithState() {
        for text in ["1120 SW 5th Ave Portland", "1120 SW 5th Ave, PORTLAND", "1120 SW 5th Ave Portland OR", "1120 S.W. 5th Ave., portland, Oregon"] {
            let address = portland.parse(text)
            #expect(address.clean == "1120 SW 5th Ave, Portland, OR", "\(text)")
            #expect(address.place == nil, "\(text)")
        }
        #expect(portland.parse("1120 SW 5th Ave Portland Oregon 97204").zip == "97204")
    }

    @Test func aCityAloneIsThePlaceOfNothingElse() {
        let address = portland.parse("Portland")
        #expect(address.kind == .place)
        #expect(address.place == nil)
        #expect(address.clean == "Portland, OR")
        #expect(portland.parse("Port of Portland").place == "Port of Portland")
        #expect(portland.parse("Pioneer Courthouse Square, Portland").place == "Pioneer Courthouse Square")
    }

    @Test func aStreetNamedAfterTheCityKeepsItsName() {
        let oakland = AddressParser(city: "Oakland", state: "CA")
        let street = oakland.parse("Oakland Ave, Oakland")
        #expect(street.kind == .street)
        #expect(street.street == "Oakland")
        #expect(street.suffix == "Ave")
        #expect(street.place == nil)
        #expect(street.city == "Oakland")
        let address = oakland.parse("123 Oakland Ave Oakland")
        #expect(address.number == "123")
        #expect(address.street == "Oakland")
        #expect(address.clean == "123 Oakland Ave, Oakland, CA")
    }

    @Test func saintPaulHoweverWritten() {
        let parser = AddressParser(city: "St. Paul", state: "MN")
        for text in ["75 W 5th St, St. Paul", "75 W 5th St, Saint Paul", "75 W 5th St St Paul MN"] {
            let address = parser.parse(text)
            #expect(address.clean == "75 W 5th St, St. Paul, MN", "\(text)")
            #expect(address.preDir == "W", "\(text)")
            #expect(address.place == nil, "\(text)")
        }
    }

    @Test func aCityOfSeveralWords() {
        let parser = AddressParser(city: "Salt Lake City", state: "UT")
        let address = parser.parse("123 N Main St S, Salt Lake City")
        #expect(address.clean == "123 N Main St S, Salt Lake City, UT")
        #expect(address.postDir == "S")
        #expect(parser.parse("100 Main St Salt Lake City").place == nil)
    }

    @Test func aCityNamedLikeAStateIsTheCity() {
        let newYork = AddressParser(city: "New York", state: "NY")
        let address = newYork.parse("1585 Broadway, New York")
        #expect(address.kind == .streetAddress)
        #expect(address.street == "Broadway")
        #expect(address.city == "New York")
        #expect(newYork.parse("1095 Avenue of the Americas, New York").street == "Avenue Of The Americas")
        let washington = AddressParser(city: "Washington", state: "DC")
        #expect(washington.parse("1600 Pennsylvania Ave NW, Washington").clean == "1600 Pennsylvania Ave NW, Washington, DC")
        // Before a ZIP a state's name is the state, as without `--city`.
        #expect(AddressParser(city: "New York", state: "NY").parse("1 Main St, Albany, New York 12207").city == "Albany")
    }

    @Test func sanFranciscoAndItsNeighbourhoodsAreSanFranciscos() {
        let address = portland.parse("500 Main St, SF")
        #expect(address.city == "Portland")
        #expect(address.place == "SF")
        #expect(portland.parse("Mission, Portland").neighborhood == nil)
        #expect(AddressParser().parse("500 Main St, SF").city == "San Francisco")
        #expect(AddressParser().parse("Chinatown").neighborhood == "Chinatown")
    }

    @Test func settingTheCityLaterChangesTheNames() {
        var parser = AddressParser()
        parser.city = "Portland"
        parser.state = "OR"
        #expect(parser.parse("1120 SW 5th Ave Portland OR").clean == "1120 SW 5th Ave, Portland, OR")
    }
}
