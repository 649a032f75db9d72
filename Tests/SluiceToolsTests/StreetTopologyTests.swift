import SluiceGeocode
import SluiceSanitize
import Testing

@testable import SluiceTools

/// Line ends within a metre become one node, so the geocoder finds the corner.
@Suite struct StreetTopologyTests {
    // A corner, and a point 0.5 m east of it (at 45.52° a degree of longitude is 77.9 km).
    static let corner = GeoPoint(lat: 45.52, lon: -122.679)
    static let halfMetreEast = GeoPoint(lat: 45.52, lon: -122.679 + 0.5 / 77_900)

    static func lines() -> [StreetLine] {
        [
            StreetLine(id: "a", name: "Main St", points: [GeoPoint(lat: 45.52, lon: -122.68), corner], leftFrom: 101, leftTo: 199),
            StreetLine(id: "b", name: "Main St", points: [halfMetreEast, GeoPoint(lat: 45.52, lon: -122.678)], leftFrom: 201, leftTo: 299),
            StreetLine(id: "c", name: "Oak Ave", points: [GeoPoint(lat: 45.521, lon: -122.679), corner]),
        ]
    }

    @Test func endsWithinAMetreShareANode() {
        #expect(Self.corner.distance(to: Self.halfMetreEast) > 0.45 && Self.corner.distance(to: Self.halfMetreEast) < 0.55)
        var lines = Self.lines()
        #expect(StreetTopology.join(&lines, prefix: "t") == 4)
        #expect(lines[0].toNode == "t:n2" && lines[1].fromNode == "t:n2" && lines[2].toNode == "t:n2")
        #expect(lines[0].fromNode != lines[2].fromNode)
    }

    @Test func endsTwoMetresApartStayApart() {
        var lines = [
            StreetLine(id: "a", name: "A St", points: [GeoPoint(lat: 45.521, lon: -122.68), Self.corner]),
            StreetLine(id: "b", name: "B St", points: [GeoPoint(lat: 45.52, lon: -122.679 + 2 / 77_900), GeoPoint(lat: 45.52, lon: -122.67)]),
        ]
        StreetTopology.join(&lines, prefix: "t")
        #expect(lines[0].toNode != lines[1].fromNode)
    }

    @Test func theGeocoderFindsTheJoinedCorner() throws {
        var builder = GazetteerBuilder(sources: nil)
        try builder.addStreetLines(Self.lines(), skipped: [], source: "streets test", nodePrefix: "t", rows: 3, unit: "lines")
        let gazetteer = try Gazetteer.parse(GazetteerRow.csv(try builder.build()), source: "built")
        let found = Geocoder(gazetteer).geocode(GeocodeQuery(address: AddressParser().parse("Main St & Oak Ave").json))
        let best = try #require(found.first)
        #expect(try #require(best.point).distance(to: Self.corner) < 2)
        #expect(best.precision == .intersection)
    }
}
