import Testing

@testable import SluiceSanitize

@Suite struct AddressParserStreetTests {
    let parser = AddressParser()

    func tokens(_ text: String) -> ArraySlice<Token> { AddressTokenizer.tokens(text)[...] }

    /// Seattle writes South after the type as `So.` too: the parsed address has the directional.
    @Test func soAfterTheSuffixIsTheStreetsDirectional() {
        let address = parser.parse("1000 1st Ave. So., Seattle, WA")
        #expect(address.street == "1st")
        #expect(address.suffix == "Ave")
        #expect(address.postDir == "S")
        #expect(address.key == parser.parse("1000 1st Ave S, Seattle, WA").key)
    }

    @Test func streetSuffixMustEndThePhrase() {
        #expect(parser.endsWithStreetSuffix(tokens("Vallejo St.")))
        #expect(parser.endsWithStreetSuffix(tokens("Mission Bay Blvd North")))
        #expect(parser.endsWithStreetSuffix(tokens("California Streets")))
        #expect(!parser.endsWithStreetSuffix(tokens("Vallejo Street Garage")))
        #expect(!parser.endsWithStreetSuffix(tokens("Justin Herman Plaza")))
        #expect(!parser.endsWithStreetSuffix(tokens("Street")))
    }

    @Test func units() {
        let (body, unit, after) = parser.splitUnit(tokens("Sutter St Apt 3"))
        #expect(body.map(\.text) == ["Sutter", "St"])
        #expect(unit == "Apt 3" && after.isEmpty)
        #expect(parser.splitUnit(tokens("Sutter St Apt 3 Bobco")).after.map(\.text) == ["Bobco"])
        #expect(parser.splitUnit(tokens("Jackson St # 75")).unit == "#75")
        #expect(parser.splitUnit(tokens("Mason St")).unit == nil)
    }

    @Test func aUnitWithoutItsDesignatorAfterTheSuffix() {
        // A permit's UNIT column joined after STREET_NUMBER, STREET_DIRECTION, STREET_NAME, SUFFIX.
        for (text, unit) in [
            ("1200 N CLARK ST 2B", "#2B"), ("100 Main St 4", "#4"), ("100 Main St B", "#B"), ("1234 5th Ave NE 3", "#3"),
            ("1200 N Clark St Apt#3", "Apt 3"), ("1200 N Clark St UNIT-2B", "Unit 2B"),
        ] {
            let address = parser.parse(text)
            #expect(address.kind == .streetAddress, "\(text)")
            #expect(address.unit == unit, "\(text)")
            #expect(address.suffix != nil, "\(text)")
        }
        #expect(parser.parse("1200 N CLARK ST 2B").key == parser.parse("1200 N Clark St").key)
        #expect(parser.parse("1234 5th Ave NE 3").postDir == "NE")
        // After a grid street (Salt Lake City's `S 200 W`), whose name ends in a direction.
        let grid = parser.parse("1200 S 200 W 5")
        #expect(grid.street == "200 W" && grid.preDir == "S" && grid.unit == "#5")
        // A directional, a numbered road's number, a venue's number and a ZIP code are no unit.
        #expect(parser.splitUnit(tokens("Main St W")).unit == nil)
        #expect(parser.splitUnit(tokens("County Rd 12")).unit == nil)
        #expect(parser.splitUnit(tokens("Route 66")).unit == nil)
        for text in ["1954 Country Road 43", "8483 Al Highway 157", "7441 East County Road Y", "100 Ranch Rd 620"] {
            #expect(parser.parse(text).unit == nil, "\(text)")
        }
        #expect(parser.splitUnit(tokens("Fire Station 7")).unit == nil)
        #expect(parser.splitUnit(tokens("Main St 94103")).unit == nil)
        #expect(parser.splitUnit(tokens("St 4")).unit == nil)
    }

    /// Cambridge's assessing data numbers a unit by its building (`1218-1228 Cambridge St`, unit
    /// `12181`): five digits after the suffix that are no ZIP of the record's state are the unit,
    /// not a town elsewhere (it was Troy, NY 12181, and the record refused as outside MA).
    @Test func fiveDigitsThatAreNoZIPOfTheRecordsStateAreTheUnit() {
        let cambridge = AddressParser(city: "Cambridge", state: "MA")
        for text in ["1218-1228 Cambridge St 12181", "1222 Cambridge St 12181", "100 Main St 43725"] {
            let parsed = cambridge.parse(text)
            #expect(parsed.unit == "#\(text.split(separator: " ").last ?? "")", "\(text)")
            #expect(parsed.city == "Cambridge" && parsed.state == "MA" && parsed.zip == nil, "\(text)")
            #expect(parsed.suffix != nil, "\(text)")
        }
        let field = AddressParser().reading(RecordTown(city: "Cambridge", state: "Massachusetts", zip: nil))
        #expect(field.parse("1222 Cambridge St 12181").unit == "#12181")
        // A ZIP of the record's state, and any ZIP when no state is known, stays a ZIP.
        #expect(cambridge.parse("100 Main St 02139").zip == "02139")
        #expect(AddressParser().parse("100 Main St 12181").zip == "12181")
        // Five digits that are no ZIP at all are the unit (they were read into the street's name).
        #expect(AddressParser().parse("100 Main St 99999").unit == "#99999")
    }

