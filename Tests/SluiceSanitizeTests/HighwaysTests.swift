import Testing

@testable import SluiceSanitize

@Suite struct HighwaysTests {
    @Test func aNumberedRoadHasOneSpelling() {
        for (words, name) in [
            ("u s hwy 50", "US Highway 50"), ("us highway no 50", "US Highway 50"), ("highway 80", "Highway 80"),
            ("state highway no 33", "State Route 33"), ("sr 9", "State Route 9"), ("state route 9", "State Route 9"),
            ("county rd 12", "County Road 12"), ("cr 12", "County Road 12"), ("co rd 12", "County Road 12"), ("state rte 9", "State Route 9"),
            ("i 80", "Interstate 80"), ("rte 16", "Route 16"),
            ("highway 139 a", "Highway 139A"), ("u s 17 business", "US Highway 17 Business"),
            // A US route is one road however its type is written or left out; an interstate too.
            ("us 101", "US Highway 101"), ("us route 101", "US Highway 101"), ("us rte 66", "US Highway 66"),
            ("interstate highway 80", "Interstate 80"), ("i route 80", "Interstate 80"),
            // A state's routes are one numbering, however named; its code names them too.
            ("state hwy 1", "State Route 1"), ("state road 1", "State Route 1"), ("ca 1", "State Route 1"), ("tx 71", "State Route 71"),
            // Texas's farm and ranch roads.
            ("fm 1960", "FM 1960"), ("farm to market road 1960", "FM 1960"), ("fm rd 1960", "FM 1960"), ("rm 620", "RM 620"),
        ] {
            #expect(Highways.read(words.split(separator: " ").map(String.init))?.name == name, "\(words)")
        }
        #expect(Highways.read(["highway", "59", "north"])?.postDirectional == "N")
    }

    /// Wake County writes the type after the number (`US 70 HWY W`, `NC 55 HWY`, `42 HWY`) and a
    /// state's code before its type (`NC HWY 55`): the same roads as `US Hwy 70`, `NC 55`, `Hwy 42`
    /// (`42 HWY` was the street 42nd Hwy, and `US 70 HWY` a street apart from US Highway 70).
    @Test func theTypeAfterTheNumberOrAfterAStatesCode() {
        for (words, name) in [
            ("us 70 hwy w", "US Highway 70"), ("us 64 highway", "US Highway 64"), ("nc 55 hwy", "State Route 55"),
            ("nc hwy 55", "State Route 55"), ("nc highway 97", "State Route 97"), ("42 hwy", "Highway 42"), ("9 route", "Route 9"),
        ] {
            #expect(Highways.read(words.split(separator: " ").map(String.init))?.name == name, "\(words)")
        }
        #expect(Highways.read(["us", "70", "hwy", "w"])?.postDirectional == "W")
        // A house number before the road's is no part of it; a type alone names no road.
        #expect(Highways.read(["2950", "42", "hwy"]) == nil)
        #expect(Highways.read(["hwy"]) == nil)
        let parser = AddressParser()
        #expect(StreetNormalizer.normalize("NC 55 HWY").key == StreetNormalizer.normalize("NC 55").key)
        #expect(parser.parse("2950 42 HWY").street == "Highway 42")
        #expect(parser.parse("1470 US 70 HWY W").key == parser.parse("1470 US Hwy 70 W").key)
    }

    @Test func otherStreetsAndWordsAreNot() {
        for words in [
            "highway", "road 5", "county 12", "state 33", "i st", "highway 80 plaza", "route 66 diner", "main st", "ca", "zz 1", "farm to market",
            "or 6",
            "in 37",
            // A ZIP mistyped after its state's code, and Texas's private roads.
            "il 606001", "tx 75098", "pr 462",
        ] {
            #expect(Highways.read(words.split(separator: " ").map(String.init)) == nil, "\(words)")
        }
        #expect(Highways.isNumberedRoad("hwy 101") && Highways.isNumberedRoad("W US Highway 50"))
        #expect(!Highways.isNumberedRoad("hwy 101 n off ramp") && !Highways.isNumberedRoad("3rd st"))
    }

    /// A source's `I-80`, `US-101` (OpenAddresses, OpenStreetMap, TIGER) keys as the parser's
    /// reading of the same text does: before, the gazetteer held `i 80` and the records asked for
    /// `interstate 80`, and `100 US-101` found nothing on US Highway 101.
    @Test func aHyphenatedRoadKeysAsTheParserReadsIt() {
        let parser = AddressParser()
        for (written, key) in [("I-80", "interstate 80"), ("US-101", "us highway 101"), ("SR-37", "state route 37"), ("W I-80", "w interstate 80")] {
            #expect(StreetNormalizer.normalize(written).key == key, "\(written)")
            #expect(parser.parse("100 \(written)").key == "100 \(key)", "\(written)")
        }
        #expect(StreetNormalizer.normalize("US HIGHWAY 101").key == StreetNormalizer.normalize("US 101").key)
        #expect(StreetNormalizer.normalize("Jean-Baptiste St").name == "Jean-Baptiste")
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
