@testable import SluiceGeocode

/// A gazetteer of address points alone (no blocks, no town), as an OpenAddresses file gives:
/// the shape of the tests of a street known only by its points.
enum PointsOnlyGazetteer {
    static func make(_ points: [(street: String, number: Int, lat: Double, lon: Double)]) -> Gazetteer {
        var g = Gazetteer()
        for point in points {
            var row = GazetteerRow(kind: .address)
            (row.street, row.number, row.lat, row.lon) = point
            g.add(row)
        }
        g.finish()
        return g
    }
}