    /// A unit's designator last after the suffix without its value (Chicago's food inspections,
    /// copied in GuidoValada/Code-practice, write `1 N STATE ST FL`, `224-230 N MICHIGAN AVE FL`:
    /// the floor's number dropped) is no word of the street's name: it was `State St Fl`, and the
    /// gazetteer built from those points held `1 n state st fl`, which `1 N State St` never found.
    @Test func aDesignatorWithoutItsValueAfterTheSuffix() {
        for text in ["1 N STATE ST FL", "1 N State St Ste", "1 N State St Apt", "1 N STATE ST UNIT"] {
            let parsed = parser.parse(text)
            #expect(parsed.street == "State" && parsed.suffix == "St" && parsed.preDir == "N" && parsed.unit == nil, "\(text)")
            #expect(parsed.key == parser.parse("1 N State St").key, "\(text)")
        }
        #expect(parser.parse("224-230 N MICHIGAN AVE FL").street == "Michigan")
        // A designator that takes no value is the unit; one that is the name's own word stays.
        #expect(parser.parse("100 Main St Rear").unit == "Rear")
        #expect(parser.parse("100 Suite St").street == "Suite")
    }

    /// A building's designator and value after the suffix (Austin's food inspections, City of
    /// Austin open data copied in jordannotjam/Foodie-City-Scores @ ebb5af4: `10900 LAKELINE MALL
    /// DR BLDG J`), then a town as a one-line address writes it: the unit, then the town (it was
    /// the place `BLDG J Dallas`, and the record was placed in Austin at 0.99).
    @Test func aTownAfterABuildingsDesignatorAndValue() {
        let parsed = parser.parse("10900 LAKELINE MALL DR BLDG J Dallas")
        #expect(parsed.unit == "Bldg J")
        #expect(parsed.city == "Dallas")
        #expect(parsed.key == "10900 lakeline mall")
        #expect(parser.parse("100 Main St Bldg 2 Boston").city == "Boston")
        // Without a town, or with a number after, as before.
        #expect(parser.parse("1300 E ANDERSON LN BLDG D").unit == "Bldg D")
        #expect(parser.parse("100 Main St Bldg 2 Suite 300").city == nil)
        #expect(parser.parse("100 Main St Bldg 2 Suite A").city == nil)
    }

    /// A lettered avenue after its directional (Chicago's food inspections, City of Chicago
    /// data copied in GuidoValada/Code-practice: `13501-13503 S AVENUE N`; Lancaster, CA's
    /// `W Avenue J`) is that avenue: the letter is its name, not a unit nor a post-directional.
    @Test func aLetteredAvenueAfterItsDirectional() {
        let chicago = AddressParser(city: "Chicago", state: "IL")
        for (text, preDir, street) in [
            ("13501 S AVENUE N", "S", "Avenue N"), ("100 S Avenue O", "S", "Avenue O"), ("44933 W Avenue J", "W", "Avenue J"),
            ("100 E Ave K", "E", "Avenue K"),
        ] {
            let parsed = chicago.parse(text)
            #expect(parsed.preDir == preDir && parsed.street == street && parsed.unit == nil && parsed.postDir == nil, "\(text)")
        }
        #expect(chicago.parse("13501 S Avenue N").key == "13501 s avenue n")
        // A unit or directional after a named street's suffix stays one; Washington's `E St NE` is E Street.
        #expect(chicago.parse("100 Main Ave B").unit == "#B")
        #expect(chicago.parse("1234 5th Ave N").postDir == "N")
        #expect(chicago.parse("100 E St NE").street == "E" && chicago.parse("100 E St NE").postDir == "NE")
        #expect(chicago.parse("100 South Ave W").postDir == "W")
    }

    /// A unit column holding the unit and its building joined by a slash (Cambridge's assessing
    /// data: `6 Canal Pk`, unit `101/2`; `363-369 Cardinal Medeiros Ave`, unit `365/1`), after a
    /// street's suffix: the unit, not words of the street's name or a place.
    @Test func aUnitAndItsBuildingJoinedBySlashAfterTheSuffix() {
        let cambridge = AddressParser(city: "Cambridge", state: "MA")
        for (text, unit) in [
            ("1 Main St 101/2", "#101/2"), ("363-369 Cardinal Medeiros Ave 365/1", "#365/1"), ("1200 N Clark St 2B/4", "#2B/4"),
        ] {
            let parsed = cambridge.parse(text)
            #expect(parsed.kind == .streetAddress || parsed.kind == .addressRange, "\(text)")
            #expect(parsed.unit == unit && parsed.suffix != nil, "\(text)")
        }
        #expect(cambridge.parse("1 Main St 101/2").key == cambridge.parse("1 Main St").key)
        // Spaced, the slash joins two streets or addresses as before; a half number is the house's.
        #expect(cambridge.parse("100 Main St / 200 Oak St").alternatives.count == 2)
        #expect(cambridge.parse("2615 1/2 Gary Ave").number == "2615 1/2")
        #expect(parser.splitUnit(tokens("County Rd 12/4")).unit == nil)
    }

