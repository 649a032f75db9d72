import SluiceCore
import Testing

@testable import SluiceSanitize

/// One real SF Film Locations string per kind and per note.
@Suite struct AddressParserTests {
    let parser = AddressParser()

    @Test func streetAddress() {
        let address = parser.parse("766 Vallejo St.")
        #expect(address.kind == .streetAddress)
        #expect(address.number == "766")
        #expect(address.street == "Vallejo")
        #expect(address.suffix == "St")
        #expect(address.key == "766 vallejo")
        #expect(address.clean == "766 Vallejo St")
    }

    @Test func addressRangeAbbreviated() {
        let address = parser.parse("1158-70 Montgomery Street")
        #expect(address.kind == .addressRange)
        #expect(address.number == "1158")
        #expect(address.numberTo == "1170")
        #expect(address.notes == [Note.rangeAbbreviated])
        #expect(address.key == "1158-1170 montgomery")
        #expect(parser.parse("372/374 Pennsylvania Avenue").numberTo == "374")
    }

    @Test func blockRange() {
        let address = parser.parse("1400-1500 blocks of Haight St")
        #expect(address.kind == .addressRange)
        #expect(address.notes == [Note.blockRange])
        #expect(parser.parse("700 Block of Jackson Street (Chinatown)").number == "700")
    }

    /// A hundred block as police data hide the house number (`10XX W Howe St`; Chicago's
    /// `043XX S Western Ave`; Seattle's `45XX BLOCK OF RAINIER AVE S`), and `Blk` for block: they
    /// were streets named `10xx W Howe` and `Blk W Howe`, which no gazetteer has.
    @Test func hundredBlocksWrittenWithXAndBlk() {
        let x = parser.parse("10XX W Howe St")
        #expect(x.kind == .addressRange)
        #expect((x.number, x.numberTo) == ("1000", "1099"))
        #expect((x.preDir, x.street, x.suffix) == ("W", "Howe", "St"))
        #expect(x.notes == [Note.blockRange])
        let of = parser.parse("45XX BLOCK OF RAINIER AVE S")
        #expect((of.number, of.numberTo, of.street, of.postDir) == ("4500", "4599", "Rainier", "S"))
        #expect((parser.parse("043XX S Western Ave").number, parser.parse("043XX S Western Ave").numberTo) == ("4300", "4399"))
        let blk = parser.parse("1000 Blk W Howe St")
        #expect((blk.number, blk.preDir, blk.street) == ("1000", "W", "Howe"))
        #expect(blk.notes == [Note.blockRange])
        #expect(HouseNumber.hundredBlock("1xx")?.from == 100)
        #expect(HouseNumber.hundredBlock("xx") == nil)
        #expect(HouseNumber.hundredBlock("10x") == nil)
        #expect(HouseNumber.hundredBlock("10XXL") == nil)
    }

    /// A hundred block below 1000 (Chicago's `001XX N STATE ST`, `009XX N MICHIGAN AVE`: the
    /// blocks of downtown in its crimes' `Block`) is its range too: `100-199` was read as one
    /// hyphenated house number (Queens' `86-12`), key `100199 n state`, which no gazetteer has.
    @Test func aHundredBlockBelowAThousandIsARange() {
        for (text, from, to) in [("001XX N STATE ST", "100", "199"), ("009XX N MICHIGAN AVE", "900", "999"), ("1XX Main St", "100", "199")] {
            let block = parser.parse(text)
            #expect(block.kind == .addressRange && (block.number, block.numberTo) == (from, to), "\(text)")
            #expect(block.notes == [Note.blockRange], "\(text)")
        }
        #expect(parser.parse("001XX N STATE ST").key == "100-199 n state")
        // Queens' hyphenated numbers written out stay one number.
        #expect(parser.parse("86-12 91st St").notes.contains(Note.hyphenatedNumber))
    }

    @Test func intersectionsWithEveryConnector() {
        for text in ["Mason & California", "California and Mason", "Mason at California", "Mason @ California", "Mason/California"] {
            let address = parser.parse(text)
            #expect(address.kind == .intersection, "\(text)")
            #expect(address.key == "california & mason", "\(text)")
        }
        let corner = parser.parse("Mel's Drive-In (Corner South Van Ness & Mission St.)")
        #expect(corner.kind == .intersection)
        #expect(corner.place == "Mel's Drive-In")
        #expect(corner.preDir == "S")
    }

