import Foundation

/// Degrees to map units for one city: equirectangular, with longitudes scaled by the cosine of
/// the map's middle latitude, so that a metre east and a metre north are the same length on
/// the page (at 37.8° N an unscaled degree of longitude would be drawn 27% too wide). Within a
/// city, the error of this projection against Web Mercator's local scale is far below a pixel.
///
///     let map = MapProjection(south: 37.70, west: -122.52, north: 37.84, east: -122.35)
///     map.width, map.height                      // 3843, 4000 (units)
///     map.x(-122.52), map.y(37.84)               // 40, 40 (the top left corner, inside the margin)
struct MapProjection: Equatable {
    var south, west, north, east: Double
    /// Map units per degree of latitude.
    let scale: Double
    let cosine: Double
    /// The longer side in map units (about 3 m each across San Francisco); the other follows
    /// from the area's shape.
    static let size = 4000.0
    /// Space around the area, in map units.
    static let margin = 40.0

    init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
        cosine = cos((south + north) / 2 * .pi / 180)
        // A single point (or none) still gets a small area around it.
        let span = max((east - west) * cosine, north - south, 0.002)
        scale = (Self.size - 2 * Self.margin) / span
    }

    /// The area around a set of points, or nil for none.
    init?(covering points: some Sequence<(lat: Double, lon: Double)>) {
        var bounds: (south: Double, west: Double, north: Double, east: Double)?
        for point in points {
            guard let known = bounds else {
                bounds = (point.lat, point.lon, point.lat, point.lon)
                continue
            }
            bounds = (min(known.south, point.lat), min(known.west, point.lon), max(known.north, point.lat), max(known.east, point.lon))
        }
        guard let bounds else { return nil }
        self.init(south: bounds.south, west: bounds.west, north: bounds.north, east: bounds.east)
    }

    func x(_ lon: Double) -> Double { Self.margin + (lon - west) * cosine * scale }
    func y(_ lat: Double) -> Double { Self.margin + (north - lat) * scale }

    var width: Double { (2 * Self.margin + (east - west) * cosine * scale).rounded(.up) }
    var height: Double { (2 * Self.margin + (north - south) * scale).rounded(.up) }

    /// Whether a point is in the area or within `slack` degrees of it.
    func contains(lat: Double, lon: Double, slack: Double = 0) -> Bool {
        (south - slack...north + slack).contains(lat) && (west - slack...east + slack).contains(lon)
    }

    /// How many metres one map unit is, for the scale bar.
    var metresPerUnit: Double { 111_195.0 / scale }
}
