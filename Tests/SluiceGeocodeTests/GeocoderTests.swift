import Testing

@testable import SluiceGeocode

/// One test per rule of the cascade, on real rows around Mason & California.
@Suite struct GeocoderTests {
    let geocoder: Geocoder

    init() throws { geocoder = Geocoder(try TinyGazetteer.load()) }

    func best(_ text: String) -> GeoMatch? { geocoder.geocode(GeocodeQuery.reading(text)).first }

    @Test func exactPointAddress() throws {
        let match = try #require(best("950 California Street"))
        #expect(match.precision == .address)
        #expect(match.method == "address_point")
        #expect(match.point == GeoPoint(lat: 37.79204, lon: -122.41006))
        #expect(match.score == GeocodeScore.addressPoint)
    }

    @Test func betweenListedAddressesOnTheSameSide() throws {
        // 970 lies between the listed even numbers 950 and 990.
        let match = try #require(best("970 California St"))
        #expect(match.precision == .interpolated)
        #expect(match.method == "between_addresses")
        let point = try #require(match.point)
        #expect(abs(point.lat - 37.79197) < 0.00001)
    }

    @Test func interpolatedOnTheCorrectSide() throws {
        // 820 (even) is on the right of block 8810000, which runs north: east of the line.
        let match = try #require(best("820 Mason St"))
        #expect(match.precision == .interpolated)
        #expect(match.method == "interpolated")
        #expect(match.matched == "820 mason st (block 8810000)")
        let odd = try #require(best("821 Mason St")?.point)
        let point = try #require(match.point)
        #expect(point.lon > odd.lon)
        #expect(point.distance(to: odd) > 10 && point.distance(to: odd) < 20)
    }

    @Test func pastTheRangesTakesTheNearestBlockEnd() throws {
        let match = try #require(best("950 Mason St"))
        #expect(match.method == "nearest_block")
        #expect(match.score < 0.6)
        #expect(best("1200 Mason St")?.precision == .street)
    }

    /// A street known only by its address points (an OpenAddresses file alone) whose listed
    /// numbers are far apart. Real rows: Seattle Fire 911 calls (data.seattle.gov, via
    /// DanielSebring/visualization_software), E Pine St at 606 and 1410; `620 E Pine St` is 15 m
    /// from 606. It was the street's centre, the point of 1410, 762 m off, at 0.65.
    static func pointsOnlyPine() -> Gazetteer {
        pointsOnly([("e pine st", 606, 47.615225, -122.324408), ("e pine st", 1410, 47.615283, -122.314091)])
    }

    static func pointsOnly(_ points: [(street: String, number: Int, lat: Double, lon: Double)]) -> Gazetteer {
        PointsOnlyGazetteer.make(points)
    }

    @Test func aNumberWithinABlockOfAListedOneIsThere() throws {
        let geocoder = Geocoder(Self.pointsOnlyPine())
        let match = try #require(geocoder.geocode(GeocodeQuery.reading("620 E Pine St")).first)
        #expect(match.precision == .interpolated)
        #expect(match.method == "nearest_address")
        #expect(match.matched == "620 e pine st (near 606)")
        #expect(match.point == GeoPoint(lat: 47.615225, lon: -122.324408))
        #expect(match.score == GeocodeScore.nearestAddress)
    }

    /// On a numbered road the nearest listed number is a poorer guess: its numbers run further
    /// apart than a town's blocks (held out, 85 of 121 such answers within 250 m, against 5,258
    /// of 5,599 on other streets). Real rows: Austin's restaurant inspections
    /// (jordannotjam/Foodie-City-Scores), `13497 N US 183 HWY` 404 m from 13492, and `8023
    /// BURNET RD` 107 m from 8000.
    @Test func aNumberNearAListedOneOnANumberedRoadIsLessSure() throws {
        let geocoder = Geocoder(
            Self.pointsOnly([("n us highway 183", 13492, 30.44925, -97.79013), ("burnet rd", 8000, 30.35857, -97.73094)]))
        let highway = try #require(geocoder.geocode(GeocodeQuery.reading("13497 N US 183 Hwy")).first)
        #expect(highway.method == "nearest_address" && highway.matched == "13497 n us highway 183 (near 13492)", "\(highway.matched)")
        #expect(highway.score == GeocodeScore.nearestAddressOnHighway)
        #expect(highway.score < 0.8)
        let street = try #require(geocoder.geocode(GeocodeQuery.reading("8023 Burnet Rd")).first)
        #expect(street.method == "nearest_address" && street.matched == "8023 burnet rd (near 8000)", "\(street.matched)")
        #expect(street.score == GeocodeScore.nearestAddress)
    }

