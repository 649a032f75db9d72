import Testing

@testable import SluiceSanitize

/// Austin's food establishment inspection scores (City of Austin open data, copied in
/// jordannotjam/Foodie-City-Scores @ ebb5af4, 2023-03-19) export the address as Socrata's
/// location column writes it: the street, the town on the next line, then the point.
@Suite struct TrailingCoordinatesTests {
    let parser = AddressParser(city: "Austin", state: "TX")

    @Test func thePointAfterAnAddressIsNoPartOfIt() {
        let located = parser.parse("6555 BURNET RD\nAUSTIN, TX 78757\n(30.34132, -97.73801)")
        let plain = parser.parse("6555 BURNET RD\nAUSTIN, TX 78757")
        #expect(located.kind == .streetAddress)
        #expect(located.key == plain.key && located.key == "6555 burnet")
        #expect(located.zip == "78757" && located.state == "TX")
        #expect(located.alternatives.isEmpty)
        // The town on its own line is the town, not a word of the street's name.
        let rollingwood = parser.parse("2900 BEE CAVES RD\nROLLINGWOOD, TX 78746\n(30.27061, -97.79126)")
        #expect(rollingwood.key == "2900 bee caves")
        #expect(rollingwood.city == "ROLLINGWOOD" && rollingwood.zip == "78746")
    }

    @Test func onlyAPairOfCoordinatesLastIsLeftOut() {
        #expect(TrailingCoordinates.removed(from: "311 W 5TH ST (30.26804, -97.74639)") == "311 W 5TH ST")
        #expect(TrailingCoordinates.removed(from: "311 W 5th St (-33.9,151.2)") == "311 W 5th St")
        // Not coordinates: a number, a unit, a latitude out of range, words after the pair.
        for text in [
            "Pier 39 (Building 2, 3)", "100 Main St (Suite 4.5, 6.2 B)", "Cafe (95.1, -97.7)", "(30.1, -97.7) Cafe",
            "Zuni Cafe (1658 Market)", "", "(", "100 Main St (30.1, -97.7",
        ] {
            #expect(TrailingCoordinates.removed(from: text) == text, "\(text)")
        }
    }
}
