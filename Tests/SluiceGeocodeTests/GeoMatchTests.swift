import SluiceCore
import Testing

@testable import SluiceGeocode

@Suite struct GeoMatchTests {
    let address = GeoMatch(
        point: GeoPoint(lat: 37.7920401, lon: -122.41006), precision: .address, score: 0.98, matched: "950 california st", method: "address_point")

    @Test func jsonHasSixDecimalsAndNamedFields() {
        #expect(
            JSONWriter.string(address.json)
                == #"{"lat":37.79204,"lon":-122.41006,"precision":"address","score":0.98,"matched":"950 california st","method":"address_point"}"#)
    }

    @Test func noneCarriesAReasonAndNoCoordinates() {
        #expect(
            JSONWriter.string(GeoMatch.none("empty location").json) == #"{"precision":"none","score":0,"method":"none","reason":"empty location"}"#)
    }

    @Test func candidatesFollowTheWinner() {
        let street = GeoMatch(
            point: GeoPoint(lat: 37.79, lon: -122.41), precision: .street, score: 0.3, matched: "california st", method: "street_centre")
        let json = GeoMatch.json([address, street, street], candidates: 1)
        #expect(json["candidates"] == .array([street.json]))
        #expect(GeoMatch.json([address, street], candidates: 0)["candidates"] == nil)
    }

    @Test func precisionOrderIsMostPreciseFirst() {
        #expect(Precision.address < Precision.interpolated)
        #expect(Precision.place < Precision.street)
        #expect(Precision.street < Precision.none)
    }

    @Test func writtenStraightAsTheJSONValueWouldBe() {
        let matches = [
            GeoMatch(
                point: GeoPoint(lat: 37.762019, lon: -122.427306), precision: .address, score: 0.98, matched: "3750 18th st", method: "address_point"),
            GeoMatch(
                point: GeoPoint(lat: 37.79, lon: -122.4), precision: .place, score: 0.7, matched: "", method: "place_fuzzy", note: "say \"hi\"\n"),
            GeoMatch.none("street 'Nowhere' is not in the gazetteer"),
        ]
        for match in matches {
            var direct: [UInt8] = []
            GeoMatch.write([match], candidates: 0, to: &direct)
            var viaValue: [UInt8] = []
            JSONWriter.write(GeoMatch.json([match], candidates: 0), to: &viaValue)
            #expect(direct == viaValue, "\(match)")
        }
        var none: [UInt8] = []
        GeoMatch.write([], candidates: 0, to: &none)
        #expect(String(decoding: none, as: UTF8.self) == JSONWriter.string(GeoMatch.json([], candidates: 0)))
        var withCandidates: [UInt8] = []
        GeoMatch.write(matches, candidates: 2, to: &withCandidates)
        #expect(String(decoding: withCandidates, as: UTF8.self) == JSONWriter.string(GeoMatch.json(matches, candidates: 2)))
    }
}
