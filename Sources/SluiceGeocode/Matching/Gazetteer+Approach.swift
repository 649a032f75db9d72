import Foundation

/// Streets that meet without sharing a node.
extension Gazetteer {
    /// Where two streets come within `metres` of each other without sharing a node (divided
    /// roads such as The Embarcadero have separate carriageways whose nodes the cross streets
    /// do not share): the middle of the closest pair of their line points.
    /// When no two line points are that close, a street that ends within `lineMetres` of the
    /// other's line between two of its points meets it there (`Vallejo St` ends 37 m from The
    /// Embarcadero's line, 105 m from its nearest point).
    ///
    /// Ties go to the pair met first walking both streets' points in order, as a plain double
    /// loop would; the latitude index only skips pairs that cannot be close enough.
    /// - Complexity: O(p log q + k) in the two streets' line points and the k pairs in a band
    ///   of latitude; O(1) when the streets' boxes are farther apart than `metres`.
    func nearestApproach(_ a: Int, _ b: Int, within metres: Double = approachMetres, lineMetres: Double = 40) -> GeoPoint? {
        let first = streetLines[a], second = streetLines[b]
        guard first.gapMetres(to: second) <= max(metres, lineMetres) else { return nil }
        let shortest = Self.shortestDegreeOfLongitude(first, second)
        if let point = closestPoints(first, second, within: metres, shortest: shortest) { return point }
        var best: (distance: Double, point: GeoPoint)?
        for (points, lines) in [(first, segmentsByStreet[b]), (second, segmentsByStreet[a])] {
            for line in lines {
                if let near = closestFoot(points, on: segments[line].points, within: lineMetres, shortest: shortest),
                    near.distance < best?.distance ?? .infinity
                {
                    best = near
                }
            }
        }
        return best?.point
    }

    /// How close two streets' lines must pass to meet without a shared node (`--help`, SCORES).
    static let approachMetres = 80.0

    /// Metres in a degree of longitude where the two streets reach farthest from the equator,
    /// slightly under, so bounds built from it never rule out a pair `GeoPoint.distance` keeps.
    static func shortestDegreeOfLongitude(_ a: LatitudeIndex, _ b: LatitudeIndex) -> Double {
        max(0, cos(max(a.largestAbsoluteLatitude, b.largestAbsoluteLatitude) * .pi / 180)) * GeoPoint.metresPerDegree * 0.99
    }

    /// The middle of the closest pair of points (one of each street) within `metres`.
    func closestPoints(_ first: LatitudeIndex, _ second: LatitudeIndex, within metres: Double, shortest: Double) -> GeoPoint? {
        // Farther apart in latitude than this, a pair is farther apart than `metres`.
        let reach = min(0.001, metres / GeoPoint.metresPerDegree * 1.02) + 1e-9
        var best: (distance: Double, i: Int, j: Int, point: GeoPoint)?
        for (i, p) in first.points.enumerated() {
            for place in second.band(from: p.lat - reach, to: p.lat + reach) {
                let j = second.position[place]
                let q = second.points[j]
                guard abs(p.lat - q.lat) < 0.001, abs(p.lon - q.lon) * shortest <= metres else { continue }
                let distance = p.distance(to: q)
                guard distance <= metres else { continue }
                if let found = best, distance > found.distance || (distance == found.distance && (found.i, found.j) < (i, j)) { continue }
                best = (distance, i, j, GeoPoint(lat: (p.lat + q.lat) / 2, lon: (p.lon + q.lon) / 2))
            }
        }
        return best?.point
    }

    /// The closest of `points` to `line` within `metres`, with the middle of it and its foot
    /// on the line; ties go to the earlier piece of the line, then the earlier point.
    func closestFoot(_ points: LatitudeIndex, on line: [GeoPoint], within metres: Double, shortest: Double) -> (
        distance: Double, point: GeoPoint
    )? {
        let latitudeReach = metres / GeoPoint.metresPerDegree * 1.02
        let longitudeReach = shortest > 0 ? metres / shortest * 1.02 : .infinity
        var best: (distance: Double, point: GeoPoint)?
        for (start, end) in zip(line, line.dropFirst()) {
            // A point's foot lies on the piece, so a point outside the piece's box widened by
            // `metres` (or more than 0.005° of latitude from its start) cannot count.
            let low = max(start.lat - 0.005 - 1e-9, min(start.lat, end.lat) - latitudeReach)
            let high = min(start.lat + 0.005 + 1e-9, max(start.lat, end.lat) + latitudeReach)
            guard low <= high else { continue }
            let west = min(start.lon, end.lon) - longitudeReach, east = max(start.lon, end.lon) + longitudeReach
            var piece: (distance: Double, i: Int, point: GeoPoint)?
            for place in points.band(from: low, to: high) {
                let i = points.position[place]
                let p = points.points[i]
                guard p.lon >= west, p.lon <= east, abs(p.lat - start.lat) < 0.005 else { continue }
                let foot = p.closest(onLineFrom: start, to: end)
                let distance = p.distance(to: foot)
                guard distance <= metres else { continue }
                if let found = piece, distance > found.distance || (distance == found.distance && found.i < i) { continue }
                piece = (distance, i, GeoPoint(lat: (p.lat + foot.lat) / 2, lon: (p.lon + foot.lon) / 2))
            }
            if let piece, piece.distance < best?.distance ?? .infinity { best = (piece.distance, piece.point) }
        }
        return best
    }
}
