import Testing

@testable import SluiceGeocode

@Suite struct GeocodeLookupsTests {
    let gazetteer: Gazetteer
    init() throws { gazetteer = try TinyGazetteer.load() }

    @Test func remembersStreetsAsFoundAndForgetsAtTheLimit() {
        var lookups = GeocodeLookups(limit: 2)
        for text in ["Mason St", "California", "Kearney St", "Mason St", "Nowhere Ave"] {
            #expect(lookups.streets(for: text, in: gazetteer) == gazetteer.streets(for: text), "\(text)")
        }
        // Four texts seen, two held at most (two generations of one).
        #expect(lookups.streets.count == 2)
        #expect(lookups.streets.peek("Nowhere Ave") == [])
    }

    @Test func remembersPlacesByTextAndFuzziness() {
        var lookups = GeocodeLookups(limit: 10)
        #expect(lookups.places("Grace Cathedral", fuzzy: true, in: gazetteer.placeIndex).map(\.place) == [1])
        #expect(lookups.places("Grace Cathedrall", fuzzy: false, in: gazetteer.placeIndex).isEmpty)
        #expect(lookups.places("Grace Cathedrall", fuzzy: true, in: gazetteer.placeIndex).map(\.place) == [1])
        #expect(lookups.places.count == 3)
    }

    @Test func textsThatAreNotASCIIAreNotRemembered() {
        var lookups = GeocodeLookups(limit: 10)
        #expect(lookups.streets(for: "\u{212A}earny St", in: gazetteer) == gazetteer.streets(for: "\u{212A}earny St"))
        #expect(lookups.places("Café Grace", fuzzy: true, in: gazetteer.placeIndex) == gazetteer.placeIndex.search("Café Grace"))
        #expect(lookups.streets.count == 0 && lookups.places.count == 0)
    }

    @Test func remembersTheCoverageOfEachTownStateAndZip() {
        var lookups = GeocodeLookups(limit: 10)
        let questions: [(String?, String?, String?)] = [
            ("San Francisco", "CA", nil), ("San Francisco", "CA", nil), ("Oakland", "CA", nil), (nil, "NY", nil), ("San Francisco", nil, "94103"),
            ("S\u{F8}rby", "CA", nil),
        ]
        for (city, state, zip) in questions {
            #expect(
                lookups.placement(city: city, state: state, zip: zip, in: gazetteer)
                    == gazetteer.coverage.placement(city: city, state: state, zip: zip),
                "\(city ?? "-"), \(state ?? "-"), \(zip ?? "-")")
        }
        // Four questions asked in ASCII; the town not in ASCII is not remembered.
        #expect(lookups.placements.count == 4)
    }

    @Test func noLimitRemembersNothing() {
        var lookups = GeocodeLookups(limit: 0)
        _ = lookups.streets(for: "Mason St", in: gazetteer)
        #expect(lookups.streets.count == 0)
    }

    @Test func geocodingWithLookupsGivesTheSameAnswers() {
        let geocoder = Geocoder(gazetteer)
        var lookups = GeocodeLookups(limit: 100)
        for text in [
            "Mason & California Streets", "950 California St", "Grace Cathedral", "Mason & California Streets", "Fairmont Hotel (950 Mason)",
        ] {
            #expect(geocoder.geocode(GeocodeQuery.reading(text), lookups: &lookups) == geocoder.geocode(GeocodeQuery.reading(text)), "\(text)")
        }
        #expect(lookups.streets.count > 0)
    }

    @Test func theRecordsTownsKeepTheirStreetsOnly() throws {
        let towns = try TwoTownGazetteer.load()
        var lookups = GeocodeLookups(limit: 100)
        #expect(lookups.streets(for: "Main St", in: towns).map { towns.streetTowns[$0.id] } == [0, 1])
        lookups.towns = [1]
        #expect(lookups.streets(for: "Main St", in: towns).map { towns.streetTowns[$0.id] } == [1])
        #expect(lookups.streets(for: "Park St", in: towns).isEmpty)
        // What is remembered is every town's: another record may name another town.
        #expect(lookups.streets.peek("Main St")?.count == 2)
    }
}
