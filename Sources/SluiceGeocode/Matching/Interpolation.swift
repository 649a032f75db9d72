/// House-number interpolation along a street block: find the block whose range on the
/// number's side (odd or even) holds it, walk that share of the line, and step off the
/// centreline towards that side so opposite addresses do not land on the same point.
///
///     // A block 1–99 on the left, 2–98 on the right, running north:
///     Interpolation.locate(number: 51, in: segment)   // halfway up, 8 m west of the line
enum Interpolation {
    /// How far from the centreline an interpolated address is put (half a street's width).
    static let offsetMetres = 8.0

    struct Result {
        var point: GeoPoint
        /// True when the side's range holds the number and has its parity.
        var sideMatched: Bool
    }

    /// The interpolated position of `number` on `segment`, or nil when neither side's range holds it.
    static func locate(number: Int, in segment: Gazetteer.Segment) -> Result? {
        // Left side first, then right; no array of sides (this runs for every block of a street).
        var fallback: Result?
        for left in [true, false] {
            let from = left ? segment.leftFrom : segment.rightFrom
            let to = left ? segment.leftTo : segment.rightTo
            guard let from, let to, from > 0 || to > 0 else { continue }
            guard (min(from, to)...max(from, to)).contains(number) else { continue }
            let fraction = to == from ? 0.5 : Double(number - from) / Double(to - from)
            let (point, east, north) = GeoPoint.along(segment.points, fraction: fraction)
            // Left of the walking direction is the direction turned a quarter anticlockwise.
            let sign = left ? 1.0 : -1.0
            let placed = point.moved(east: -north * offsetMetres * sign, north: east * offsetMetres * sign)
            let sameParity = from & 1 == number & 1 && to & 1 == number & 1
            if sameParity { return Result(point: placed, sideMatched: true) }
            if fallback == nil { fallback = Result(point: point, sideMatched: false) }
        }
        return fallback
    }

    /// How far `number` lies outside a segment's ranges (0 when inside), for the
    /// nearest-block fallback.
    static func gap(number: Int, to segment: Gazetteer.Segment) -> Int? {
        // Bound by bound, with no array of the four: this runs for every block of a street
        // when none holds the number (callgrind: an allocation each).
        var low = Int.max, high = Int.min
        func include(_ bound: Int?) {
            guard let bound, bound > 0 else { return }
            low = min(low, bound)
            high = max(high, bound)
        }
        include(segment.leftFrom)
        include(segment.leftTo)
        include(segment.rightFrom)
        include(segment.rightTo)
        guard low <= high else { return nil }
        if number < low { return low - number }
        if number > high { return number - high }
        return 0
    }

    /// The end of the segment nearest `number`: its first point when below the range.
    static func nearestEnd(number: Int, of segment: Gazetteer.Segment) -> GeoPoint? {
        let lows = [segment.leftFrom, segment.rightFrom].compactMap { $0 }.filter { $0 > 0 }
        let highs = [segment.leftTo, segment.rightTo].compactMap { $0 }.filter { $0 > 0 }
        guard let low = lows.min(), let high = highs.max() else { return segment.points.first }
        let ascending = low <= high
        let belowRange = ascending ? number < low : number > low
        return belowRange ? segment.points.first : segment.points.last
    }
}
