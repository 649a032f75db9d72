import SluiceSanitize
import Testing

@testable import SluiceGeocode

@Suite struct GazetteerTests {
    @Test func sharedNodesBecomeIntersections() throws {
        let gazetteer = try TinyGazetteer.load()
        let mason = try #require(gazetteer.streetIDs["mason st"])
        let california = try #require(gazetteer.streetIDs["california st"])
        #expect(gazetteer.meeting(mason, california) == [GeoPoint(lat: 37.79183, lon: -122.41082)])
        #expect(gazetteer.meeting(california, mason) == gazetteer.meeting(mason, california))
    }

    @Test func addressesAreSortedByNumber() throws {
        var gazetteer = Gazetteer()
        for number in [905, 901, 950] {
            var row = GazetteerRow(kind: .address)
            row.street = "california st"
            row.number = number
            row.lat = 37.79
            row.lon = -122.41
            gazetteer.add(row)
        }
        gazetteer.finish()
        #expect(Array(gazetteer.addresses.numbers(of: 0)) == [901, 905, 950])
    }

    @Test func streetCentreLiesOnTheStreet() throws {
        let gazetteer = try TinyGazetteer.load()
        let mason = try #require(gazetteer.streetIDs["mason st"])
        let centre = try #require(gazetteer.streetCentres[mason])
        // The middle of block 8810000, the middle one of Mason's three blocks.
        #expect(centre.point.distance(to: GeoPoint(lat: 37.791205, lon: -122.41069)) < 1)
        #expect(centre.length > 150 && centre.length < 200)
    }

    @Test func streetKnownOnlyFromIntersectionsStillHasACentre() throws {
        let gazetteer = try TinyGazetteer.load()
        let rowland = try #require(gazetteer.streetIDs["rowland st"])
        #expect(gazetteer.streetCentres[rowland]?.point == GeoPoint(lat: 37.79812, lon: -122.40468))
    }

    @Test func streetTextsNormaliseAsTheSanitizerDoes() throws {
        let gazetteer = try TinyGazetteer.load()
        // Display forms are worked out at load; anything else is normalised when asked.
        #expect(gazetteer.normalizedDisplayTexts["California St"] != nil)
        #expect(gazetteer.normalizedDisplayTexts["Mason"] != nil)
        for text in ["California St", "Mason", "Mason St", "MASON STREET", "Broadway", "Kearny", "Pine St.", "", "Caf\u{E9} St", "\u{212A}earny St"] {
            #expect(gazetteer.normalize(text) == StreetNormalizer.normalize(text), "\(text)")
        }
    }
}
