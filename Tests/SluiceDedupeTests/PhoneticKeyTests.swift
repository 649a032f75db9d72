import Testing

@testable import SluiceDedupe

@Suite struct PhoneticKeyTests {
    @Test func soundexStandardCodes() {
        #expect(PhoneticKey.soundex("robert") == "r163")
        #expect(PhoneticKey.soundex("rupert") == "r163")
        #expect(PhoneticKey.soundex("ashcraft") == "a261")
        #expect(PhoneticKey.soundex("tymczak") == "t522")
        #expect(PhoneticKey.soundex("lee") == "l000")
        #expect(PhoneticKey.soundex("") == nil)
        #expect(PhoneticKey.soundex("123") == nil)
    }

    @Test func soundexUsesTheFirstWord() {
        #expect(PhoneticKey.soundex("mason st") == PhoneticKey.soundex("mason"))
    }

    @Test func metaphoneLiteGroupsSpellings() {
        #expect(PhoneticKey.metaphoneLite("catherine") == PhoneticKey.metaphoneLite("kathryn"))
        #expect(PhoneticKey.metaphoneLite("philip") == PhoneticKey.metaphoneLite("filip"))
        #expect(PhoneticKey.metaphoneLite("smith") != PhoneticKey.metaphoneLite("jones"))
        #expect(PhoneticKey.metaphoneLite("") == nil)
    }
}
