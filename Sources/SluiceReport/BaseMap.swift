import SluiceGeocode

/// The city under the points, from the gazetteer the geocoder used: every street block's
/// centreline (`segment` rows) and the parks (`place` rows of category `park`, which the data
/// has as points, not shapes). Read with the geocoder's own reader, so the two always agree on
/// the format.
///
///     let base = try BaseMap(gazetteer: "data/sf-gazetteer.csv")   // 16,295 blocks, 234 parks
///     base.area      // the streets' bounds: 37.70…37.83 N, 122.51…122.36 W
struct BaseMap {
    /// Each block's line, first point to last.
    var blocks: [[(lat: Double, lon: Double)]] = []
    var parks: [(name: String, lat: Double, lon: Double)] = []

    init() {}

    init(gazetteer path: String) throws {
        let gazetteer = try Gazetteer.load(path: path)
        blocks = gazetteer.segments.map { segment in segment.points.map { ($0.lat, $0.lon) } }
        parks = gazetteer.places.filter { $0.category == "park" }.map { ($0.name, $0.point.lat, $0.point.lon) }
    }

    /// The streets' extent (the parks' when there are no streets), nil for an empty map.
    var area: MapProjection? {
        MapProjection(covering: blocks.isEmpty ? parks.map { ($0.lat, $0.lon) } : blocks.joined().map { $0 })
    }

    /// All blocks as one SVG path, in whole map units: `M x y` starts a line (only where a block
    /// does not begin where the last one ended) and `l dx dy` steps, relative to the rounded
    /// previous point so that no rounding error builds up. About 7 bytes a point.
    func streetPath(on map: MapProjection) -> String {
        var path = ""
        path.reserveCapacity(blocks.count * 40)
        var pen: (x: Int, y: Int)?
        for block in blocks {
            var previous: (x: Int, y: Int)?
            for point in block {
                let here = (x: Int(map.x(point.lon).rounded()), y: Int(map.y(point.lat).rounded()))
                guard let last = previous else {
                    if pen.map({ $0 != here }) ?? true { path += "M\(here.x) \(here.y)" }
                    previous = here
                    continue
                }
                guard here != last else { continue }
                path += "l" + Self.pair(here.x - last.x, here.y - last.y)
                previous = here
            }
            pen = previous
        }
        return path
    }

    /// `3 -4` as `3-4`: a minus sign separates numbers by itself.
    static func pair(_ dx: Int, _ dy: Int) -> String {
        dy < 0 ? "\(dx)\(dy)" : "\(dx) \(dy)"
    }
}
