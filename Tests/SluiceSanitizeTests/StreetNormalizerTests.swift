import Testing

@testable import SluiceSanitize

@Suite struct StreetNormalizerTests {
    @Test func spelledOutAndAbbreviatedOrdinalsAgree() {
        let third = StreetNormalizer.normalize("Third Street")
        #expect(third == StreetNormalizer.normalize("3RD ST."))
        #expect(third.key == "3rd st")
        #expect(third.nameKey == "3rd")
        #expect(third.name == "3rd")
        #expect(third.suffix == "St")
    }

    @Test func gazetteerZeroPaddedOrdinal() {
        #expect(StreetNormalizer.normalize("03RD ST").key == "3rd st")
        #expect(StreetNormalizer.normalize("01ST ST").name == "1st")
        #expect(StreetNormalizer.normalize("Twenty-Fourth Street").key == "24th st")
        #expect(StreetNormalizer.normalize("Twenty Fourth St").key == "24th st")
    }

    /// New York's numbered streets are written bare (`164 STREET`, `W 34 ST`: NYC 311's and HPD's
    /// files) as often as with their ordinal (`164th St`): one key, so either finds the other.
    @Test func bareNumberedStreetIsItsOrdinal() {
        #expect(StreetNormalizer.normalize("164 STREET").key == "164th st")
        #expect(StreetNormalizer.normalize("164 STREET") == StreetNormalizer.normalize("164th St"))
        #expect(StreetNormalizer.normalize("31 AVENUE").key == "31st ave")
        #expect(StreetNormalizer.normalize("W 34 ST").key == "w 34th st")
        #expect(StreetNormalizer.normalize("02 Ave").name == "2nd")
        // Without a suffix a number is not a street's name (`Pier 39`, `200 South` stay as written).
        #expect(StreetNormalizer.normalize("Pier 39").key == "pier 39")
        #expect(StreetNormalizer.normalize("200 South").key == "200 s")
        #expect(StreetNormalizer.normalize("Beach 56 Place").key == "beach 56 pl")
    }

    /// Queens' turnpikes, spelled out in NYC's files (`187-05 UNION TURNPIKE`, DoITT's Wi-Fi
    /// hotspots) and abbreviated by people (`Union Tpke`): one street.
    @Test func turnpikeIsASuffix() {
        #expect(StreetNormalizer.normalize("UNION TURNPIKE").key == "union tpke")
        #expect(StreetNormalizer.normalize("UNION TURNPIKE") == StreetNormalizer.normalize("Union Tpke"))
        #expect(AddressParser().parse("256-04 Union Tpke Apt 2, Glen Oaks, NY 11004").street == "Union")
    }

    /// Salt Lake City's grid streets, spelled out or abbreviated, are one key.
    @Test func gridStreetDirectionIsAbbreviated() {
        let street = StreetNormalizer.normalize("East 200 South")
        #expect(street.key == "e 200 s" && street.preDirectional == "E" && street.name == "200 S")
        #expect(StreetNormalizer.normalize("S 1300 EAST").key == StreetNormalizer.normalize("S 1300 E").key)
        #expect(StreetNormalizer.normalize("200 West").key == "200 w")
        // A named street keeps its spelled-out direction.
        #expect(StreetNormalizer.normalize("Buena Vista West").name == "Buena Vista West")
        let parsed = AddressParser().parse("455 East 200 South")
        #expect(parsed.number == "455" && parsed.preDir == "E" && parsed.street == "200 S")
    }

    @Test func leadingStIsSaint() {
        let street = StreetNormalizer.normalize("St. Francis Blvd")
        #expect(street.name == "Saint Francis")
        #expect(street.suffix == "Blvd")
        #expect(street.key == "saint francis blvd")
        #expect(StreetNormalizer.normalize("SAINT FRANCIS BLVD") == street)
    }

