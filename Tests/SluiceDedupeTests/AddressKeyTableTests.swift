import Testing

@testable import SluiceDedupe

@Suite struct AddressKeyTableTests {
    func table(_ keys: [String]) -> AddressKeyTable {
        let table = AddressKeyTable()
        for key in keys { table.append(key) }
        return table
    }

    @Test func numberAndStreetApart() {
        let t = table(["1200 van ness", "1200 van nes", "1202 van ness", "1200a van ness", "1300 van ness", "1200 mission", "120 van ness"])
        #expect(t.count == 7)
        #expect(t.level(0, 1) == 2)  // same number, street close
        #expect(t.level(0, 2) == 3)  // same street, one digit off
        #expect(t.level(0, 3) == 3)  // same street, the letter differs
        #expect(t.level(0, 4) == 3)  // 1200 / 1300: one digit
        #expect(t.level(0, 5) == 5)  // same number, another street
        #expect(t.level(0, 6) == 4)  // same street, another number
    }

    @Test func keysWithoutANumberCompareWhole() {
        let t = table(["pier 39", "pier 39 k 106 b", "embarcadero center", "embarcadero centre", "california mason", "1 pier"])
        #expect(t.level(2, 3) == 2)  // close
        #expect(t.level(0, 1) == 5)
        #expect(t.level(0, 4) == 5)
        #expect(t.level(4, 5) == 5)  // a number on one side only
    }
}
