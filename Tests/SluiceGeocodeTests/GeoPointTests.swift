import Testing

@testable import SluiceGeocode

@Suite struct GeoPointTests {
    @Test func distanceInMetres() {
        let a = GeoPoint(lat: 37.79, lon: -122.40)
        #expect(abs(a.distance(to: GeoPoint(lat: 37.80, lon: -122.40)) - 1112) < 1)
        #expect(a.distance(to: a) == 0)
    }

    @Test func pointAlongALineAndItsDirection() {
        let line = [GeoPoint(lat: 37.79, lon: -122.40), GeoPoint(lat: 37.80, lon: -122.40), GeoPoint(lat: 37.80, lon: -122.39)]
        let middle = GeoPoint.along(line, fraction: 0.25)
        #expect(abs(middle.point.lat - 37.7945) < 0.0002 && middle.north == 1)
        let late = GeoPoint.along(line, fraction: 0.9)
        #expect(late.point.lat == 37.80 && late.east == 1)
        #expect(GeoPoint.along([], fraction: 0.5).point == GeoPoint(lat: 0, lon: 0))
    }

    @Test func movedByMetres() {
        let moved = GeoPoint(lat: 37.79, lon: -122.40).moved(east: 0, north: 111.195)
        #expect(abs(moved.lat - 37.791) < 1e-9)
    }

    @Test func fixedDecimals() {
        #expect(GeoPoint.fixed(0.98, decimals: 2) == "0.98")
        #expect(GeoPoint.fixed(0.5, decimals: 2) == "0.5")
        #expect(GeoPoint.fixed(1, decimals: 2) == "1")
        #expect(GeoPoint.fixed(0.004, decimals: 2) == "0")
        #expect(GeoPoint.fixed(-0.0123456, decimals: 6) == "-0.012346")
    }

    @Test func fixedWritesLeadingZerosSignsAndWholeNumbers() {
        let cases: [(Double, Int, String)] = [
            (0.000001, 6, "0.000001"), (-0.0000004, 6, "0"), (100, 2, "100"), (1e9, 6, "1000000000"), (0.9999996, 6, "1"),
            (-122.419416, 6, "-122.419416"), (0.05, 2, "0.05"), (0.05, 0, "0"), (12.5, 0, "13"), (1e16, 2, "1e+16"), (.nan, 2, "0"),
            (0.000000000123, 12, "0.000000000123"), (-98765.4321, 4, "-98765.4321"),
        ]
        for (value, decimals, text) in cases {
            #expect(GeoPoint.fixed(value, decimals: decimals) == text, "\(value) \(decimals)")
            var bytes = Array("x".utf8)
            GeoPoint.appendFixed(value, decimals: decimals, to: &bytes)
            #expect(bytes == Array("x\(text)".utf8))
        }
    }

    @Test func formatKeepsSixDecimalsWithoutTrailingZeros() {
        #expect(GeoPoint.format(37.7920401) == "37.79204")
        #expect(GeoPoint.format(-122.4) == "-122.4")
        #expect(GeoPoint.format(-0.0000001) == "0")
    }
}