    /// A range's end written after its first number with a space (`1094 96 DWIGHT WY`, `1834 40
    /// EUCLID AVE`: 6 of Berkeley's 751 restaurant inspections) was read as the start of the
    /// street's name, which no gazetteer has: no answer. Where the gazetteer lacks the street so
    /// named and has the rest, the rest is the street (`+range_in_name`); a street named with a
    /// number is still found as named, and a number that cannot end the range starts the name.
    @Test func aRangesEndBeforeTheNameIsNoPartOfIt() throws {
        let geocoder = Geocoder(
            Self.pointsOnly([
                ("euclid ave", 1828, 37.875765, -122.260279), ("euclid ave", 1862, 37.875424, -122.260209),
                ("10 mile rd", 24500, 42.4730, -83.2500), ("mile rd", 24500, 40.0, -80.0),
            ]))
        let euclid = try #require(geocoder.geocode(GeocodeQuery.reading("1834 40 Euclid Ave")).first)
        #expect(euclid.precision == .interpolated && euclid.method == "between_addresses+range_in_name", "\(euclid.method)")
        #expect(try #require(euclid.point).distance(to: GeoPoint(lat: 37.875525, lon: -122.26023)) < 50)
        #expect(try #require(geocoder.geocode(GeocodeQuery.reading("24510 10 Mile Rd")).first).matched.hasPrefix("24510 10 mile rd"))
        #expect(Geocoder.nameAfterRangeEnd("96 Dwight Way", number: 1094) == "Dwight Way")
        #expect(Geocoder.nameAfterRangeEnd("07 College Ave", number: 3201) == "College Ave")
        #expect(Geocoder.nameAfterRangeEnd("125 Berkeley Sq", number: 124) == "Berkeley Sq")
        for (street, number) in [("91 St", 86), ("10 Mile Rd", 24), ("40 Euclid Ave", 1894), ("Dwight Way", 1094), ("12 91 St", 86)] {
            #expect(Geocoder.nameAfterRangeEnd(street, number: number) == nil, "\(street) \(number)")
        }
    }

    /// A hyphenated number whose digits joined no address of the street has (`222-117 Glenwood
    /// Ave`, Raleigh's building 222 and its suite) is the building at its first part
    /// (`+suite_after_hyphen`, x0.95); Queens' `86-12`, listed as 8612, is found as before.
    @Test func aSuiteAfterAHyphenIsTheBuildingsWhereTheJoinedNumberIsNone() throws {
        let geocoder = Geocoder(
            Self.pointsOnly([
                ("glenwood ave", 222, 35.78464, -78.64507), ("glenwood ave", 230, 35.7849, -78.6451),
                ("91st st", 8612, 40.6935, -73.8512), ("91st st", 86, 40.0, -73.0),
            ]))
        let suite = try #require(geocoder.geocode(GeocodeQuery.reading("222-117 Glenwood Ave")).first)
        #expect(suite.precision == .address && suite.method == "address_point+suite_after_hyphen", "\(suite.method)")
        #expect(suite.point == GeoPoint(lat: 35.78464, lon: -78.64507))
        #expect(suite.score == GeocodeScore.addressPoint * GeocodeScore.streetTrimmed)
        let queens = try #require(geocoder.geocode(GeocodeQuery.reading("86-12 91st St")).first)
        #expect(queens.method == "address_point" && queens.point == GeoPoint(lat: 40.6935, lon: -73.8512))
    }

    /// A town's one directional written on the other side of the name (`1004 50th St NE` for
    /// Seattle's NE 50th St, whose avenues carry it after, its streets before) is the same
    /// street: it was `directional_differs`, at 0.47, labelled `suffix_differs` too. Not across
    /// a type (`50th Ave NE` is another street), nor past a street written as the text has it.
    @Test func aDirectionalOnTheOtherSideIsTheSameStreet() throws {
        let geocoder = Geocoder(
            Self.pointsOnly([
                ("ne 50th st", 1004, 47.6646, -122.3165), ("ne 50th st", 1100, 47.6646, -122.3150), ("50th ave ne", 5000, 47.6700, -122.2800),
            ]))
        let moved = try #require(geocoder.geocode(GeocodeQuery.reading("1004 50th St NE")).first)
        #expect(moved.method == "address_point+directional_moved" && moved.matched == "1004 ne 50th st")
        #expect(moved.score == GeocodeScore.addressPoint * GeocodeScore.streetDirectionalMoved && moved.score >= 0.9)
        let avenue = try #require(geocoder.geocode(GeocodeQuery.reading("5000 NE 50th Ave")).first)
        #expect(avenue.method == "address_point+directional_moved" && avenue.matched == "5000 50th ave ne")
        #expect(geocoder.geocode(GeocodeQuery.reading("1004 NE 50th St")).first?.method == "address_point")
    }