    @Test func leadingAveIsAvenue() {
        #expect(StreetNormalizer.normalize("Ave of the Palms").key == "avenue of the palms")
        #expect(StreetNormalizer.normalize("AVENUE OF THE PALMS").key == "avenue of the palms")
        #expect(StreetNormalizer.normalize("Av. B").name == "Avenue B")
        // A lettered avenue after its directional: `S Avenue N` is South Avenue N.
        #expect(
            StreetNormalizer.normalize("S AVENUE N") == NormalizedStreet(preDirectional: "S", name: "Avenue N", suffix: nil, postDirectional: nil))
        #expect(StreetNormalizer.normalize("W Ave J").key == "w avenue j")
        #expect(StreetNormalizer.normalize("S Ave W").postDirectional == "W")
        // A suffix at the end stays one.
        #expect(StreetNormalizer.normalize("Grand Ave").suffix == "Ave")
    }

    @Test func bareNameHasNoSuffix() {
        let mason = StreetNormalizer.normalize("MASON")
        #expect(mason.key == "mason")
        #expect(mason.nameKey == "mason")
        #expect(mason.suffix == nil)
        #expect(mason.name == "Mason")
    }

    @Test func apostropheKeptInNameDroppedFromKey() {
        let street = StreetNormalizer.normalize("O'FARRELL ST")
        #expect(street.name == "O'Farrell")
        #expect(street.key == "ofarrell st")
    }

    @Test func theEmbarcaderoIsEmbarcadero() {
        let street = StreetNormalizer.normalize("THE EMBARCADERO")
        #expect(street.name == "Embarcadero")
        #expect(street.key == "embarcadero")
        #expect(street == StreetNormalizer.normalize("Embarcadero"))
    }

    @Test func directionals() {
        let south = StreetNormalizer.normalize("SOUTH VAN NESS AVE")
        #expect(south.preDirectional == "S")
        #expect(south.name == "Van Ness")
        #expect(south.key == "s van ness ave")
        #expect(StreetNormalizer.normalize("North Point St").name == "North Point")
        #expect(StreetNormalizer.normalize("MISSION BAY BLVD NORTH").postDirectional == "N")
        #expect(StreetNormalizer.normalize("SOUTH DR").name == "South")
        // A one-letter directional before a name that is a suffix word is still a directional.
        let pike = StreetNormalizer.normalize("E Pike St")
        #expect(pike.preDirectional == "E")
        #expect(pike.name == "Pike")
        #expect(StreetNormalizer.normalize("W Park Ave").key == "w park ave")
        #expect(StreetNormalizer.normalize("West Park Ave").name == "West Park")
    }

    @Test func quadrantSplitAtItsPeriodsIsOneDirectional() {
        let before = StreetNormalizer.normalize("S.W. 5th Ave.")
        #expect(before.preDirectional == "SW")
        #expect(before.name == "5th")
        #expect(StreetNormalizer.normalize("S. W. Smith St") == StreetNormalizer.normalize("SW Smith St"))
        #expect(StreetNormalizer.normalize("5th Ave S.W.").postDirectional == "SW")
        #expect(StreetNormalizer.normalize("N W 5th").key == "nw 5th")
        // A letter street keeps its letter: North E Street, South E Street.
        let letter = StreetNormalizer.normalize("N. E. Street")
        #expect(letter.preDirectional == "N")
        #expect(letter.name == "E")
        #expect(StreetNormalizer.normalize("S E St").name == "E")
        // East-west then north-south is no quadrant.
        #expect(StreetNormalizer.normalize("E N Smith St").preDirectional == "E")
    }

    /// `So` after a street's type is South (`1000 1st Ave. So.`, Seattle): it was read into the
    /// name, `1st Ave So`, and the geocoder looked on 1st Ave, another street 1 km off.
    /// Before a name it stays a word.
    @Test func soAfterTheStreetTypeIsSouth() {
        let street = StreetNormalizer.normalize("1st Ave. So.")
        #expect(street.postDirectional == "S")
        #expect(street.suffix == "Ave")
        #expect(street.key == StreetNormalizer.normalize("1st Ave S").key)
        #expect(StreetNormalizer.normalize("Rainier Avenue So").key == "rainier ave s")
        #expect(StreetNormalizer.normalize("So Good St").preDirectional == nil)
        #expect(StreetNormalizer.normalize("Avenue So").postDirectional == nil)
    }

    /// Martin Luther King Jr's streets, as address files and records write them: Seattle's own
    /// points say `M L King Jr Way S` (Seattle Fire 911 calls, data.seattle.gov), a licence
    /// `Martin Luther King Jr Way S`; the geocoder found no such street.
    @Test func martinLutherKingHasOneKey() {
        let key = StreetNormalizer.normalize("M L King Jr Way S").key
        #expect(key == "martin luther king jr way s")
        for text in [
            "Martin Luther King Jr Way S", "Martin Luther King Jr. Way South", "MLK Jr Way S", "ML King Jr Way S",
            "M.L.K. Way S", "Martin Luther King Way S", "Dr Martin Luther King Jr Way S", "Martin L King Jr Way S",
        ] {
            #expect(StreetNormalizer.normalize(text).key == key, "\(text)")
        }
        #expect(StreetNormalizer.normalize("Dr. M.L. King Jr. Blvd.").key == "martin luther king jr blvd")
        // Other Kings keep their names.
        #expect(StreetNormalizer.normalize("King St").key == "king st")
        #expect(StreetNormalizer.normalize("Martin St").key == "martin st")
        #expect(StreetNormalizer.normalize("Luther King Rd").key == "luther king rd")
    }

    @Test func mixedCaseKeptSuffixAloneIsName() {
        #expect(StreetNormalizer.normalize("McAllister Street").name == "McAllister")
        #expect(StreetNormalizer.normalize("Street").name == "Street")
        #expect(StreetNormalizer.normalize("Avenue").suffix == nil)
        #expect(StreetNormalizer.normalize("").key == "")
    }
}
