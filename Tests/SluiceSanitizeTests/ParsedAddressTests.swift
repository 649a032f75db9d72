import SluiceCore
import Testing

@testable import SluiceSanitize

@Suite struct ParsedAddressTests {
    let parser = AddressParser()

    @Test func keyPerKind() {
        #expect(parser.parse("1153-57 Taylor Street").key == "1153-1157 taylor")
        #expect(parser.parse("Broadway btwn Polk and Kearny").key == "broadway between kearny & polk")
        #expect(parser.parse("Golden Gate Bridge").key == "golden gate bridge")
        #expect(parser.parse("").key == nil)
        #expect(parser.parse("303-305 S. Van Ness").key == "303-305 s van ness")
    }

    @Test func cleanPerKind() {
        #expect(parser.parse("1465 Revere Avenue between Keith and Jennings").clean == "1465 Revere Ave between Keith and Jennings")
        #expect(parser.parse("100 Market Street at 6th Street").clean == "100 Market St at 6th St")
        #expect(parser.parse("Castro District").clean == "Castro District")
        #expect(parser.parse("2084").clean == "2084")
        #expect(parser.parse("Tiburon Hiking Trail, Tiburon, CA").clean == "Tiburon Hiking Trl, Tiburon, CA")
    }

    @Test func joinedKeepsEmptyPartsAndSkipsMissingOnes() {
        #expect(ParsedAddress.joined(nil, nil, separator: " ") == "")
        #expect(ParsedAddress.joined("a", nil, "", "b", separator: ", ") == "a, , b")
        #expect(ParsedAddress.joined(nil, "a", separator: " & ") == "a")
    }
}