    /// The street found by its name and type when only its directional differs says so, not
    /// `suffix_differs` (the helper from Seattle: `Westlake Ave` → Westlake Ave N was labelled
    /// so, and `1000 S 1st Ave`'s answer `suffix_differs+directional_differs`): a directional
    /// the text lacks is `directional_added`, one the street lacks `directional_differs`.
    @Test func aDirectionalAloneDifferingIsSaidSo() throws {
        let gazetteer = Self.pointsOnly([("westlake ave n", 2040, 47.637097, -122.34048), ("1st ave s", 1000, 47.5930, -122.3344)])
        #expect(gazetteer.streets(for: "Westlake Ave").map(\.method) == ["directional_added"])
        #expect(gazetteer.streets(for: "Westlake").map(\.method) == ["suffix_added"])
        #expect(gazetteer.streets(for: "Westlake St").map(\.method) == ["suffix_differs"])
        #expect(gazetteer.streets(for: "E 1st Ave").map(\.method) == ["directional_differs"])
    }

    /// A number the text writes as the first of a pair (`25-35 Astoria Blvd`: a building's span,
    /// or Queens' block and house read as a range) is no number a listed address near it can
    /// stand for: it was 104 Astoria Blvd's point, 4,884 m from the record's own (NYC Wi-Fi
    /// hotspots), at 0.9. The pair's own number still answers when it is listed, and a hundred
    /// block (`2500 - 2599`) names the block a listed address near it is on.
    @Test func aNumberReadFromAPairIsNotNearAListedOne() throws {
        let geocoder = Geocoder(Self.pointsOnly([("astoria blvd", 104, 40.7720, -73.9300), ("astoria blvd", 2500, 40.7700, -73.9120)]))
        let pair = try #require(geocoder.geocode(GeocodeQuery.reading("25-35 Astoria Blvd")).first)
        #expect(!pair.method.hasPrefix("nearest_address") && pair.score < 0.5, "\(pair.method) \(pair.score)")
        #expect(geocoder.geocode(GeocodeQuery.reading("25 Astoria Blvd")).first?.method == "nearest_address")
        #expect(geocoder.geocode(GeocodeQuery.reading("104-110 Astoria Blvd")).first?.method == "address_point")
        #expect(geocoder.geocode(GeocodeQuery.reading("2500 - 2599 Astoria Blvd")).first?.method == "address_point")
        #expect(geocoder.geocode(GeocodeQuery.reading("2400 - 2499 Astoria Blvd")).first?.method == "nearest_address")
    }

    /// `2001 Westlake Ave` (downtown) against points of Westlake Ave N only (Seattle Fire 911
    /// calls): another street, whose numbering starts again at Denny Way. A number near a listed
    /// one is believed only on the street the text names (as written, or with its suffix
    /// added), not on one found by changing its key: it was 2040 Westlake Ave N's point, 2.4 km
    /// off, at 0.86.
    @Test func aNearbyListedNumberIsNotBelievedOnAnotherStreetsKey() throws {
        let geocoder = Geocoder(
            Self.pointsOnly([
                ("westlake ave n", 100, 47.618534, -122.338485), ("westlake ave n", 1700, 47.634359, -122.340441),
                ("westlake ave n", 2040, 47.637097, -122.34048),
            ]))
        let other = try #require(geocoder.geocode(GeocodeQuery.reading("2001 Westlake Ave")).first)
        #expect(!other.method.hasPrefix("nearest_address"))
        #expect(other.score < 0.5)
        let written = try #require(geocoder.geocode(GeocodeQuery.reading("2001 Westlake Ave N")).first)
        #expect(written.method == "nearest_address")
        let bare = try #require(geocoder.geocode(GeocodeQuery.reading("2001 Westlake")).first)
        #expect(bare.method == "nearest_address+suffix_added")
    }

