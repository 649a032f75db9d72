import Testing

@testable import SluiceSanitize

@Suite struct HighwaysTests {
    @Test func aNumberedRoadHasOneSpelling() {
        for (words, name) in [
            ("u s hwy 50", "US Highway 50"), ("us highway no 50", "US Highway 50"), ("highway 80", "Highway 80"),
            ("state highway no 33", "State Highway 33"), ("sr 9", "State Route 9"), ("state route 9", "State Route 9"),
            ("county rd 12", "County Road 12"), ("cr 12", "County Road 12"), ("co rd 12", "County Road 12"), ("state rte 9", "State Route 9"),
            ("i 80", "Interstate 80"), ("rte 16", "Route 16"),
            ("highway 139 a", "Highway 139A"), ("u s 17 business", "US 17 Business"),
        ] {
            #expect(Highways.read(words.split(separator: " ").map(String.init))?.name == name, "\(words)")
        }
        #expect(Highways.read(["highway", "59", "north"])?.postDirectional == "N")
    }

    @Test func otherStreetsAndWordsAreNot() {
        for words in ["highway", "road 5", "county 12", "state 33", "i st", "highway 80 plaza", "route 66 diner", "main st"] {
            #expect(Highways.read(words.split(separator: " ").map(String.init)) == nil, "\(words)")
        }
        #expect(Highways.isNumberedRoad("hwy 101") && Highways.isNumberedRoad("W US Highway 50"))
        #expect(!Highways.isNumberedRoad("hwy 101 n off ramp") && !Highways.isNumberedRoad("3rd st"))
    }

    @Test func theParserReadsThemAsStreets() {
        let parser = AddressParser()
        let road = parser.parse("Highway 59 North, Detroit Lakes, MN 56501")
        #expect(road.kind == .street && road.street == "Highway 59" && road.mainStreet?.postDirectional == "N" && road.number == nil)
        let address = parser.parse("1101 U.S. Highway No. 130 North, Burlington, NJ 08016")
        #expect(address.kind == .streetAddress && address.number == "1101" && address.street == "US Highway 130")
        #expect(parser.parse("1234 West U.S. Hwy 50").key == parser.parse("1234 W US Highway 50").key)
        let corner = parser.parse("Highway 1 & Sloat Blvd")
        #expect(corner.kind == .intersection && corner.street == "Highway 1" && corner.crossStreet == "Sloat Blvd")
        #expect(parser.parse("Route 16").kind == .street)
    }
}
