import SluiceGeocode
import Testing

@testable import SluiceTools

@Suite struct InteriorPointTests {
    static func ring(_ points: [(Double, Double)]) -> [GeoPoint] { points.map { GeoPoint(lat: $0.1, lon: $0.0) } }

    static let square = ring([(0, 0), (0.002, 0), (0.002, 0.002), (0, 0.002), (0, 0)])

    func inside(_ rings: [[GeoPoint]], _ point: GeoPoint) -> Bool {
        InteriorPoint.contains(rings.map { $0.map { (x: $0.lon, y: $0.lat) } }, x: point.lon, y: point.lat)
    }

    @Test func aConvexAreaGetsItsCentroid() throws {
        let point = try #require(InteriorPoint.of(rings: [Self.square]))
        #expect(abs(point.lat - 0.001) < 1e-9 && abs(point.lon - 0.001) < 1e-9)
    }

    /// A U-shaped pier: its centroid lies in the water between the arms; the point given is on
    /// the pier, in the middle of its longest chord (the bar joining the arms).
    @Test func aUShapedPierGetsAPointOnThePier() throws {
        let pier = Self.ring([
            (-122.48, 48.747), (-122.479, 48.747), (-122.479, 48.748), (-122.4792, 48.748), (-122.4792, 48.7472), (-122.4798, 48.7472),
            (-122.4798, 48.748), (-122.48, 48.748),
        ])
        let scaled = pier.map { (x: $0.lon * 0.659, y: $0.lat) }
        let centroid = try #require(InteriorPoint.centroid(scaled))
        #expect(!InteriorPoint.contains([scaled], x: centroid.x, y: centroid.y), "the centroid is between the arms")
        let point = try #require(InteriorPoint.of(rings: [pier]))
        #expect(inside([pier], point))
        #expect(abs(point.lon - -122.4795) < 1e-9 && point.lat < 48.7472)
    }

    @Test func aHoleAtTheCentreIsAvoided() throws {
        let pond = Self.ring([(0.0008, 0.0008), (0.0012, 0.0008), (0.0012, 0.0012), (0.0008, 0.0012)])
        let point = try #require(InteriorPoint.of(rings: [Self.square, pond]))
        #expect(inside([Self.square, pond], point))
        #expect(!inside([pond], point))
    }

    @Test func degenerateAreasAndLines() throws {
        #expect(InteriorPoint.of(rings: []) == nil)
        #expect(InteriorPoint.of(rings: [Self.ring([(1, 1), (1, 1), (1, 1)])]) == GeoPoint(lat: 1, lon: 1))
        let line = Self.ring([(0, 0), (0, 0.001), (0, 0.003)])
        let middle = try #require(InteriorPoint.along(line))
        #expect(abs(middle.lat - 0.0015) < 1e-9 && middle.lon == 0)
        #expect(InteriorPoint.along([GeoPoint(lat: 2, lon: 3)]) == GeoPoint(lat: 2, lon: 3))
        #expect(InteriorPoint.along([]) == nil)
    }
}