    /// A street's one directional written on the other side of its name is that street, numbered
    /// as it is (Austin's food inspections, City of Austin open data copied in
    /// jordannotjam/Foodie-City-Scores @ ebb5af4: `1001 E 6TH ST` is at 30.26505, -97.73241):
    /// a listed number within a block of the text's is believed there too. It was the street's
    /// centre, 1.1 km off, at 0.2.
    @Test func aNearbyListedNumberIsBelievedOnTheStreetWithItsDirectionalMoved() throws {
        let geocoder = Geocoder(
            Self.pointsOnly([
                ("e 6th st", 106, 30.26794, -97.74236), ("e 6th st", 1007, 30.26497, -97.73217),
                ("e 6th st", 1100, 30.2647, -97.73136), ("e 6th st", 2000, 30.26134, -97.72107),
            ]))
        let moved = try #require(geocoder.geocode(GeocodeQuery.reading("1001 6th St E")).first)
        #expect(moved.method == "nearest_address+directional_moved")
        #expect(try #require(moved.point).distance(to: GeoPoint(lat: 30.26505, lon: -97.73241)) < 50)
        #expect(moved.score >= 0.5)
    }

    /// The street's centre is a listed address (606 or 1410): a number more than two blocks
    /// from that one's is not there, and may be anywhere along the street.
    @Test func aStreetCentreFarInNumberFromTheTextsIsAGuess() throws {
        let geocoder = Geocoder(Self.pointsOnlyPine())
        let far = try #require(geocoder.geocode(GeocodeQuery.reading("900 E Pine St")).first)
        #expect(far.precision == .street)
        #expect(far.score <= GeocodeScore.offStreet)
        #expect(far.method == "street_centre+number_far_from_centre")
        // 1250 is 160 from 1410, the centre: the centre may well be where it is.
        let near = try #require(geocoder.geocode(GeocodeQuery.reading("1250 E Pine St")).first)
        #expect(near.method == "street_centre")
        #expect(near.score > GeocodeScore.offStreet)
    }

    @Test func intersectionBySharedNode() throws {
        let match = try #require(best("Mason & California Streets"))
        #expect(match.precision == .intersection)
        #expect(match.point == GeoPoint(lat: 37.79183, lon: -122.41082))
        #expect(match.matched == "mason st & california st")
    }

    @Test func intersectionFromTheListedRows() throws {
        let match = try #require(best("Broadway at Rowland"))
        #expect(match.precision == .intersection)
        #expect(match.point == GeoPoint(lat: 37.79812, lon: -122.40468))
    }

    @Test func intersectionOfADividedRoadByNearestPoints() throws {
        // Market St ends 65 m from The Embarcadero's carriageway without sharing its node.
        let csv = """
            kind,street,nodes,points
            segment,market st,a|b,-122.39529 37.79409;-122.39475 37.79448
            segment,embarcadero,c|d,-122.3942 37.79487;-122.39386 37.79553
            """
        let geocoder = Geocoder(try Gazetteer.parse(Array(csv.utf8), source: "t.csv"))
        let match = try #require(geocoder.geocode(GeocodeQuery.reading("Market St at Embarcadero")).first)
        #expect(match.precision == .intersection)
        // "Embarcadero" is the street's exact key (a leading "The" is dropped by the normaliser).
        #expect(match.method == "intersection_nearest_points")
        #expect(match.score == GeocodeScore.intersectionNear)
    }

    @Test func segmentIsTheMidpointOfItsTwoIntersections() throws {
        let match = try #require(best("Mason between Pine and California"))
        #expect(match.precision == .segment)
        #expect(match.point == GeoPoint(lat: (37.79088 + 37.79183) / 2, lon: (-122.41062 + -122.41082) / 2))
        #expect(match.matched == "mason st between pine st and california st")
    }

    @Test func segmentWithOneKnownEndFallsBackToThatIntersection() throws {
        let match = try #require(best("Mason between Pine and Nowhere"))
        #expect(match.precision == .intersection)
        #expect(match.method.hasSuffix("+segment_one_end"))
    }

    @Test func placeExactAliasAndFuzzy() throws {
        #expect(best("Grace Cathedral")?.method == "place_exact")
        #expect(best("Fairmont Hotel")?.method == "place_alias")
        let fuzzy = try #require(best("Chrissy Field"))
        #expect(fuzzy.method == "place_fuzzy")
        #expect(fuzzy.matched == "Crissy Field Center")
        #expect(fuzzy.score < GeocodeScore.placeFuzzy)
    }

