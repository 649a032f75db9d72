import Foundation
import Sluice
import SluiceTestSupport
import Testing

@Suite struct GeocodingTests {
    /// The bundled gazetteer, loaded once for the suite.
    static let geocoder: Geocoder? = try? Geocoder(Gazetteer.load(path: PackageRoot.url.path + "/data/sf-gazetteer.csv"))

    @Test func aTextIsReadAndAnswered() throws {
        let geocoder = try #require(Self.geocoder)
        let best = try #require(geocoder.geocode("Hyde St. at Greenwich").first)
        #expect(best.precision == .intersection)
        let point = try #require(best.point)
        #expect(abs(point.lat - 37.801) < 0.001 && abs(point.lon - -122.419) < 0.001)
        #expect(geocoder.geocode("").first?.precision == Precision.none)
    }

    @Test func aRecordGetsItsGeoFromItsTextOrItsAddress() throws {
        var records = RecordGeocoder(try #require(Self.geocoder), field: "loc")
        let fromText = try records.geocode(#"{"loc":"City Hall"}"#)
        #expect(fromText.hasPrefix(#"{"loc":"City Hall","geo":{"lat":"#) && fromText.contains("+field"))
        let address = try sanitize([#"{"loc":"City Hall"}"#], field: "loc", city: "San Francisco", state: "CA")[0]
        let fromAddress = try records.geocode(address)
        #expect(fromAddress.hasPrefix(address.dropLast() + #","geo":{"lat":"#))
        let nothing = try records.geocode(#"{"other":1}"#)
        #expect(nothing.contains(#""precision":"none""#))
    }

    @Test func aRecordThatIsNotAnObjectOrHasGeoAlreadyIsRefused() throws {
        var records = RecordGeocoder(try #require(Self.geocoder))
        #expect(throws: StageFailure.self) { try records.geocode("[1]") }
        #expect { try records.geocode(#"{"geo":{"lat":1}}"#) } throws: { error in
            (error as? StageFailure)?.exitCode == .dataError && (error as? StageFailure)?.message.contains("geo") == true
        }
    }
}
