import Testing

@testable import SluiceSanitize

@Suite struct TownNameTests {
    @Test func spellingsOfOneTownShareAKey() {
        #expect(TownName.key("St. Paul") == "saint paul")
        #expect(TownName.key("Saint Paul") == TownName.key("ST PAUL"))
        #expect(TownName.key("Winston-Salem") == TownName.key("winston salem"))
        #expect(TownName.key("  San   Francisco ") == "san francisco")
        #expect(TownName.key("Mt. Vernon") == TownName.key("Mount Vernon"))
    }

    @Test func sanFranciscosSpellingsAreSanFrancisco() {
        for spelling in ["SF", "S.F.", "sf", "San Fransisco", "SAN FRANCISCO"] { #expect(TownName.key(spelling) == "san francisco", "\(spelling)") }
        #expect(TownName.key("South San Francisco") != "san francisco")
    }

    @Test func aDirectionBeforeATownNamesAPartOfIt() {
        #expect(TownName.partKey("East Cambridge") == "cambridge")
        #expect(TownName.partKey("N. St. Paul") == "saint paul")
        #expect(TownName.partKey("Cambridge") == nil)
        #expect(TownName.partKey("East") == nil)
    }

    @Test func differentTownsDiffer() {
        #expect(TownName.key("Portland") != TownName.key("Portage"))
        #expect(TownName.key("") == "")
    }
}