    @Test func sharedPluralSuffixAndNeighborhood() {
        let address = parser.parse("Mason & California Streets (Nob Hill)")
        #expect(address.kind == .intersection)
        #expect(address.street == "Mason")
        #expect(address.suffix == "St")
        #expect(address.crossStreet == "California St")
        #expect(address.neighborhood == "Nob Hill")
        #expect(address.notes == [Note.sharedSuffix])
    }

    @Test func segmentBetweenAndFromTo() {
        let between = parser.parse("Montgomery Street between Green and Union")
        #expect(between.kind == .segment)
        #expect(between.crossStreet == "Green")
        #expect(between.crossStreet2 == "Union")
        #expect(between.key == "montgomery between green & union")
        let fromTo = parser.parse("Jackson St. from Mason St. to Powell St.")
        #expect(fromTo.kind == .segment)
        #expect(fromTo.crossStreet2 == "Powell St")
        #expect(parser.parse("Grant Ave btwn Clay and Jackson").kind == .segment)
        #expect(parser.parse("Embarcadero between Market to Fillmore St").crossStreet2 == "Fillmore St")
    }

    @Test func danglingBetween() {
        let address = parser.parse("Davis Street between")
        #expect(address.kind == .street)
        #expect(address.notes == [Note.danglingBetween])
    }

    @Test func street() {
        let address = parser.parse("Lombard Street")
        #expect(address.kind == .street)
        #expect(address.key == "lombard")
        #expect(parser.parse("The Embarcadero").street == "Embarcadero")
        #expect(parser.parse("Balmy Alley").suffix == "Aly")
    }

    @Test func places() {
        for text in ["Golden Gate Bridge", "Randall Museum", "Pier 14", "City Hall", "Vallejo Street Garage"] {
            let address = parser.parse(text)
            #expect(address.kind == .place, "\(text)")
            #expect(address.place == text, "\(text)")
        }
        let pier = parser.parse("Pier 14 San Francisco")
        #expect(pier.place == "Pier 14")
        #expect(pier.city == "San Francisco")
    }

    @Test func placeWithAddress() {
        let parenthetical = parser.parse("Epic Roasthouse (399 Embarcadero)")
        #expect(parenthetical.kind == .streetAddress)
        #expect(parenthetical.place == "Epic Roasthouse")
        #expect(parenthetical.notes == [Note.parentheticalAddress])
        let comma = parser.parse("Capital Restaurant, 839 Clay Street")
        #expect(comma.place == "Capital Restaurant")
        #expect(comma.number == "839")
        #expect(comma.notes.isEmpty)
        let both = parser.parse("Fairmont Hotel (950 Mason Street, Nob Hill)")
        #expect(both.neighborhood == "Nob Hill")
        #expect(both.clean == "Fairmont Hotel, 950 Mason St, Nob Hill")
    }

    @Test func cornerKeptFromOutsideParentheses() {
        let address = parser.parse("20th St and Church (3885 20th St)")
        #expect(address.kind == .streetAddress)
        #expect(address.number == "3885")
        #expect(address.crossStreet == "Church")
    }

    @Test func streetInParenthesesAfterPlace() {
        let address = parser.parse("St. Paul's Church (Church Street, Noe Valley)")
        #expect(address.kind == .street)
        #expect(address.place == "St Paul's Church")
        #expect(address.street == "Church")
        #expect(address.neighborhood == "Noe Valley")
    }