    @Test func aParkHoldingTheWholeNameBeatsTheStreetOfThatName() throws {
        let csv = """
            kind,id,name,category,street,nodes,lat,lon,points
            place,park:112,Yacht Harbor and Marina Green,park,,,37.807958,-122.441179,
            segment,8710000,,,marina green dr,30763000|26796000,,,-122.4361 37.8065;-122.43602 37.80733;-122.44235 37.80652
            segment,9999000,,,balmy st,1|2,,,-122.4122 37.7526;-122.4119 37.7509
            place,landmarks:1,Balmy Street Murals Tour,attraction,,,37.7518,-122.4120,
            """
        let geocoder = Geocoder(try Gazetteer.parse(Array(csv.utf8), source: "marina.csv"))
        let green = try #require(geocoder.geocode(GeocodeQuery.reading("Marina Green")).first)
        #expect(green.precision == .place)
        #expect(green.matched == "Yacht Harbor and Marina Green")
        // `Balmy Alley` names no place whole: it is Balmy St, as a street.
        let balmy = try #require(geocoder.geocode(GeocodeQuery.reading("Balmy Alley")).first)
        #expect(balmy.precision == .street)
        #expect(balmy.matched == "balmy st")
    }

    @Test func neighbourhoodsScoreLowerAndSaySo() throws {
        let match = try #require(best("Nob Hill"))
        #expect(match.matched == "Nob Hill (neighborhood)")
        #expect(match.score == GeocodeScore.neighbourhood)
        // Standing in for a place in it that is not known, it is seldom where that place is.
        let instead = try #require(best("Nowhere Cafe (Nob Hill)"))
        #expect(instead.matched == "Nob Hill (neighborhood)")
        #expect(instead.score == GeocodeScore.neighbourhoodInstead)
    }

    @Test func aStreetAloneIsItsMiddleAndStandingInIsAGuess() throws {
        let match = try #require(best("Kearney Street"))
        #expect(match.precision == .street)
        #expect(match.method == "street_centre+fuzzy_street(kearney→kearny)")
        #expect(match.score == GeocodeScore.street(length: 100, instead: false) * GeocodeScore.streetOneTypo)
        // A number past every block: the street stands in for the address, no more than a guess
        // (the number is on no stretch the gazetteer knows).
        let instead = try #require(best("1200 Mason St"))
        #expect(instead.precision == .street && instead.method == "street_centre+number_off_street")
        #expect(instead.score == min(GeocodeScore.street(length: 250, instead: true), GeocodeScore.offStreet))
        // Standing in for a corner the gazetteer does not know on it, no more than a guess either.
        let corner = try #require(best("Mason St & Nowhere St"))
        #expect(corner.method == "street_centre+corner_not_found")
        #expect(corner.score == min(GeocodeScore.street(length: 250, instead: true), GeocodeScore.offStreet))
    }

    @Test func nothingMatchedSaysWhy() {
        #expect(best("Bay Bridge") == .none("no street, intersection or place matched 'Bay Bridge'"))
        #expect(best("Lombard Street") == .none("street 'Lombard St' is not in the gazetteer"))
        #expect(best("") == .none("empty location"))
    }

    @Test func placeAndAddressThatAgreePreferTheAddress() throws {
        let match = try #require(best("Grace Cathedral (950 California Street)"))
        #expect(match.precision == .address)
        #expect(match.method == "address_point+place_agrees")
        #expect(match.score == GeocodeScore.confirmed(GeocodeScore.addressPoint, by: GeocodeScore.placeExact))
    }

    @Test func placeAndAddressThatDisagreeSaySo() throws {
        let match = try #require(best("Crissy Field Center (950 California Street)"))
        #expect(match.precision == .address)
        let note = try #require(match.note)
        #expect(note.hasPrefix("place 'Crissy Field Center' and address '950 california st' are "))
        #expect(match.score < 0.9)
    }

    @Test func alternativesAreTriedWithASmallPenalty() throws {
        var query = GeocodeQuery(street: "Nowhere St", text: "Nowhere St")
        query.alternatives = [GeocodeQuery(number: 950, street: "California St")]
        let match = try #require(geocoder.geocode(query).first)
        #expect(match.method == "address_point+alternative")
        #expect(match.score == GeocodeScore.addressPoint * GeocodeScore.alternative)
    }

