import Testing

@testable import SluiceGeocode

@Suite struct LatitudeIndexTests {
    // Mason St's line points from Pine up to California (data/sf-gazetteer.csv), given north to south.
    let mason = [
        GeoPoint(lat: 37.79183, lon: -122.41082), GeoPoint(lat: 37.79153, lon: -122.41076),
        GeoPoint(lat: 37.79088, lon: -122.41062), GeoPoint(lat: 37.79153, lon: -122.41076),
    ]

    @Test func noPoints() {
        let index = LatitudeIndex([])
        #expect(index.band(from: -90, to: 90).isEmpty)
        #expect(index.bounds == nil)
        #expect(index.gapMetres(to: LatitudeIndex(mason)) == .infinity)
    }

    @Test func onePoint() {
        let index = LatitudeIndex([mason[0]])
        #expect(index.band(from: 37.79183, to: 37.79183) == 0..<1)
        #expect(index.band(from: 37.7919, to: 37.80).isEmpty)
    }

    @Test func sortsByLatitudeKeepingTheOrderGiven() {
        let index = LatitudeIndex(mason)
        #expect(index.points == mason)
        #expect(index.position == [2, 1, 3, 0])
        #expect(index.latitudes == [37.79088, 37.79153, 37.79153, 37.79183])
        // Inclusive at both ends.
        #expect(index.band(from: 37.79153, to: 37.79183).map { index.position[$0] } == [1, 3, 0])
        #expect(index.band(from: 37.7909, to: 37.7915).isEmpty)
        #expect(index.largestAbsoluteLatitude == 37.79183)
    }

    @Test func gapBetweenBoxesIsALowerBoundOfEveryDistance() {
        // Kearny St's first block, about 600 m east of Mason.
        let kearny = [GeoPoint(lat: 37.78868, lon: -122.40378), GeoPoint(lat: 37.78958, lon: -122.40406)]
        let gap = LatitudeIndex(mason).gapMetres(to: LatitudeIndex(kearny))
        let closest = mason.flatMap { p in kearny.map { p.distance(to: $0) } }.min() ?? 0
        #expect(gap > 500 && gap <= closest)
        #expect(LatitudeIndex(mason).gapMetres(to: LatitudeIndex(mason)) == 0)
    }
}