    /// Publication 28's designators that name places in other text (`Lot`, `Space`, `Building`),
    /// then their value, last after a street's suffix: a mobile-home park's space, a campus's building.
    @Test func aDesignatorThatNamesPlacesElsewhereAfterTheSuffix() {
        let units = [
            ("1234 Main St Spc 12", "Spc 12"), ("1234 Main St Space 12", "Spc 12"), ("1234 Main St Trlr 5", "Trlr 5"),
            ("1234 Main St Lot 5", "Lot 5"), ("1234 Main St Dept 5", "Dept 5"), ("1234 Main St Bldg A", "Bldg A"),
            ("1234 Main St Flr 2", "Fl 2"), ("1234 Main St 2nd Flr", "Fl 2"),
        ]
        for (text, unit) in units {
            let address = parser.parse(text)
            #expect(address.kind == .streetAddress && address.street == "Main" && address.suffix == "St", "\(text)")
            #expect(address.unit == unit, "\(text)")
        }
        // Not after a street's suffix, or with no value after it, they name places.
        #expect(parser.parse("Parking Lot 5").kind == .place)
        #expect(parser.parse("Jefferson St Pier 45").unit == nil)
        #expect(parser.parse("100 Main St Lot").unit == nil)
    }

    @Test func streetSides() {
        #expect(parser.isStreetSide(tokens("Mason"), numbered: false))
        #expect(parser.isStreetSide(tokens("Golden Gate"), numbered: false))
        #expect(parser.isStreetSide(tokens("1521 Masonic Avenue"), numbered: true))
        #expect(!parser.isStreetSide(tokens("Crissy Field"), numbered: false))
        #expect(!parser.isStreetSide(tokens("Pier 39"), numbered: false))
        #expect(!parser.isStreetSide(tokens("The Juice"), numbered: false))
    }

    @Test func avenueOfTheSomethingIsAStreet() {
        for text in ["Avenue of the Americas", "Ave of the Stars", "Avenue of the Palms", "AVENUE OF THE FINE ARTS"] {
            #expect(parser.isSuffixlessStreet(tokens(text)), "\(text)")
        }
        #expect(!parser.isSuffixlessStreet(tokens("Avenue of the")))
        #expect(!parser.isSuffixlessStreet(tokens("Avenue of Oaks")))
        #expect(!parser.isSuffixlessStreet(tokens("Avenue of the Great Green Trees")))
        let corner = parser.parse("Avenue of the Americas & W 42nd St")
        #expect(corner.kind == .intersection)
        #expect(corner.street == "Avenue Of The Americas")
        #expect(corner.cross?.display == "W 42nd St")
    }

    @Test func aMisspeltSuffixMakesAStreetSide() {
        #expect(parser.isStreetSide(tokens("Walter U Lum Plc"), numbered: false))
        #expect(!parser.isStreetSide(tokens("Walter U Lum Plaque"), numbered: false))
        #expect(parser.street(tokens("Walter U Lum Plc")).display == "Walter U Lum Pl")
        // One word is a name, whatever it looks like.
        #expect(parser.street(tokens("Plc")).display == "Plc")
    }

    @Test func directionalAndName() {
        for text in ["S. Van Ness", "South Van Ness"] {
            let street = parser.parse(text)
            #expect(street.kind == .street)
            #expect(street.preDir == "S")
            #expect(street.street == "Van Ness")
            #expect(street.suffix == nil)
        }
        #expect(parser.parse("West Harbor").kind == .place)
        #expect(parser.parse("North Beach").kind == .place)
        #expect(parser.parse("West side").kind == .place)
        #expect(parser.parse("West End").kind == .place)
        #expect(parser.parse("East Bay").kind == .place)
    }

    @Test func suffixlessStreetsWrittenWithASuffixWord() {
        let palms = parser.parse("Ave of the Palms")
        #expect(palms.kind == .street)
        #expect(palms.mainStreet?.key == "avenue of the palms")
        let island = parser.parse("Treasure Island, Building #1, Ave of the Palms")
        #expect(island.kind == .street)
        #expect(island.neighborhood == "Treasure Island")
        #expect(island.place == "Building #1")
        #expect(island.mainStreet?.nameKey == "avenue of the palms")
        let corner = parser.parse("26th Ave and El Camino Del mar")
        #expect(corner.kind == .intersection)
        #expect(corner.crossStreet == "El Camino Del Mar")
    }

    @Test func pluralSuffixFillsTheOtherStreet() {
        #expect(parser.street(tokens("Heron"), plural: "Aly").display == "Heron Aly")
        #expect(parser.sharedSuffix(tokens("Berwick Alleys")) == "Aly")
        #expect(parser.sharedSuffix(tokens("Berwick Alley")) == nil)
    }
}