    @Test func aNumberWithNoPointThatMissesThePlaceOnItsStreetIsTheSlip() throws {
        // 901 Long St is only interpolated, 1.5 km along the street from Test Hall, which stands
        // on it: the hall is kept, doubted by the number.
        let csv = """
            kind,name,category,number,street,left_from,left_to,right_from,right_to,nodes,lat,lon,points
            segment,,,,long st,1,999,2,998,a|b,,,-122.42 37.78;-122.40 37.78
            address,,,5,long st,,,,,,37.78005,-122.4199,
            place,Test Hall,building,,,,,,,,37.7801,-122.4195,
            place,Far Hall,building,,,,,,,,37.79,-122.43,
            """
        let geocoder = Geocoder(try Gazetteer.parse(Array(csv.utf8), source: "long.csv"))
        let match = try #require(geocoder.geocode(GeocodeQuery.reading("Test Hall (901 Long Street)")).first)
        #expect(match.matched == "Test Hall")
        #expect(match.method == "place_exact+street_agrees")
        #expect(match.note?.hasPrefix("interpolated '901 long st") == true)
        #expect(match.score < GeocodeScore.placeExact)
        // A place off the street is a look-alike: the address is kept, doubted.
        let far = try #require(geocoder.geocode(GeocodeQuery.reading("Far Hall (901 Long Street)")).first)
        #expect(far.precision == .interpolated && far.note != nil)
        // A point address is real: it wins over the place.
        #expect(try #require(geocoder.geocode(GeocodeQuery.reading("Far Hall (5 Long Street)")).first).precision == .address)
    }

    @Test func aStreetNamedAsThePlaceIsTheCorner() throws {
        let match = try #require(best("Mason Street (California Street)"))
        #expect(match.precision == .intersection)
        #expect(match.matched == "mason st & california st")
        #expect(match.score == GeocodeScore.intersection * GeocodeScore.nearCorner)
    }

    @Test func partsOfAPlaceNameSayWhereItIs() throws {
        // `X at Y` where X is not known: Y, as a hint standing in.
        let match = try #require(best("Nowhere Bench at Grace Cathedral"))
        #expect(match.matched == "Grace Cathedral" && match.method == "place_exact+hint")
        #expect(match.score == GeocodeScore.placeExact * GeocodeScore.hintInstead)
    }

    @Test func partsThatAgreeOrDisagreeMoveTheScore() {
        #expect(GeocodeScore.confirmed(0.9, by: 0.5) == 0.95)
        #expect(GeocodeScore.confirmed(0.99, by: 0.99) == 0.99)
        // One of the two is wrong: a strong other part leaves little.
        #expect(abs(GeocodeScore.despite(0.99, other: 0.95) - 0.0495 / 0.0595) < 1e-12)
        #expect(GeocodeScore.despite(0.5, other: 0) == 0.5)
        #expect(GeocodeScore.despite(0.7, other: 0.3) < 0.7)
    }
}

/// Records of several towns against a gazetteer of two towns sharing street names
/// (`TwoTownGazetteer`), and records outside its coverage.
@Suite struct GeocoderTownTests {
    let geocoder: Geocoder

    init() throws { geocoder = Geocoder(try TwoTownGazetteer.load()) }

    func best(_ text: String, city: String? = nil, state: String? = nil, zip: String? = nil) -> GeoMatch? {
        var query = GeocodeQuery.reading(text)
        (query.city, query.state, query.zip) = (city, state, zip)
        return geocoder.geocode(query).first
    }

    @Test func eachRecordIsPlacedInItsOwnTown() throws {
        let alameda = try #require(best("150 Main St", city: "Alameda", state: "CA"))
        let berkeley = try #require(best("150 Main St", city: "berkeley"))
        #expect(alameda.matched == "150 main st, Alameda" && alameda.point == GeoPoint(lat: 37.7705, lon: -122.2595))
        #expect(berkeley.matched == "150 main st, Berkeley" && berkeley.point == GeoPoint(lat: 37.8705, lon: -122.2695))
        #expect(alameda.score == GeocodeScore.addressPoint && berkeley.note == nil)
        #expect(best("Main St & Oak St", city: "Berkeley")?.matched == "main st & oak st, Berkeley")
        #expect(best("City Hall", city: "Alameda")?.matched == "City Hall, Alameda")
        // A ZIP code names the town too.
        #expect(best("150 Main St", zip: "94704")?.matched == "150 main st, Berkeley")
    }

    @Test func aSharedStreetWithoutATownIsAmbiguous() throws {
        for text in ["150 Main St", "Main St & Oak St", "Main St"] {
            let match = try #require(best(text))
            #expect(match.score < 0.5, "\(text)")
            #expect(match.method.hasSuffix("+town_ambiguous"), "\(text)")
            #expect(match.note?.hasPrefix("ambiguous: ") == true, "\(text)")
        }
        // A street only one town has is not.
        let park = try #require(best("Park St"))
        #expect(park.matched == "park st, Alameda" && park.score >= 0.5 && park.note == nil)
        #expect(best("Park St", city: "Berkeley") == .none("street 'Park St' is not in Berkeley (the gazetteer has it in another town)"))
        // A look-alike of a street of another town is no street the gazetteer has there.
        #expect(best("5000 Shatuck Ave", city: "Alameda") == .none("street 'Shatuck Ave' is not in the gazetteer"))
    }

