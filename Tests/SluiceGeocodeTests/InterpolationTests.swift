import Testing

@testable import SluiceGeocode

@Suite struct InterpolationTests {
    /// A block running due north, 1–99 on the left (west), 2–98 on the right (east).
    let block = Gazetteer.Segment(
        id: "1", street: 0, leftFrom: 1, leftTo: 99, rightFrom: 2, rightTo: 98, fromNode: nil, toNode: nil,
        points: [GeoPoint(lat: 37.79, lon: -122.41), GeoPoint(lat: 37.791, lon: -122.41)])

    @Test func oddNumbersGoLeftEvenRight() throws {
        let odd = try #require(Interpolation.locate(number: 51, in: block))
        let even = try #require(Interpolation.locate(number: 50, in: block))
        #expect(odd.sideMatched && even.sideMatched)
        #expect(odd.point.lon < -122.41 && even.point.lon > -122.41)
        #expect(abs(odd.point.distance(to: GeoPoint(lat: 37.7905, lon: -122.41)) - Interpolation.offsetMetres) < 0.5)
    }

    @Test func numberAlongTheRange() throws {
        let start = try #require(Interpolation.locate(number: 1, in: block))
        let end = try #require(Interpolation.locate(number: 99, in: block))
        #expect(abs(start.point.lat - 37.79) < 0.00001 && abs(end.point.lat - 37.791) < 0.00001)
    }

    @Test func wrongParityFallsBackToTheCentreline() throws {
        var mixed = block
        mixed.leftFrom = 2
        mixed.rightFrom = nil
        mixed.rightTo = nil
        let result = try #require(Interpolation.locate(number: 51, in: mixed))
        #expect(!result.sideMatched)
        #expect(result.point.lon == -122.41)
    }

    @Test func outsideTheRanges() {
        #expect(Interpolation.locate(number: 150, in: block) == nil)
        #expect(Interpolation.gap(number: 150, to: block) == 51)
        #expect(Interpolation.gap(number: 40, to: block) == 0)
        #expect(Interpolation.nearestEnd(number: 150, of: block) == block.points.last)
    }
}

extension Interpolation.Result: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.point == b.point && a.sideMatched == b.sideMatched }
}
