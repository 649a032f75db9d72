import Testing

@testable import SluiceSanitize

/// Corners and what is said about them: structures at the corner, near/off, directions from it,
/// and corners finished by the chunk after a comma.
@Suite struct AddressParserCornerTests {
    let parser = AddressParser()

    /// Salt Lake City's corners of two grid streets, each a number and a direction.
    @Test func gridStreetsMeet() {
        let corners = [
            ("200 W & 300 S", "200 w & 300 s"), ("200 West and 300 South", "200 w & 300 s"), ("300 S & 200 W", "200 w & 300 s"),
            ("S 200 W & W 300 S", "s 200 w & w 300 s"),
        ]
        for (text, key) in corners {
            let corner = parser.parse(text)
            #expect(corner.kind == .intersection, "\(text)")
            #expect(corner.number == nil && corner.place == nil, "\(text)")
            #expect(corner.key == key, "\(text)")
        }
        #expect(parser.parse("State St & 400 S").crossStreet == "400 S")
        let street = parser.parse("S 200 W")
        #expect(street.kind == .street && street.preDir == "S" && street.street == "200 W")
        #expect(parser.parse("200 West").kind == .street)
        // Grid streets lie at round numbers: `2606 North` is house 2606 on a street whose type was left off.
        #expect(parser.parse("2606 North").kind == .streetAddress && parser.parse("2606 North").number == "2606")
        // A house number on a grid street is still an address; on a named street, a number.
        #expect(parser.parse("300 S 200 W").number == "300")
        #expect(parser.parse("100 Broadway").number == "100")
        #expect(parser.parse("100 W Main St").number == "100")
    }

    @Test func structureAtACornerIsThePlace() {
        let exit = parser.parse("Van Ness and Market Street MUNI exit")
        #expect(exit.kind == .intersection)
        #expect(exit.street == "Van Ness")
        #expect(exit.crossStreet == "Market St")
        #expect(exit.place == "MUNI exit")
        let station = parser.parse("Church and Duboce Muni Station")
        #expect(station.kind == .intersection)
        #expect(station.street == "Church")
        #expect(station.crossStreet == "Duboce")
        #expect(station.place == "Muni Station")
        let steps = parser.parse("Filbert and Kearny Steps")
        #expect(steps.kind == .intersection)
        #expect(steps.street == "Filbert")
        #expect(steps.crossStreet == "Kearny")
        #expect(steps.place == "Steps")
        let sidewalks = parser.parse("Sanchez/Cumberland steps and sidewalks")
        #expect(sidewalks.kind == .intersection)
        #expect(sidewalks.street == "Sanchez")
        #expect(sidewalks.crossStreet == "Cumberland")
        #expect(sidewalks.place == "steps and sidewalks")
    }

    @Test func structureAloneOrAfterAPlaceIsNoCorner() {
        #expect(parser.parse("Forest Hill MUNI Station").kind == .place)
        #expect(parser.parse("UN Plaza/ Civic Center Bart steps").kind == .place)
        #expect(parser.parse("SF City Hall Polk Street Steps").kind == .place)
        // After `at` the words name a place on the street.
        let at = parser.parse("Hyde Street at Powell Station")
        #expect(at.kind == .street)
        #expect(at.place == "Powell Station")
    }

