import SluiceCore
import Testing

@testable import SluiceGeocode

/// The `geo` object is written with `GeoFields`' names, in their order; the stage's shape is theirs.
@Suite struct GeoFieldsTests {
    static func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }

    @Test func everyWrittenFieldIsNamedInOrder() {
        let answer = GeoMatch(
            point: GeoPoint(lat: 37.79, lon: -122.41), precision: .address, score: 0.98, matched: "950 california st", method: "address_point",
            note: "a warning")
        let written = [answer.json, GeoMatch.none("nothing").json, GeoMatch.json([answer, answer], candidates: 1)]
        for value in written {
            let keys = Self.keys(value)
            #expect(keys == GeoFields.all.filter(keys.contains), "\(keys)")
            #expect(GeoFields.required.allSatisfy(keys.contains))
        }
        #expect(Self.keys(written[2]).last == GeoFields.candidates)
    }

    @Test func theShapeAndDefaultMemberAreTheContracts() {
        #expect(GeocodeWorker.shape.required == GeoFields.required)
        #expect(GeocodeWorker.shape.allowed == Set(GeoFields.all))
        #expect(GeocodeCommand.usage.text.contains(#""\#(GeoFields.member)""#))
    }
}
