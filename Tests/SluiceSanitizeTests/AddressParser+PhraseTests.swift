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

    /// A house number with its building's letter or half, as point-address files and usaddress's
    /// labels write it (`1047B`): read as the number, keyed in lower case.
    @Test func numbersWithALetterOrAHalf() {
        let numbers = [("522A Mission St", "522A"), ("35a Lundys Ln", "35A"), ("123-B Main St", "123-B"), ("2615 1/2 Gary Avenue", "2615 1/2")]
        for (text, number) in numbers {
            let address = parser.parse(text)
            #expect(address.kind == .streetAddress, "\(text)")
            #expect(address.number == number, "\(text)")
        }
        #expect(parser.parse("522A Mission St").key == "522a mission")
        #expect(parser.parse("123-B Main St").street == "Main")
        // Without a street's suffix it is a name; a letter apart is the street's (`A St`).
        #expect(parser.parse("4A Bakery").kind == .place)
        #expect(parser.parse("100 A St").street == "A")
        #expect(parser.parse("520-522A Mission St").numberTo == "522")
    }

    /// A building's letter written apart from its number, as Maryland's MBE directory writes
    /// `140 B CAPTAINS QUARTERS ROAD` and `10366 A DEMOCRACY LANE`: the number 140B on Captains
    /// Quarters Rd (it was the street `B Captains Quarters Rd`, which no gazetteer has).
    @Test func aBuildingsLetterApartFromItsNumber() {
        let apart = parser.parse("140 B CAPTAINS QUARTERS ROAD")
        #expect(apart.kind == .streetAddress && apart.number == "140B")
        #expect(apart.street == "Captains Quarters" && apart.suffix == "Rd")
        #expect(parser.parse("10366 A Democracy Ln").street == "Democracy")
        #expect(parser.parse("10366 A Democracy Ln").key == parser.parse("10366A Democracy Ln").key)
        // A directional, a street named by a letter, initials, an `O` and a corner's `x` as before.
        #expect(parser.parse("100 E Main St").preDir == "E")
        #expect(parser.parse("100 B St").street == "B")
        #expect(parser.parse("100 J F Kennedy Blvd").number == "100")
        #expect(parser.parse("100 O Farrell St").number == "100")
        #expect(parser.parse("100 B Street Rd").number == "100")
        // Without a street's suffix, nothing says which.
        #expect(parser.parse("100 B Captains Quarters").number != "100B")
    }

    /// A half joined to its number by a hyphen, as Cambridge's master address list writes it
    /// (`6-1/2 Acacia St`): the house 6 1/2, not a range from 6 to 1 on a street `2 Acacia St`.
    @Test func aHalfJoinedByAHyphen() {
        let half = parser.parse("6-1/2 Acacia St")
        #expect(half.kind == .streetAddress && half.number == "6 1/2" && half.numberTo == nil)
        #expect(half.street == "Acacia" && half.suffix == "St")
        #expect(half.key == parser.parse("6 1/2 Acacia St").key)
        // A range whose end is the half: `22-22 1/2` runs from 22 to 22 (the half a house between).
        let range = parser.parse("22-22 1/2 Sherman St")
        #expect(range.kind == .addressRange && range.number == "22" && range.street == "Sherman")
        // A range of whole numbers, and the letter of a building, as before.
        #expect(parser.parse("6-10 Acacia St").numberTo == "10")
        #expect(parser.parse("123-B Main St").number == "123-B")
    }

    /// Queens writes a house number as its block and house joined by a hyphen (`86-12 91 St`,
    /// NYC 311's Incident Address; `37-04 Roosevelt Ave`): one number, not a range from 86 down
    /// to 12. A second part that cannot end a range says so: a leading zero, no more than the
    /// first once expanded (`187-16`, not 187 to 116), or the other side of the street (`13-16`).
    @Test func aHyphenatedHouseNumberIsOneNumber() {
        for (text, number) in [
            ("86-12 91 St", "86-12"), ("37-04 Roosevelt Ave", "37-04"), ("187-16 120th Ave", "187-16"), ("13-16 31st Dr", "13-16"),
        ] {
            let parsed = parser.parse(text)
            #expect(parsed.kind == .streetAddress && parsed.number == number && parsed.numberTo == nil, "\(text)")
            #expect(parsed.notes.contains(Note.hyphenatedNumber), "\(text)")
        }
        #expect(parser.parse("86-12 91 St, Woodhaven, NY 11421").street == "91st")
        // Keyed as the geocoder reads it, so a record written without the hyphen is the same
        // address to `sluice-dedupe --key address.key`.
        #expect(parser.parse("86-12 91st St").key == "8612 91st")
        #expect(parser.parse("86-12 91st St").key == parser.parse("8612 91st Street").key)
        // Ranges as before: ascending on one side of the street, or abbreviated (`1158-70`).
        #expect(parser.parse("1158-70 Montgomery Street").numberTo == "1170")
        #expect(parser.parse("6-10 Acacia St").numberTo == "10")
        #expect(parser.parse("23-71 31st St").numberTo == "71")
        #expect(parser.parse("1200-1210 Main St").numberTo == "1210")
        #expect(!parser.parse("1158-70 Montgomery Street").notes.contains(Note.hyphenatedNumber))
    }

    /// Raleigh writes a suite after its building's number and a hyphen (`8320-120 Litchford Rd`,
    /// `4325-3000 Glenwood Ave`, Wake County's restaurants): a second number that cannot end a
    /// range from the first, nor is Queens' house, is the suite (it was a range down to 8120).
    @Test func aNumberThatCannotEndARangeIsTheSuite() {
        for (text, number, unit) in [
            ("8320-120 Litchford Rd", "8320", "#120"), ("4325-3000 Glenwood Ave", "4325", "#3000"), ("1839-200 S Main St", "1839", "#200"),
        ] {
            let parsed = parser.parse(text)
            #expect(parsed.kind == .streetAddress && parsed.number == number && parsed.numberTo == nil && parsed.unit == unit, "\(text)")
            #expect(parsed.notes.isEmpty, "\(text)")
        }
        #expect(parser.parse("8320-120 Litchford Rd").key == parser.parse("8320 Litchford Rd").key)
        // Ranges and Queens' numbers as before.
        #expect(parser.parse("1158-70 Montgomery Street").numberTo == "1170")
        #expect(parser.parse("7200-10 Kit Creek Rd").numberTo == "7210")
        #expect(parser.parse("86-12 91 St").number == "86-12")
    }

    /// A house number written as a decimal, as assessors' systems store it: `157.5 Fifth St` is
    /// the house 157 1/2, and `2001.0` (a column of numbers with gaps) is 2001; the fraction was
    /// read into the street's name (`5 5th St`).
    @Test func aDecimalHouseNumber() {
        let half = parser.parse("157.5 Fifth St")
        #expect(half.kind == .streetAddress && half.number == "157 1/2" && half.street == "5th" && half.suffix == "St")
        #expect(half.key == parser.parse("157 1/2 5th St").key)
        let whole = parser.parse("2001.0 Mission St")
        #expect(whole.number == "2001" && whole.street == "Mission")
        // Other fractions are no house's: left as they were.
        #expect(parser.parse("12.25 Main St").number != "12 1/2")
    }

    /// `One` spelled out before a street with its suffix is the building's number.
    @Test func oneSpelledOut() {
        let market = parser.parse("One Market Street")
        #expect(market.kind == .streetAddress && market.number == "1" && market.street == "Market")
        #expect(parser.parse("One S. Dearborn St.").number == "1")
        #expect(parser.parse("One Rincon Hill").kind == .place)
        #expect(parser.parse("One Market").kind == .place)
    }

    @Test func betweenWithOneEnd() {
        let address = parser.parse("Vallejo Street between Jones")
        #expect(address.kind == .intersection)
        #expect(address.notes == [Note.danglingBetween])
    }

    @Test func bSlashW() {
        #expect(parser.parse("Sacramento b/w Kearny and Montgomery").kind == .segment)
        let grant = parser.parse("Grant b/t Clay and Washington")
        #expect(grant.kind == .segment)
        #expect(grant.street == "Grant")
        #expect(grant.crossStreet == "Clay")
        #expect(grant.crossStreet2 == "Washington")
    }

    @Test func fromThroughOrADash() {
        let through = parser.parse("Polk St from Geary through Post")
        #expect(through.kind == .segment)
        #expect(through.crossStreet == "Geary")
        #expect(through.crossStreet2 == "Post")
        #expect(parser.parse("Polk St from Geary \u{2013} Post").crossStreet2 == "Post")
    }

    /// San Francisco's street-use permits name a block `STREET: END to END (LOW - HIGH)`, an end
    /// where several streets meet written `A \ B`, and the street's side after a dash: the block
    /// (it was the street alone, the rest left out, and the side read as the town West, TX).
    @Test func aStreetAColonAndTheBlocksEnds() {
        let block = parser.parse("18TH ST: DOLORES ST to CHURCH ST (3700 - 3799)")
        #expect(block.kind == .segment && block.street == "18th" && block.crossStreet == "Dolores St" && block.crossStreet2 == "Church St")
        let junction = parser.parse(#"10TH ST: FELL ST \ MARKET ST \ POLK ST to STEVENSON ST (1 - 18)"#)
        #expect(junction.kind == .segment && junction.crossStreet == "Fell St" && junction.crossStreet2 == "Stevenson St")
        let side = parser.parse("03RD ST: 24TH ST to 25TH ST (2800 - 2898) -- WEST --")
        #expect(side.kind == .segment && side.city == nil && side.place == nil && side.notes == [Note.streetSide])
        #expect(parser.parse("Main St: 1st Ave thru 2nd Ave").crossStreet2 == "2nd Ave")
        // A corner as the city's street network names one (its police incidents' `intersection`).
        let backslash = parser.parse(#"DR CARLTON B GOODLETT PL \ MCALLISTER ST"#)
        #expect(backslash.kind == .intersection && backslash.crossStreet == "Mcallister St")
        // One end, the word `intersection` after it: the corner.
        let corner = parser.parse(#"STOCKTON ST: 04TH ST \ ELLIS ST \ MARKET ST intersection"#)
        #expect(corner.kind == .intersection && corner.street == "Stockton" && corner.crossStreet == "4th St")
        // A place before the colon, or no `to` after it: as before.
        #expect(parser.parse("North Grosvenordale: 2399 Greenwich St").place == "N Grosvenordale")
        #expect(parser.parse("Pier 39: Dock A to Dock B").kind != .segment)
        // After a comma a direction alone may be the town (`West`, TX).
        #expect(parser.parse("100 Main St, West").city == "West")
    }

    /// A suite after a place's name (`Ferry Building Ste 50`, as business listings write it) is
    /// the unit, not part of the name (no place was found); a place's own number is not a suite.
    @Test func aSuiteAfterAPlace() {
        let ferry = parser.parse("Ferry Building Ste 50")
        #expect(ferry.kind == .place && ferry.place == "Ferry Building" && ferry.unit == "Ste 50")
        #expect(parser.parse("FIRST UNION TOWER STE 1400").place == "FIRST UNION TOWER")
        #expect(parser.parse("Coit Tower Rm 2").unit == "Rm 2")
        for text in ["Firestation #38", "Building #1", "Unit 42 Bar", "Pier 39"] {
            #expect(parser.parse(text).unit == nil, "\(text)")
        }
        #expect(parser.parse("Ferry Building Ste 50").clean == "Ferry Building, Ste 50")
    }

    @Test func lowercaseXJoinsACorner() {
        let corner = parser.parse("Mission x 24th")
        #expect(corner.kind == .intersection)
        #expect(corner.street == "Mission")
        #expect(corner.crossStreet == "24th")
        #expect(parser.parse("Malcolm X Academy").kind == .place)
    }

    @Test func intersectionOfWithAMisspeltSuffix() {
        let corner = parser.parse("Intersection of Clay St. and Walter U Lum Plc")
        #expect(corner.kind == .intersection)
        #expect(corner.street == "Clay")
        #expect(corner.crossStreet == "Walter U Lum Pl")
        let address = parser.parse("The End Up, 401 6th Streeet")
        #expect(address.street == "6th")
        #expect(address.suffix == "St")
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

    @Test func gluedNumberAndLetteredRangeEnd() {
        let glued = parser.parse("901/909Tennessee St.")
        #expect(glued.kind == .addressRange)
        #expect(glued.number == "901")
        #expect(glued.numberTo == "909")
        #expect(glued.street == "Tennessee")
        let lettered = parser.parse("520-522A Green Street at Grant Street")
        #expect(lettered.kind == .addressRange)
        #expect(lettered.number == "520")
        #expect(lettered.numberTo == "522")
        #expect(lettered.street == "Green")
        #expect(lettered.crossStreet == "Grant St")
    }

    @Test func aDashGluedToTheStreetEndsIt() {
        let jail = parser.parse("850 Bryant- 6th floor County Jail")
        #expect(jail.kind == .streetAddress)
        #expect(jail.number == "850")
        #expect(jail.street == "Bryant")
        #expect(jail.unit == "Fl 6")
        #expect(jail.place == "County Jail")
        // Without a number the dash stays inside the name.
        #expect(parser.parse("Embarcadero Street Station- BART").kind == .place)
        #expect(parser.parse("Muni line N- Judah").kind == .place)
    }

    @Test func atACornerOrABlock() {
        let bart = parser.parse("BART Station @ 16th Street & Mission Streets")
        #expect(bart.kind == .intersection)
        #expect(bart.place == "BART Station")
        #expect(bart.street == "16th")
        #expect(bart.crossStreet == "Mission St")
        let columbus = parser.parse("Columbus Avenue at Green & Stockton")
        #expect(columbus.kind == .segment)
        #expect(columbus.street == "Columbus")
        #expect(columbus.crossStreet == "Green")
        #expect(columbus.crossStreet2 == "Stockton")
        let hyde = parser.parse("Hyde St at Pacific to Washington St")
        #expect(hyde.kind == .segment)
        #expect(hyde.crossStreet == "Pacific")
        #expect(hyde.crossStreet2 == "Washington St")
        #expect(parser.parse("Mission at 1st and 2nd").kind == .segment)
        // `Jackson toward Grant` is no cross street: the corner stands.
        #expect(parser.parse("Stockton @ Jackson & Jackson toward Grant").kind != .segment)
    }

    @Test func nearAndAlong() {
        let under = parser.parse("Under Highway 101 (near Potrero and Cesar Chavez Streets)")
        #expect(under.kind == .intersection)
        #expect(under.street == "Potrero")
        #expect(under.crossStreet == "Cesar Chavez St")
        #expect(under.place == "Under Highway 101")
        let alley = parser.parse("Private alley along 20th St. between Tennessee and Minnesota")
        #expect(alley.kind == .segment)
        #expect(alley.place == "Private alley")
        #expect(alley.street == "20th")
        #expect(alley.crossStreet == "Tennessee")
        let harbor = parser.parse("Mission Creek Harbor along Channel St.")
        #expect(harbor.kind == .street)
        #expect(harbor.place == "Mission Creek Harbor")
        #expect(harbor.street == "Channel")
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
        // After a venue word, only a street with its suffix makes the number a house number.
        let police = parser.parse("Central Police Station 766 Vallejo Street")
        #expect(police.kind == .streetAddress)
        #expect(police.place == "Central Police Station")
        #expect(police.number == "766")
        #expect(police.street == "Vallejo")
        #expect(police.suffix == "St")
        #expect(parser.parse("Fire Station 38").kind == .place)
        #expect(parser.parse("Pier 70 Illinois St").kind != .streetAddress)
    }

    @Test func notACornerFallsThroughToTheOtherRules() {
        let address = parser.parse("Chaya / Perry's 132 Embarcadero")
        #expect(address.kind == .streetAddress)
        #expect(address.place == "Chaya / Perry's")
        #expect(address.number == "132")
        #expect(parser.parse("Broadway and Taylor St Intersection").crossStreet == "Taylor St")
        #expect(parser.parse("835-865 Market Street at 5th Street").crossStreet == "5th St")
    }

    /// A street whose name holds a venue word (`Lake`, `Park`, `Airport`) and ends in its suffix
    /// then its directional, as Seattle and Portland write them, is a street, not a place.
    @Test func aVenueWordBeforeTheSuffixAndItsDirectional() {
        let streets = [
            ("12345 Lake City Way NE", "Lake City", "Way", "NE"), ("300 Airport Way S", "Airport", "Way", "S"),
            ("100 Park Ave S", "Park", "Ave", "S"), ("2000 Lake Washington Blvd East", "Lake Washington", "Blvd", "E"),
        ]
        for (text, name, suffix, direction) in streets {
            let address = parser.parse(text)
            #expect(address.kind == .streetAddress, "\(text)")
            #expect(address.street == name && address.suffix == suffix && address.postDir == direction, "\(text)")
        }
        #expect(parser.parse("100 Park Ave").kind == .streetAddress)
        // Without a suffix before the directional the venue word still makes a place.
        #expect(parser.parse("39 Pier N").kind == .place)
    }

    @Test func numberedVenues() {
        #expect(parser.parse("5 Embarcadero Center").kind == .streetAddress)
        let landmark = parser.parse("1 Market St. Landmark Building")
        #expect(landmark.place == "Landmark Building")
        #expect(landmark.street == "Market")
    }
}