    @Test func offAndNear() {
        let balmy = parser.parse("Balmy Alley off 24th St")
        #expect(balmy.kind == .intersection)
        #expect(balmy.street == "Balmy")
        #expect(balmy.suffix == "Aly")
        #expect(balmy.crossStreet == "24th St")
        #expect(balmy.notes == [Note.off])
        #expect(parser.parse("Macondray Lane off of Taylor Street").crossStreet == "Taylor St")
        let bayshore = parser.parse("Bayshore Blvd near Cesar Chavez (Bayview)")
        #expect(bayshore.kind == .intersection)
        #expect(bayshore.notes == [Note.near])
        let pier = parser.parse("Embarcadero near Pier 14")
        #expect(pier.kind == .street)
        #expect(pier.street == "Embarcadero")
        #expect(pier.place == "Pier 14")
        #expect(pier.notes == [Note.near])
        // Near something that does not say it is a street: a place.
        #expect(parser.parse("Fisherman's Wharf pier near Chapel").kind == .place)
        // `off`, `near` and `x` need one side that says it is a street, and no neighbourhood.
        #expect(parser.parse("Take off at SFO").kind == .place)
        #expect(parser.parse("Stay x Go").kind == .place)
        let bay = parser.parse("Mission Bay off 3rd St")
        #expect(bay.kind == .street)
        #expect(bay.street == "3rd")
        #expect(bay.neighborhood == "Mission Bay")
    }

    @Test func nearAPlaceThenAStreet() {
        let lobos = parser.parse("Near Point Lobos, El Camino Del Mar")
        #expect(lobos.kind == .street)
        #expect(lobos.street == "El Camino Del Mar")
        #expect(lobos.suffix == nil)
        #expect(lobos.place == "Point Lobos")
        #expect(lobos.notes == [Note.near])
    }

    @Test func directionFromACorner() {
        let taylor = parser.parse("Taylor St, north of Jefferson St to end")
        #expect(taylor.kind == .intersection)
        #expect(taylor.street == "Taylor")
        #expect(taylor.suffix == "St")
        #expect(taylor.crossStreet == "Jefferson St")
        #expect(taylor.place == "north of Jefferson St to end")
        #expect(taylor.notes == [Note.directionFromCorner])
        let written = parser.parse("Taylor St north of Jefferson St")
        #expect(written.kind == .intersection)
        #expect(written.crossStreet == "Jefferson St")
        #expect(written.place == "north of Jefferson St")
        #expect(written.notes == [Note.directionFromCorner])
        let address = parser.parse("2801 Leavenworth St, south of Beach St")
        #expect(address.kind == .streetAddress)
        #expect(address.crossStreet == "Beach St")
        // A neighbourhood, not a direction.
        #expect(parser.parse("Folsom Street South of Market").notes.isEmpty)
        // Alone, the words are a place.
        #expect(parser.parse("north of Jefferson St").kind == .place)
    }

    @Test func placeBesideAStreetAfterASlash() {
        let garage = parser.parse("Moscone Center Parking Garage/3rd St.")
        #expect(garage.kind == .street)
        #expect(garage.street == "3rd")
        #expect(garage.place == "Moscone Center Parking Garage")
        let ferry = parser.parse("The Embarcadero/Ferry Building")
        #expect(ferry.kind == .street)
        #expect(ferry.street == "Embarcadero")
        #expect(ferry.place == "Ferry Building")
        // Two places: no street.
        #expect(parser.parse("de Young Museum/Golden Gate Park").kind == .place)
    }

    @Test func atACornerThenWordsThatAreNoStreet() {
        let corner = parser.parse("Chinatown (Stockton @ Jackson & Jackson toward Grant")
        #expect(corner.kind == .intersection)
        #expect(corner.street == "Stockton")
        #expect(corner.crossStreet == "Jackson")
        #expect(corner.neighborhood == "Chinatown")
    }

    @Test func cornerFinishedAfterAComma() {
        let market = parser.parse("Van Ness Ave, at Market")
        #expect(market.kind == .intersection)
        #expect(market.street == "Van Ness")
        #expect(market.crossStreet == "Market")
        let farley = parser.parse("Farley's Café (1315 18th Street, near Missouri)")
        #expect(farley.kind == .streetAddress)
        #expect(farley.crossStreet == "Missouri")
        #expect(farley.notes.contains(Note.near))
        let autodesk = parser.parse("Pier 9, at Autodesk")
        #expect(autodesk.kind == .place)
        #expect(autodesk.place == "Pier 9, at Autodesk")
    }
}
