import Testing

@testable import SluiceDedupe

@Suite struct DigitTextTests {
    @Test func phonesKeepTheirDigits() {
        #expect(DigitText.phone("+1 (415) 555-0134") == "4155550134")
        #expect(DigitText.phone("14155550134") == "4155550134")
        #expect(DigitText.phone("555-0134") == "5550134")
        #expect(DigitText.phone("+44 20 7946 0958") == "442079460958")
        #expect(DigitText.phone("-9999") == nil)
        #expect(DigitText.phone("") == nil)
    }

    @Test func phoneLevels() {
        #expect(DigitText.phoneLevel("4155550134", "5550134") == 2)  // area code left out
        #expect(DigitText.phoneLevel("4155550134", "6505550134") == 2)  // another area code
        #expect(DigitText.phoneLevel("4155550134", "4155550143") == 3)  // two digits swapped
        #expect(DigitText.phoneLevel("4155550134", "4155559134") == 3)  // one digit wrong
        #expect(DigitText.phoneLevel("4155890134", "4158940134") == 4)  // only the last 4 agree
        #expect(DigitText.phoneLevel("4155550134", "4157771234") == 5)
    }

    @Test func houseNumbers() {
        #expect(DigitText.houseNumber("542A") == "542a")
        #expect(DigitText.houseNumber("#12") == "12")
        #expect(DigitText.houseNumber("12-14") == "12")
        #expect(DigitText.houseNumber("Pier") == nil)
        #expect(DigitText.houseNumberLevel("542", "542a") == 2)
        #expect(DigitText.houseNumberLevel("1243", "1234") == 3)
        #expect(DigitText.houseNumberLevel("1200", "1300") == 3)
        #expect(DigitText.houseNumberLevel("12", "1200") == 4)
        #expect(DigitText.houseNumberLevel("1200", "2100") == 3)  // swapped
        #expect(DigitText.houseNumberLevel("1200", "3400") == 4)
    }

    @Test func oneTypo() {
        #expect(DigitText.isOneTypo(Array("19081209".utf8), Array("19081290".utf8)))
        #expect(DigitText.isOneTypo(Array("abc".utf8), Array("abd".utf8)))
        #expect(!DigitText.isOneTypo(Array("abc".utf8), Array("abc".utf8)))
        #expect(!DigitText.isOneTypo(Array("abcd".utf8), Array("badc".utf8)))
        #expect(!DigitText.isOneTypo(Array("abc".utf8), Array("ab".utf8)))
        #expect(!DigitText.isOneTypo(Array("acb".utf8), Array("bca".utf8)))
    }
}
