import Testing

@testable import SluiceCore

@Suite struct GeoDistanceTests {
    @Test func greatCircleMetres() {
        // Mason & California to Powell & California: one block, about 130 m.
        let d = GeoDistance.greatCircleMetres(37.79155, -122.41098, 37.79178, -122.40946)
        #expect(d > 100 && d < 160)
        #expect(GeoDistance.greatCircleMetres(37.8, -122.4, 37.8, -122.4) == 0)
        // A quarter of the way round the equator.
        #expect(abs(GeoDistance.greatCircleMetres(0, 0, 0, 90) - 10_007_557) < 1)
    }

    @Test func cityMetres() {
        #expect(abs(GeoDistance.cityMetres(37.79, -122.40, 37.80, -122.40) - 1_111.95) < 0.01)  // 0.01° of latitude
        #expect(GeoDistance.cityMetres(37.8, -122.4, 37.8, -122.4) == 0)
    }

    /// Within a city the two agree to a tenth of a percent: each is kept for what depends on it,
    /// not because they disagree.
    @Test func theTwoAgreeWithinACity() {
        for (lat2, lon2) in [(37.7955, -122.4093), (37.73, -122.50), (37.81, -122.36)] {
            let city = GeoDistance.cityMetres(37.7749, -122.4194, lat2, lon2)
            let sphere = GeoDistance.greatCircleMetres(37.7749, -122.4194, lat2, lon2)
            #expect(abs(city - sphere) / sphere < 0.001, "\(lat2), \(lon2)")
        }
    }
}
