import Foundation

/// Points kept in their order and also sorted by latitude, so the points in a band of latitudes
/// are found by binary search instead of a scan of all of them.
///
///     let index = LatitudeIndex([GeoPoint(lat: 37.80, lon: -122.41), GeoPoint(lat: 37.79, lon: -122.40)])
///     index.band(from: 37.785, to: 37.795).map { index.position[$0] }   // [1]
///
/// - Complexity: O(n log n) to build; O(log n) to find a band.
struct LatitudeIndex: Sendable {
    /// The points in their given order.
    let points: [GeoPoint]
    /// Positions in `points`, by increasing latitude (equal latitudes by position).
    let position: [Int]
    /// `points[position[k]].lat`, increasing.
    let latitudes: [Double]
    /// The largest absolute latitude, where a degree of longitude is shortest.
    let largestAbsoluteLatitude: Double
    /// The smallest box holding every point; nil when there are none.
    let bounds: (south: Double, north: Double, west: Double, east: Double)?

    init(_ points: [GeoPoint]) {
        self.points = points
        position = points.indices.sorted { (points[$0].lat, $0) < (points[$1].lat, $1) }
        latitudes = position.map { points[$0].lat }
        largestAbsoluteLatitude = points.map { abs($0.lat) }.max() ?? 0
        if let first = points.first {
            var box = (south: first.lat, north: first.lat, west: first.lon, east: first.lon)
            for point in points.dropFirst() {
                box = (min(box.south, point.lat), max(box.north, point.lat), min(box.west, point.lon), max(box.east, point.lon))
            }
            bounds = box
        } else {
            bounds = nil
        }
    }

    /// The places in `position` of the points with latitudes from `low` to `high` (inclusive).
    func band(from low: Double, to high: Double) -> Range<Int> {
        firstPlace { $0 >= low }..<firstPlace { $0 > high }
    }

    /// The first place whose latitude satisfies `isPast` (which must be false, then true).
    private func firstPlace(where isPast: (Double) -> Bool) -> Int {
        var low = 0, high = latitudes.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(latitudes[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// A lower bound, in metres, of the distance between any point of `self` and any point of
    /// `other` (or of the lines through them): 1% under the gap between their boxes, so that
    /// rounding in `GeoPoint.distance` can never make a pair closer than this.
    func gapMetres(to other: LatitudeIndex) -> Double {
        guard let a = bounds, let b = other.bounds else { return .infinity }
        let latitudeGap = max(0, b.south - a.north, a.south - b.north)
        let longitudeGap = max(0, b.west - a.east, a.west - b.east)
        let shortest = cos(max(largestAbsoluteLatitude, other.largestAbsoluteLatitude) * .pi / 180)
        return max(latitudeGap, longitudeGap * max(0, shortest)) * GeoPoint.metresPerDegree * 0.99
    }
}
