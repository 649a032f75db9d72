import Testing

@testable import SluiceDedupe

@Suite struct GeohashTests {
    @Test func knownCells() {
        // The classic example from geohash.org.
        #expect(Geohash.encode(latitude: 57.64911, longitude: 10.40744, precision: 11) == "u4pruydqqvj")
        #expect(Geohash.encode(latitude: 37.7955, longitude: -122.4106, precision: 5) == "9q8zn")
    }

    @Test func rejectsImpossiblePoints() {
        #expect(Geohash.encode(latitude: 91, longitude: 0, precision: 6) == nil)
        #expect(Geohash.encode(latitude: .nan, longitude: 0, precision: 6) == nil)
    }
}