    /// `5523 Research Park Dr`, `BALTIMORE`, `21228` (Maryland's MBE directory): a town the post
    /// office accepts for a ZIP code whose rows name another (Catonsville). The street not in the
    /// town named, the ZIP code's town has it; it was refused ("the gazetteer has it in another town").
    @Test func aStreetNotInTheTownNamedIsInItsZipCodesTown() throws {
        let park = try #require(best("1450 Park St", city: "Berkeley", state: "CA", zip: "94501"))
        #expect(park.precision == .interpolated)
        #expect(park.matched == "1450 park st (block a3), Alameda")
        #expect(park.method.hasSuffix("+town_of_zip") && park.note == "not in Berkeley; in a town of ZIP code 94501")
        // The town named has the street: its own, as before; without the ZIP code's, none.
        #expect(best("150 Main St", city: "Alameda", zip: "94704")?.matched == "150 main st, Alameda")
        #expect(
            best("Park St", city: "Berkeley", zip: "94704") == .none("street 'Park St' is not in Berkeley (the gazetteer has it in another town)"))
    }

    @Test func recordsOutsideTheCoverageAreRefused() throws {
        for (text, city, state) in [
            ("400 Pike St", "Seattle", "WA"), ("233 S Wacker Dr", "Chicago", "IL"), ("12224 Ventura Blvd", "Studio City", "CA"),
            ("150 Main St", "Los Angeles", "CA"),
        ] {
            let match = try #require(best(text, city: city, state: state))
            #expect(match.precision == .none && match.score == 0, "\(text)")
            #expect(match.isOutsideGazetteer, "\(text)")
        }
        #expect(best("150 Main St", zip: "94110")?.isOutsideGazetteer == true)
    }

    /// A street alone whose known points all lie in other ZIP codes than the record's: the
    /// record is on a stretch the gazetteer does not hold, or on another street of the name.
    /// (A Queens user's `LEFFERTS BOULEVARD, 11420`, on points known only in 11418 and 11419,
    /// was their middle, 2,955 m off, at 0.9.) Through the compiled index too.
    @Test func aStreetKnownOnlyInOtherZIPCodesGivesNoConfidentStreet() throws {
        let csv = """
            # sluice-gazetteer 1.1
            kind,id,name,aliases,category,number,street,cross_street,left_from,left_to,right_from,right_to,nodes,lat,lon,points,city,state,zip
            address,,,,,8643,lefferts blvd,,,,,,,40.700159,-73.830914,,Queens,NY,11418
            address,,,,,8710,lefferts blvd,,,,,,,40.699841,-73.830936,,Queens,NY,11418
            address,,,,,10334,lefferts blvd,,,,,,,40.686907,-73.82483,,Queens,NY,11419
            address,,,,,13120,rockaway blvd,,,,,,,40.674,-73.807,,Queens,NY,11420
            """
        let fromCSV = try Gazetteer.parse(Array(csv.utf8), source: "queens.csv")
        let fromIndex = try Gazetteer.fromIndex(bytes: GazetteerIndexTests.index(csv))
        for gazetteer in [fromCSV, fromIndex] {
            let geocoder = Geocoder(gazetteer)
            func best(_ zip: String?) -> GeoMatch? {
                var query = GeocodeQuery.reading("Lefferts Blvd")
                (query.city, query.state, query.zip) = ("Queens", "NY", zip)
                return geocoder.geocode(query).first
            }
            let elsewhere = try #require(best("11420"))
            #expect(elsewhere.precision == .street && elsewhere.score <= GeocodeScore.offStreet)
            #expect(elsewhere.method == "street_centre+zip_off_street")
            // Named with a ZIP code it is known in, or with none, the street answers as before.
            for zip in ["11418", "11419-2201", nil] {
                let known = try #require(best(zip))
                #expect(known.method == "street_centre" && known.score > GeocodeScore.offStreet, "\(zip ?? "no ZIP")")
            }
        }
    }

    /// A gazetteer merged from a source naming its town (Berkeley's inspections, `BERKELEY, CA`)
    /// and one naming none (its 311 cases) holds University Ave twice. A record naming its town
    /// is placed by its town's rows where both answer alike: `225 University Ave, BERKELEY, CA`
    /// (at 37.865451, -122.310259) was placed beside 201 (the marina, 2.5 km off, at 0.9) from
    /// the rows naming no town, as `(near 201)` sorts before `(near 235)`.
    @Test func aRecordNamingItsTownIsPlacedByItsTownsRowsOnATie() throws {
        let csv = """
            # sluice-gazetteer 1.1
            kind,number,street,lat,lon,city,state
            address,235,university ave,37.865605,-122.308607,BERKELEY,CA
            address,598,university ave,37.866427,-122.305095,BERKELEY,CA
            address,201,university ave,37.85787,-122.337056,,
            address,650,university ave,37.866948,-122.301203,,
            """
        let fromCSV = try Gazetteer.parse(Array(csv.utf8), source: "berkeley.csv")
        let fromIndex = try Gazetteer.fromIndex(bytes: GazetteerIndexTests.index(csv))
        let truth = GeoPoint(lat: 37.865451, lon: -122.310259)
        for gazetteer in [fromCSV, fromIndex] {
            let geocoder = Geocoder(gazetteer)
            var query = GeocodeQuery.reading("225 University Ave")
            (query.city, query.state) = ("BERKELEY", "CA")
            let named = try #require(geocoder.geocode(query).first)
            #expect(named.matched.hasPrefix("225 university ave (near 235)") && named.method == "nearest_address", "\(named.matched)")
            #expect(try #require(named.point).distance(to: truth) < 250)
            // A number only the rows naming no town list is still theirs.
            query = GeocodeQuery.reading("650 University Ave")
            (query.city, query.state) = ("BERKELEY", "CA")
            #expect(geocoder.geocode(query).first?.method == "address_point")
        }
    }

    @Test func aNumberOffEveryRangeGivesNoConfidentStreet() throws {
        let match = try #require(best("9000 Main St", city: "Berkeley"))
        #expect(match.precision == .street && match.score <= GeocodeScore.offStreet)
        #expect(match.method == "street_centre+number_off_street")
        // Within a range, the same street answers as before.
        #expect(best("150 Main St", city: "Berkeley")?.precision == .address)
    }

    @Test func aTypoOfAnotherStreetTypeNeedsTheNumberToFit() throws {
        let fits = try #require(best("2050 Shatuck St", city: "Berkeley"))
        #expect(fits.precision == .interpolated && fits.method.contains("fuzzy_street(shatuck→shattuck)"))
        let off = try #require(best("5000 Shatuck St", city: "Berkeley"))
        #expect(off.precision == .none)
    }

    /// Springfield, IL and Springfield, MO: one name in two states is two towns, each street its
    /// own (they were one town once: the second's Main St answered from the first's points).
    @Test func aTownNameInTwoStatesIsTwoTowns() throws {
        let csv = """
            # sluice-gazetteer 1.1
            kind,number,street,lat,lon,city,state
            address,150,main st,39.8017,-89.6440,Springfield,IL
            address,150,main st,37.2090,-93.2923,Springfield,MO
            address,200,elm st,37.2100,-93.2900,Springfield,MO
            """
        let geocoder = Geocoder(try Gazetteer.parse(Array(csv.utf8), source: "springfields.csv"))
        func best(_ city: String?, _ state: String?, _ text: String = "150 Main St") -> GeoMatch? {
            var query = GeocodeQuery.reading(text)
            (query.city, query.state) = (city, state)
            return geocoder.geocode(query).first
        }
        let missouri = try #require(best("Springfield", "MO"))
        #expect(missouri.point == GeoPoint(lat: 37.209, lon: -93.2923) && missouri.matched == "150 main st, Springfield, MO")
        #expect(best("Springfield", "Illinois")?.point == GeoPoint(lat: 39.8017, lon: -89.644))
        let either = try #require(best("Springfield", nil))
        #expect(either.method.hasSuffix("+town_ambiguous") && either.score < 0.5)
        #expect(best("Springfield", nil, "200 Elm St")?.matched == "200 elm st, Springfield, MO")
        #expect(best("Springfield", "IL", "200 Elm St")?.precision == Precision.none)
        #expect(
            geocoder.gazetteer.coverage.placement(city: "Chicago", state: "IL", zip: nil)
                == .outside("outside_gazetteer: town 'Chicago' is not among the gazetteer's towns (Springfield, IL, Springfield, MO)"))
    }

    @Test func aOneTownGazetteerKeepsItsAnswers() throws {
        // No town columns: nothing is refused, matched names no town.
        let tiny = Geocoder(try TinyGazetteer.load())
        var query = GeocodeQuery.reading("950 California St")
        (query.city, query.state) = ("Chicago", "IL")
        #expect(tiny.geocode(query).first?.matched == "950 california st")
    }
}
