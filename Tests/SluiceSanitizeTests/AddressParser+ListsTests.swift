import Testing

@testable import SluiceSanitize

/// Lists of house numbers on one street, and lists of streets.
@Suite struct AddressParserListsTests {
    let parser = AddressParser()

    @Test func houseNumbersOnOneStreet() {
        let rico = parser.parse("82 & 67 Rico Way (Marina District)")
        #expect(rico.kind == .streetAddress)
        #expect(rico.number == "82")
        #expect(rico.street == "Rico")
        #expect(rico.suffix == "Way")
        #expect(rico.neighborhood == "Marina")
        #expect(rico.alternatives.map(\.number) == ["82", "67"])
        #expect(rico.alternatives.map(\.street) == ["Rico", "Rico"])
        #expect(rico.notes == [Note.multipleLocations])
        let three = parser.parse("10, 12, and 14 Main St")
        #expect(three.alternatives.map(\.number) == ["10", "12", "14"])
        let center = parser.parse("1 & 2 Embarcadero Center")
        #expect(center.alternatives.map(\.key) == ["1 embarcadero center", "2 embarcadero center"])
    }

    @Test func numbersThatAreNoList() {
        // A range, a pier's numbers, a number with nothing after it.
        #expect(parser.parse("372/374 Pennsylvania Avenue").kind == .addressRange)
        #expect(parser.parse("Piers 1 & 3").alternatives.isEmpty)
        #expect(parser.parse("82 & 67").alternatives.isEmpty)
    }

    @Test func streetsWithoutSayingWhichCross() {
        let list = parser.parse("Sansome, Sacramento, and California")
        #expect(list.kind == .intersection)
        #expect(list.street == "Sansome")
        #expect(list.crossStreet == "Sacramento")
        #expect(list.alternatives.map(\.key) == ["sacramento & sansome", "california & sansome", "california & sacramento"])
        #expect(list.notes == [Note.multipleLocations, Note.streetList])
        #expect(parser.parse("Lombard, Hyde and Filbert").alternatives.count == 3)
    }

    @Test func listsThatAreNotStreets() {
        // Places, neighbourhoods, a segment after a comma, two names only.
        #expect(parser.parse("Fort Mason, Crissy Field, and Presidio").notes.contains(Note.streetList) == false)
        #expect(parser.parse("Mission, Castro, and Haight").notes.contains(Note.streetList) == false)
        #expect(parser.parse("Broadway, Between Franklin & Laguna Streets").kind == .segment)
        #expect(parser.parse("Lombard, Hyde").alternatives.isEmpty)
    }
}
