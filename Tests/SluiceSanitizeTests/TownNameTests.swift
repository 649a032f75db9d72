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

    /// Record fields write a town with its municipal title or its county in brackets (`Village
    /// of Essex`, `Essex (Baltimore County)`): the town, not a town no gazetteer covers.
    @Test func aTitleBeforeATownOrABracketAfterItIsNoPartOfItsName() {
        #expect(TownName.key("Village of Essex") == "essex")
        #expect(TownName.key("CITY OF TOWSON") == "towson")
        #expect(TownName.key("Town of Hempstead") == TownName.key("Hempstead"))
        #expect(TownName.key("Township of Lower Merion") == "lower merion")
        #expect(TownName.key("Essex (Baltimore County)") == "essex")
        #expect(TownName.key("Essex [MD]") == "essex")
        // A post office's name with its title, and nothing but the title or the bracket: as before.
        #expect(TownName.key("City of Industry") == "city of industry")
        #expect(TownName.key("Town of") == "town of")
        #expect(TownName.key("(Essex)") == "essex")
        #expect(TownName.key("Essex of Village") == "essex of village")
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
