import Testing

@testable import SluiceSanitize

@Suite struct AddressParserRegionTests {
    let parser = AddressParser()

    @Test func cityStateZipWithAndWithoutCommas() {
        let commas = parser.parse("100 Gold Street, 2nd Fl., New York, NY 10038")
        #expect(commas.city == "New York")
        #expect(commas.state == "NY")
        #expect(commas.zip == "10038")
        #expect(commas.unit == "Fl 2")
        let bare = parser.parse("7810 JORDAN RD GLOUCESTER PT VA 23062-2222")
        #expect(bare.kind == .streetAddress)
        #expect(bare.street == "Jordan")
        #expect(bare.city == "GLOUCESTER PT")
        #expect(bare.zip == "23062-2222")
    }

    @Test func stateCodeNeedsZipOrCommaAndCapitals() {
        #expect(parser.parse("Tiburon Hiking Trail, Tiburon, CA").state == "CA")
        #expect(parser.parse("Mason Ct").state == nil)
        #expect(parser.parse("Soldotna, AK 99669").kind == .place)
    }
}
