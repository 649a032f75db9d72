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
}