    @Test func multipleLocations() {
        let semicolon = parser.parse("Vallejo Street Garage; 766 Vallejo St.")
        #expect(semicolon.alternatives.map(\.kind) == [.place, .streetAddress])
        #expect(semicolon.notes.contains(Note.multipleLocations))
        #expect(semicolon.clean == "Vallejo Street Garage; 766 Vallejo St")
        let and = parser.parse("Hyde St. at Greenwich and Hyde St. at Lombard")
        #expect(and.alternatives.count == 2)
        #expect(and.alternatives[1].key == "hyde & lombard")
        let comma = parser.parse("Bush between Jones and Powell, Mason between Pine and Sutter")
        #expect(comma.alternatives.map(\.kind) == [.segment, .segment])
        #expect(parser.parse("20th and Folsom Streets").alternatives.isEmpty)
        let slash = parser.parse("415 Lyon St/355 Lyon St")
        #expect(slash.alternatives.map(\.key) == ["415 lyon", "355 lyon"])
        // A slash between corners joins streets, not locations.
        #expect(parser.parse("North Beach: Kearny/Vallejo, Kearny/Broadway, Broadway/Columbus").alternatives.count == 3)
        #expect(parser.parse("Sacramento b/w Kearny and Montgomery").alternatives.isEmpty)
        #expect(parser.parse("2615 1/2 Gary Avenue, Dodge City, KS 67801").alternatives.isEmpty)
    }

    @Test func aTownAfterTheLastLocationIsTheListsTown() {
        // Was city nil for the first (the record's own address), so another town's gazetteer placed it.
        let list = parser.parse("300 E Liberty St and 600 E Liberty St, Ypsilanti, MI 48197")
        #expect(list.alternatives.map(\.city) == ["Ypsilanti", "Ypsilanti"])
        #expect(list.city == "Ypsilanti" && list.state == "MI" && list.zip == "48197")
        #expect(parser.parse("300 E Liberty St; 310 E Liberty St, Ann Arbor MI").alternatives.map(\.state) == ["MI", "MI"])
        // Each location naming its own keeps it; --city stands in only where the text names none.
        let two = parser.parse("100 Main St, Seattle, WA; 200 Main St, Boston, MA")
        #expect(two.alternatives.map(\.city) == ["Seattle", "Boston"])
        let portland = AddressParser(city: "Portland", state: "OR")
        #expect(portland.parse("100 Main St; 200 Main St, Salem").alternatives.map(\.city) == ["Salem", "Salem"])
    }

    @Test func theLastOfAListAfterAComma() {
        let front = parser.parse("Mission St., Embarcadero, and Front between Clay and Market")
        #expect(front.kind == .segment)
        #expect(front.street == "Front")
        #expect(front.crossStreet == "Clay")
    }

    @Test func noneAndJunk() {
        #expect(parser.parse("").notes == [Note.empty])
        #expect(parser.parse("   ").kind == .none)
        #expect(parser.parse(" - ; ").notes == [Note.empty])
        #expect(parser.parse("???").notes == [Note.noLocation])
        let long = parser.parse(String(repeating: "Market Street ", count: 100))
        #expect(long.kind == .none)
        #expect(long.notes == [Note.tooLong])
        #expect(parser.parse("2084").kind == .unparsed)
    }

    @Test func hostileTextPassesSafely() {
        let control = parser.parse("Mason\u{0}St\u{7}")
        #expect(control.notes.contains(Note.controlCharacters))
        #expect(control.street == "Mason")
        #expect(parser.parse("東京タワー").kind == .place)
        #expect(parser.parse("🎬 Pier 39 🎬").kind == .place)
        #expect(parser.parse("Golden Gate Bridge (").notes == [Note.unbalancedParenthesis])
        #expect(parser.parse(String(repeating: "(", count: 500)).kind == .none)
    }

    @Test func defaultCityAndState() {
        let located = AddressParser(city: "San Francisco", state: "CA").parse("Mason & California")
        #expect(located.city == "San Francisco")
        #expect(located.state == "CA")
        #expect(AddressParser(city: "San Francisco", state: "CA").parse("").city == nil)
    }

    @Test func extraLocationNoted() {
        let address = parser.parse("Huntington Park, Pine/Kearny, Bush/Hyde")
        #expect(address.notes.contains(Note.extraLocation))
    }

    @Test func keysFoldSpellings() {
        #expect(parser.parse("3rd St").key == parser.parse("Third Street").key)
        #expect(parser.parse("3RD ST.").key == "3rd")
        #expect(parser.parse("St. Francis Blvd").key != parser.parse("Street Francis Blvd").key)
    }
}
