import Testing

@testable import SluiceGeocode

@Suite struct GazetteerCoverageTests {
    @Test func rowsNameTheTownsStatesAndZipCodesCovered() throws {
        let coverage = try TwoTownGazetteer.load().coverage
        #expect(coverage.townNames == ["Alameda", "Berkeley"])
        #expect(coverage.states == ["CA"])
        #expect(Set(coverage.zipTowns.keys) == ["94501", "94704"])
        #expect(coverage.south == 37.765 && coverage.north == 37.872)
        #expect(coverage.bounds(contain: GeoPoint(lat: 37.8, lon: -122.26)))
        #expect(!coverage.bounds(contain: GeoPoint(lat: 47.6, lon: -122.33)))
    }

    @Test func aTownStateOrZipNotCoveredIsOutside() throws {
        let coverage = try TwoTownGazetteer.load().coverage
        #expect(
            coverage.placement(city: "Seattle", state: "WA", zip: "98101")
                == .outside("outside_gazetteer: state 'WA' is not among the gazetteer's states (CA)"))
        #expect(
            coverage.placement(city: "Studio City", state: "CA", zip: nil)
                == .outside("outside_gazetteer: town 'Studio City' is not among the gazetteer's towns (Alameda, Berkeley)"))
        #expect(
            coverage.placement(city: nil, state: nil, zip: "94110")
                == .outside("outside_gazetteer: ZIP code '94110' is not among the gazetteer's ZIP codes"))
    }

    @Test func aCoveredTownOrZipNamesItsTown() throws {
        let coverage = try TwoTownGazetteer.load().coverage
        #expect(coverage.placement(city: "BERKELEY", state: "ca", zip: nil) == .within([1]))
        #expect(coverage.placement(city: "Berkeley", state: "California", zip: nil) == .within([1]))
        // The older abbreviation is California's; a made-up one is no state.
        #expect(coverage.placement(city: nil, state: "Calif.", zip: nil) == .within(nil))
        #expect(coverage.placement(city: nil, state: "Cali", zip: nil) != .within(nil))
        #expect(coverage.placement(city: nil, state: nil, zip: "94501-1234") == .within([0]))
        #expect(coverage.placement(city: nil, state: nil, zip: nil) == .within(nil))
        #expect(coverage.placement(city: "", state: "", zip: "") == .within(nil))
        // The town named wins over its ZIP code.
        #expect(coverage.placement(city: "Alameda", state: nil, zip: "94704") == .within([0]))
    }

    /// `East Cambridge`, `N Cambridge`: a record's town written with a direction before a covered
    /// town's name is a part of it (sanitize reads `…, e San Jose` so), unless a post office has the
    /// whole name in the record's state (`North Andover, MA`): it was refused as outside.
    @Test func aDirectionBeforeACoveredTownNamesAPartOfIt() {
        var coverage = GazetteerCoverage()
        _ = coverage.add(city: "Cambridge", state: "MA", zip: "02139")
        _ = coverage.add(city: "Andover", state: "MA", zip: "01810")
        for city in ["East Cambridge", "N Cambridge", "NORTH CAMBRIDGE", "W. Cambridge"] {
            #expect(coverage.placement(city: city, state: "MA", zip: nil) == .within([0]), "\(city)")
        }
        #expect(coverage.placement(city: "East Cambridge", state: nil, zip: "02139") == .within([0]))
        #expect(coverage.placement(city: "North Andover", state: "MA", zip: nil) != .within([1]))
        #expect(coverage.placement(city: "N Andover", state: "MA", zip: nil) != .within([1]))
        #expect(coverage.placement(city: "Cambridgeport", state: "MA", zip: nil) != .within([0]))
        #expect(coverage.placement(city: "East", state: "MA", zip: nil) != .within([0]))
        #expect(coverage.placement(city: "East Cambridge", state: "NY", zip: nil) != .within([0]))
    }

    /// A covered town's name misspelt (`SanFrancisco`, `Cambrigde`, `Berkley`) is that town, when no
    /// post office has the name as written (it was refused as outside); a real town near it in
    /// spelling, a short name or one as near two covered names is not.
    @Test func aCoveredTownMisspeltIsThatTown() throws {
        var coverage = GazetteerCoverage()
        _ = coverage.add(city: "San Francisco", state: "CA", zip: "94103")
        _ = coverage.add(city: "Cambridge", state: "MA", zip: "02139")
        _ = coverage.add(city: "Salem", state: "OR", zip: "97301")
        for city in ["SanFrancisco", "San Francsico", "SAN FRANCISCOO", "Sna Francisco"] {
            #expect(coverage.placement(city: city, state: "CA", zip: nil) == .within([0]), "\(city)")
        }
        #expect(coverage.placement(city: "Cambrigde", state: "MA", zip: nil) == .within([1]))
        #expect(coverage.placement(city: "Cambrige", state: nil, zip: nil) == .within([1]))
        // Selma and Salem, OR are both post offices; a two-letter slip in a short name is another name.
        #expect(coverage.placement(city: "Selma", state: "OR", zip: nil) != .within([2]))
        #expect(coverage.placement(city: "Slaem", state: "OR", zip: nil) == .within([2]))
        #expect(coverage.placement(city: "Sa", state: "OR", zip: nil) != .within([2]))
        let berkeley = try TwoTownGazetteer.load().coverage
        #expect(berkeley.placement(city: "Berkley", state: "CA", zip: nil) == .within([1]))
    }

    /// Records of Baltimore County, MD (the state's MBE directory, data.maryland.gov) name the
    /// place a business is in, `TIMONIUM`, `LUTHERVILLE`, `WOODLAWN`, with a ZIP code whose rows
    /// name its post office (`LUTHERVILLE TIMONIUM`, `WINDSOR MILL`, the county's address points):
    /// a place no post office of the state has, or a post office with that ZIP code, is in the
    /// ZIP code's towns. They were refused as towns the gazetteer does not cover.
    @Test func aTownNoPostOfficeHasWithACoveredZipIsInTheZipsTowns() {
        var coverage = GazetteerCoverage()
        _ = coverage.add(city: "LUTHERVILLE TIMONIUM", state: "MD", zip: "21093")
        _ = coverage.add(city: "WINDSOR MILL", state: "MD", zip: "21244")
        _ = coverage.add(city: "ESSEX", state: "MD", zip: "21221")
        _ = coverage.add(city: "SPARKS GLENCOE", state: "MD", zip: "21152")
        #expect(coverage.placement(city: "TIMONIUM", state: "MD", zip: "21093") == .within([0]))
        #expect(coverage.placement(city: "Lutherville", state: nil, zip: "21093-1234") == .within([0]))
        #expect(coverage.placement(city: "WOODLAWN", state: "MD", zip: "21244") == .within([1]))
        // Sparks is a post office of Nevada only: the state (or else the ZIP code's) decides.
        #expect(coverage.placement(city: "SPARKS", state: "MD", zip: "21152") == .within([3]))
        #expect(coverage.placement(city: "SPARKS", state: nil, zip: "21152") == .within([3]))
        // A post office whose ZIP codes are others: the town and the ZIP code disagree.
        #expect(
            coverage.placement(city: "Rosedale", state: "MD", zip: "21221")
                == .outside(
                    "outside_gazetteer: town 'Rosedale' is not among the gazetteer's towns (LUTHERVILLE TIMONIUM, WINDSOR MILL, ESSEX and 1 more)"))
        #expect(coverage.placement(city: "Westminster", state: "MD", zip: "21221") != .within([2]))
        // Without a ZIP code, or with one not covered, as before.
        #expect(coverage.placement(city: "TIMONIUM", state: "MD", zip: nil) != .within([0]))
        #expect(coverage.placement(city: "TIMONIUM", state: "MD", zip: "21157") != .within([0]))
    }

    /// Austin's food inspections (City of Austin open data, copied in
    /// jordannotjam/Foodie-City-Scores @ ebb5af4) name ZIP codes its address points may lack: a
    /// covered town's own ZIP code (78755, a post office's boxes: GeoNames names it Austin's) or
    /// one no post office has (78700, a slip) is the town's, which the record names. Both were
    /// refused, though the town is covered. Another town's ZIP code disagrees, and stays outside.
    @Test func aCoveredTownsOwnZipCodeTheRowsLackIsNotOutside() {
        var coverage = GazetteerCoverage()
        _ = coverage.add(city: "AUSTIN", state: "TX", zip: "78701")
        _ = coverage.add(city: "PFLUGERVILLE", state: "TX", zip: "78660")
        #expect(coverage.placement(city: "AUSTIN", state: "TX", zip: "78755") == .within([0]))
        #expect(coverage.placement(city: "Austin", state: nil, zip: "78700") == .within([0]))
        // Red Rock's ZIP code, Dallas' town, or no town: as before.
        #expect(coverage.placement(city: "AUSTIN", state: "TX", zip: "78662") != .within([0]))
        #expect(coverage.placement(city: "PFLUGERVILLE", state: "TX", zip: "78755") != .within([1]))
        #expect(coverage.placement(city: "DALLAS", state: "TX", zip: "75201") != .within([0]))
        #expect(
            coverage.placement(city: nil, state: "TX", zip: "78755")
                == .outside("outside_gazetteer: ZIP code '78755' is not among the gazetteer's ZIP codes"))
    }

    /// Queens' records name the neighbourhood (`Long Island City`, `Flushing`: post offices of
    /// their own) with a ZIP code whose post office is another (NYC's Wi-Fi hotspot list:
    /// `43-06 GREENPOINT AVENUE, Long Island City, 11104`; GeoNames names 11104 Sunnyside). When
    /// the gazetteer covers that ZIP code and the town's own too, both are in its area and the
    /// ZIP code says which of its towns: they were refused as a town it does not cover.
    @Test func aPostOfficeWhoseZipCodesAreCoveredIsInAnotherCoveredZip() {
        var coverage = GazetteerCoverage()
        for zip in ["11101", "11104", "11354", "11365"] { _ = coverage.add(city: "Queens", state: "NY", zip: zip) }
        #expect(coverage.placement(city: "Long Island City", state: "NY", zip: "11104") == .within([0]))
        #expect(coverage.placement(city: "Flushing", state: "NY", zip: "11365") == .within([0]))
        // A post office none of whose ZIP codes is covered stays outside (Brooklyn's are 112xx).
        #expect(coverage.placement(city: "Brooklyn", state: "NY", zip: "11104") != .within([0]))
        #expect(coverage.placement(city: "Rosedale", state: "NY", zip: "11365") != .within([0]))
        // Without a ZIP code, as before: the name alone is not among the towns.
        #expect(coverage.placement(city: "Flushing", state: "NY", zip: nil) != .within([0]))
    }

    @Test func aTextThatIsAnotherTownsNameIsOutside() throws {
        let coverage = try TwoTownGazetteer.load().coverage
        #expect(
            coverage.outsideTown(named: "Palo Alto", state: "CA")
                == "outside_gazetteer: 'Palo Alto' names a town that is not among the gazetteer's towns (Alameda, Berkeley)")
        // Without the record's state, a town of the gazetteer's states, or a city anywhere (ten ZIP
        // codes or more: Hollywood, Florida), not a village elsewhere (Geary, Oklahoma).
        #expect(coverage.outsideTown(named: "Palo Alto", state: nil) != nil)
        #expect(coverage.outsideTown(named: "Hollywood", state: nil) != nil)
        #expect(coverage.outsideTown(named: "Geary", state: nil) == nil)
        #expect(coverage.outsideTown(named: "Hollywood", state: "FL") != nil)
        // Covered, of another state, or no town at all.
        #expect(coverage.outsideTown(named: "BERKELEY", state: "CA") == nil)
        #expect(coverage.outsideTown(named: "Palo Alto", state: "WA") == nil)
        #expect(coverage.outsideTown(named: "City Hall", state: "CA") == nil)
        #expect(try TinyGazetteer.load().coverage.outsideTown(named: "Palo Alto", state: "CA") == nil)
    }

    @Test func anotherCountryIsOutsideAGazetteerOfUSStates() throws {
        #expect(try TwoTownGazetteer.load().coverage.otherCountryReason?.hasPrefix("outside_gazetteer: the text names another country") == true)
        // No states, or another country's regions: nothing to say.
        #expect(try TinyGazetteer.load().coverage.otherCountryReason == nil)
        let csv = """
            kind,name,lat,lon,city,state
            place,Big Ben,51.5007,-0.1246,London,ENG
            """
        #expect(try Gazetteer.parse(Array(csv.utf8), source: "london.csv").coverage.otherCountryReason == nil)
    }

    @Test func rowsWithoutTownsRefuseNoTown() throws {
        // A 1.0 gazetteer: no town, state or ZIP columns.
        let coverage = try TinyGazetteer.load().coverage
        #expect(coverage.isEmpty)
        #expect(coverage.placement(city: "Chicago", state: "IL", zip: "60606") == .within(nil))
    }

    @Test func rowsNamingOnlyAZipCoverItsState() throws {
        // OpenAddresses county files often leave CITY and REGION empty: the ZIP still says the state.
        let csv = """
            kind,number,street,lat,lon,city,state,zip
            address,300,e liberty st,42.2797,-83.7442,,,48104
            address,310,e liberty st,42.2797,-83.7441,,,48104-1100
            """
        let coverage = try Gazetteer.parse(Array(csv.utf8), source: "ann-arbor.csv").coverage
        #expect(coverage.states == ["MI"])
        #expect(
            coverage.placement(city: "Reno", state: "NV", zip: nil)
                == .outside("outside_gazetteer: state 'NV' is not among the gazetteer's states (MI)"))
        #expect(coverage.placement(city: "Ann Arbor", state: "MI", zip: nil) == .within(nil))
        // A ZIP that is no US ZIP code gives no state.
        let canadian = try Gazetteer.parse(Array("kind,number,street,lat,lon,zip\naddress,1,main st,43.65,-79.38,M5X\n".utf8), source: "t.csv")
        #expect(canadian.coverage.states.isEmpty)
    }

    @Test func rowsNamingOnlyZipsRefuseATownOfOtherZips() throws {
        // No CITY in the rows: a record's post-office town none of whose ZIP codes the rows name
        // is elsewhere (Ypsilanti's are 48197 and 48198); a town they share, or a name that is no
        // post office's (a township), is not refused.
        let csv = """
            kind,number,street,lat,lon,city,state,zip
            address,300,e liberty st,42.2797,-83.7442,,,48104
            """
        let coverage = try Gazetteer.parse(Array(csv.utf8), source: "ann-arbor.csv").coverage
        #expect(
            coverage.placement(city: "Ypsilanti", state: "MI", zip: nil)
                == .outside("outside_gazetteer: town 'Ypsilanti' has none of the gazetteer's ZIP codes"))
        #expect(coverage.placement(city: "YPSILANTI", state: nil, zip: nil) != .within(nil))
        #expect(coverage.placement(city: "Ann Arbor", state: "MI", zip: nil) == .within(nil))
        #expect(coverage.placement(city: "ann arbor", state: nil, zip: nil) == .within(nil))
        #expect(coverage.placement(city: "Pittsfield Township", state: "MI", zip: nil) == .within(nil))
        // Springfield, IL has none of them, but the state already says so; no state, some town of the name may.
        #expect(coverage.placement(city: "Springfield", state: nil, zip: nil) != .within(nil))
    }

    @Test func eachKindIsCheckedOnlyWhenRowsNameIt() throws {
        // Towns and states but no ZIP codes: any ZIP code passes, a town or state does not.
        let csv = """
            kind,name,lat,lon,city,state
            place,Coit Tower,37.8024,-122.4058,San Francisco,CA
            """
        let coverage = try Gazetteer.parse(Array(csv.utf8), source: "sf.csv").coverage
        #expect(coverage.placement(city: "San Francisco", state: "CA", zip: "99999") == .within([0]))
        #expect(coverage.placement(city: "SF", state: nil, zip: nil) == .within([0]))
        #expect(coverage.placement(city: "S.F.", state: nil, zip: nil) == .within([0]))
        #expect(coverage.placement(city: "Oakland", state: "CA", zip: nil) != .within([0]))
        #expect(coverage.placement(city: nil, state: "NV", zip: nil) != .within(nil))
    }
}
