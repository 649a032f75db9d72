import Testing

@testable import SluiceGeocode

@Suite struct GazetteerStreetsTests {
    let gazetteer: Gazetteer
    init() throws { gazetteer = try TinyGazetteer.load() }

    func first(_ text: String) -> (key: String, method: String)? {
        gazetteer.streets(for: text).first.map { (gazetteer.streetKeys[$0.id], $0.method) }
    }

    @Test func exactKeyThenMissingSuffixThenTypos() {
        #expect(first("MASON ST")?.method == "")
        #expect(first("Mason")?.key == "mason st")
        #expect(first("Mason")?.method == "suffix_added")
        #expect(first("Mason Avenue")?.method == "suffix_differs")
        #expect(first("Kearney St")?.key == "kearny st")
        #expect(first("Californa")?.method == "fuzzy_street(californa→california)")
        #expect(first("Lombard St") == nil)
        #expect(first("") == nil)
    }

    @Test func wordsWrittenTogether() throws {
        var g = Gazetteer()
        var row = GazetteerRow(kind: .intersection)
        row.street = "de haro st"
        row.crossStreet = "mariposa st"
        row.lat = 37.7634
        row.lon = -122.4017
        g.add(row)
        g.finish()
        #expect(g.streets(for: "DeHaro").first?.method == "spacing")
    }

    @Test func pointAddressesAndTheirNeighbours() throws {
        let california = try #require(gazetteer.streetIDs["california st"])
        #expect(gazetteer.addressPoint(street: california, number: 905) == GeoPoint(lat: 37.79186, lon: -122.40941))
        #expect(gazetteer.addressPoint(street: california, number: 903) == nil)
        // 903 lies between 901 and 905 (odd side).
        #expect(gazetteer.betweenAddresses(street: california, number: 903) == GeoPoint(lat: 37.79186, lon: -122.40939))
        // 960 is even, between 950 and 990; 999 has no odd neighbour above it.
        #expect(gazetteer.betweenAddresses(street: california, number: 960) != nil)
        #expect(gazetteer.betweenAddresses(street: california, number: 999) == nil)
    }
}
