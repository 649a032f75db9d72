import Foundation
import Testing

@testable import SluiceReport

@Suite struct MapProjectionTests {
    let sf = MapProjection(south: 37.70, west: -122.52, north: 37.84, east: -122.35)

    @Test func aMetreEastIsAsLongAsAMetreNorth() {
        // 1 km north and 1 km east of the middle, by the great-circle formulas' local scale.
        let middle = 37.77
        let north = sf.y(middle) - sf.y(middle + 1000 / 111_195.0)
        let east = sf.x(-122.4 + 1000 / (111_195.0 * cos(middle * .pi / 180))) - sf.x(-122.4)
        #expect(abs(north - east) / north < 0.001)
        #expect(abs(sf.metresPerUnit * north - 1000) < 1)
    }

    @Test func northIsUpAndTheAreaFitsWithItsMargin() {
        #expect(sf.x(-122.52) == MapProjection.margin && sf.y(37.84) == MapProjection.margin)
        #expect(sf.y(37.70) > sf.y(37.84) && sf.x(-122.35) > sf.x(-122.52))
        #expect(sf.height == MapProjection.size)
        #expect(sf.width == 3843)
        #expect(abs(sf.x(-122.35) + MapProjection.margin - sf.width) < 1)
    }

    @Test func coversPointsAndSaysWhatItContains() {
        let points: [(lat: Double, lon: Double)] = [(37.8, -122.4), (37.7, -122.5)]
        let map = MapProjection(covering: points)
        #expect(map?.south == 37.7 && map?.north == 37.8 && map?.west == -122.5 && map?.east == -122.4)
        #expect(map?.contains(lat: 37.75, lon: -122.45) == true)
        #expect(map?.contains(lat: 37.85, lon: -122.45) == false)
        #expect(map?.contains(lat: 37.85, lon: -122.45, slack: 0.1) == true)
        #expect(MapProjection(covering: [(lat: Double, lon: Double)]()) == nil)
        let single = MapProjection(covering: [(37.8, -122.4)])
        #expect(single.map { $0.width > 0 && $0.height > 0 && $0.scale.isFinite } == true)
    }
}
