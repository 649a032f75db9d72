import Foundation
import SluiceGeocode

/// One point to stand for an area or a line (an OpenStreetMap way or multipolygon): inside the
/// area, even where its centroid is not (a U-shaped pier, a crescent-shaped park); halfway
/// along a line.
///
///     InteriorPoint.of(rings: [square])     // the square's centroid
///     InteriorPoint.of(rings: [uShape])     // the middle of the U's longest horizontal chord
///
/// - Complexity: O(n) in the vertices (a fixed number of scan lines when the centroid is out).
enum InteriorPoint {
    /// Horizontal lines tried across the area when its centroid falls outside it.
    static let scanLines = 16

    /// A point inside the area bounded by `rings` (outer and inner rings in any order and
    /// orientation, by the even-odd rule): the centroid of the largest ring when it lies inside,
    /// else the middle of the longest horizontal chord inside. Nil for no area at all.
    static func of(rings: [[GeoPoint]]) -> GeoPoint? {
        let rings = rings.filter { $0.count >= 3 }
        guard let first = rings.first?.first else { return nil }
        // A plane where a degree of longitude is as long as one of latitude here.
        let scale = cos(first.lat * .pi / 180)
        let planes = rings.map { ring in ring.map { (x: $0.lon * scale, y: $0.lat) } }
        func point(_ x: Double, _ y: Double) -> GeoPoint { GeoPoint(lat: y, lon: x / scale) }
        if let largest = planes.max(by: { abs(area($0)) < abs(area($1)) }), let centroid = centroid(largest),
            contains(planes, x: centroid.x, y: centroid.y)
        {
            return point(centroid.x, centroid.y)
        }
        let ys = planes.flatMap { $0.map(\.y) }
        guard let low = ys.min(), let high = ys.max(), high > low else { return middle(rings.flatMap { $0 }) }
        var best: (length: Double, x: Double, y: Double)?
        for line in 0..<scanLines {
            let y = low + (high - low) * (Double(line) + 0.5) / Double(scanLines)
            var crossings: [Double] = []
            for ring in planes {
                for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) where (a.y > y) != (b.y > y) {
                    crossings.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
                }
            }
            crossings.sort()
            // Between the first and second crossing, the third and fourth ... is inside.
            for pair in stride(from: 0, to: crossings.count - 1, by: 2) {
                let length = crossings[pair + 1] - crossings[pair]
                if length > (best?.length ?? 0) { best = (length, (crossings[pair] + crossings[pair + 1]) / 2, y) }
            }
        }
        guard let best else { return middle(rings.flatMap { $0 }) }
        return point(best.x, best.y)
    }

    /// The point halfway along a line, by length (its first point if it has no length).
    static func along(_ line: [GeoPoint]) -> GeoPoint? {
        guard let first = line.first else { return nil }
        let total = zip(line, line.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        var walked = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            let step = a.distance(to: b)
            if step > 0, walked + step >= total / 2 {
                let t = (total / 2 - walked) / step
                return GeoPoint(lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t)
            }
            walked += step
        }
        return first
    }

    /// Twice the signed area of a ring (the shoelace sum), positive anticlockwise.
    static func area(_ ring: [(x: Double, y: Double)]) -> Double {
        zip(ring, ring.dropFirst() + [ring[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
    }

    static func centroid(_ ring: [(x: Double, y: Double)]) -> (x: Double, y: Double)? {
        let twiceArea = area(ring)
        guard twiceArea != 0 else { return nil }
        var x = 0.0, y = 0.0
        for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) {
            let cross = a.x * b.y - b.x * a.y
            x += (a.x + b.x) * cross
            y += (a.y + b.y) * cross
        }
        return (x / (3 * twiceArea), y / (3 * twiceArea))
    }

    /// Whether a point is inside the rings, by the even-odd rule.
    static func contains(_ rings: [[(x: Double, y: Double)]], x: Double, y: Double) -> Bool {
        var inside = false
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) where (a.y > y) != (b.y > y) {
                if x < a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
            }
        }
        return inside
    }

    static func middle(_ points: [GeoPoint]) -> GeoPoint? {
        guard !points.isEmpty else { return nil }
        let count = Double(points.count)
        return GeoPoint(lat: points.map(\.lat).reduce(0, +) / count, lon: points.map(\.lon).reduce(0, +) / count)
    }
}
