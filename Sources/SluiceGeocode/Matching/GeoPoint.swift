import Foundation
import SluiceCore

/// A WGS84 position, with the small-area geometry a city geocoder needs: distances in metres,
/// a point part-way along a line, and a sideways offset from it.
///
///     let a = GeoPoint(lat: 37.79, lon: -122.40), b = GeoPoint(lat: 37.80, lon: -122.40)
///     a.distance(to: b)                       // ≈ 1112 (metres)
///     GeoPoint.along([a, b], fraction: 0.5)   // (37.795, -122.40) and the bearing of that piece
public struct GeoPoint: Equatable, Hashable, Sendable {
    public var lat: Double
    public var lon: Double

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    static let metresPerDegree = GeoDistance.metresPerDegree

    /// Distance in metres (the core's `GeoDistance.cityMetres`, equirectangular: exact enough
    /// within a city).
    @inline(__always)
    public func distance(to other: GeoPoint) -> Double { GeoDistance.cityMetres(lat, lon, other.lat, other.lon) }

    /// Six decimals (about 0.1 m), no trailing zeros: the gazetteer's and `geo`'s precision.
    public static func format(_ degrees: Double) -> String { fixed(degrees, decimals: 6) }

    /// `value` rounded to `decimals` places, trailing zeros dropped; the same text as
    /// `String(format: "%.6f")` trimmed, without Foundation's formatter (which was a tenth of
    /// the geocoder's time).
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `fixed`'s text appended as bytes, without making a `String` (a record's `geo` writes
    /// three numbers).
    public static func appendFixed(_ value: Double, decimals: Int, to out: inout [UInt8]) {
        guard value.isFinite else { return out.append(UInt8(ascii: "0")) }
        let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return out.append(contentsOf: String(value).utf8) }
        var units = Int(scaled)
        if units == 0 { return out.append(UInt8(ascii: "0")) }
        var digits = decimals
        while digits > 0, units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        // The text is made in a small buffer, then appended at once: appending it byte by
        // byte cost more than working it out. A sign, fewer than 16 digits (scaled < 9e15) and
        // a point; or `0.`, fewer zeros than `decimals`, then the digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: decimals + 24) { text in
            var length = 0
            func put(_ byte: UInt8) {
                text[length] = byte
                length += 1
            }
            if value < 0 { put(UInt8(ascii: "-")) }
            // The digits of `units`, last first.
            var reversed: (UInt64, UInt64) = (0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &reversed) { digitsLastFirst in
                while units > 0 {
                    digitsLastFirst[count] = UInt8(ascii: "0") + UInt8(units % 10)
                    units /= 10
                    count += 1
                }
                // `0.0012`: as many zeros as the decimals have digits `units` does not.
                if count <= digits {
                    put(UInt8(ascii: "0"))
                    put(UInt8(ascii: "."))
                    for _ in 0..<(digits - count) { put(UInt8(ascii: "0")) }
                }
                for index in stride(from: count - 1, through: 0, by: -1) {
                    if index == digits - 1 && count > digits { put(UInt8(ascii: ".")) }
                    put(digitsLastFirst[index])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<length]))
        }
    }

    /// The length of a line in metres.
    public static func length(_ line: [GeoPoint]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The point at `fraction` (0...1) of the line's length, and the unit direction (east, north)
    /// of the piece it lies on.
    public static func along(_ line: [GeoPoint], fraction: Double) -> (point: GeoPoint, east: Double, north: Double) {
        guard let first = line.first else { return (GeoPoint(lat: 0, lon: 0), 1, 0) }
        guard line.count > 1 else { return (first, 1, 0) }
        let total = length(line)
        var remaining = max(0, min(1, fraction)) * total
        for (a, b) in zip(line, line.dropFirst()) {
            let piece = a.distance(to: b)
            if remaining <= piece || b == line[line.count - 1] {
                let t = piece > 0 ? min(1, remaining / piece) : 0
                let point = GeoPoint(lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t)
                let (east, north) = direction(from: a, to: b)
                return (point, east, north)
            }
            remaining -= piece
        }
        return (line[line.count - 1], 1, 0)
    }

    /// The unit vector (east, north) from `a` to `b`.
    static func direction(from a: GeoPoint, to b: GeoPoint) -> (Double, Double) {
        let east = (b.lon - a.lon) * cos(a.lat * .pi / 180)
        let north = b.lat - a.lat
        let norm = (east * east + north * north).squareRoot()
        return norm > 0 ? (east / norm, north / norm) : (1, 0)
    }

    /// The point of the line from `a` to `b` closest to this one.
    ///
    ///     GeoPoint(lat: 37.7998, lon: -122.3989).closest(onLineFrom: a, to: b)   // the foot on a→b
    public func closest(onLineFrom a: GeoPoint, to b: GeoPoint) -> GeoPoint {
        let scale = cos(lat * .pi / 180)
        let dx = (b.lon - a.lon) * scale, dy = b.lat - a.lat
        let length = dx * dx + dy * dy
        guard length > 0 else { return a }
        let t = max(0, min(1, ((lon - a.lon) * scale * dx + (lat - a.lat) * dy) / length))
        return GeoPoint(lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon))
    }

    /// This point moved `metres` east and north.
    public func moved(east: Double, north: Double) -> GeoPoint {
        GeoPoint(
            lat: lat + north / Self.metresPerDegree,
            lon: lon + east / (Self.metresPerDegree * cos(lat * .pi / 180)))
    }

    /// The middle of a set of points (mean), for a street or segment summary.
    public static func mean(_ points: [GeoPoint]) -> GeoPoint? {
        guard !points.isEmpty else { return nil }
        let lat = points.reduce(0) { $0 + $1.lat } / Double(points.count)
        let lon = points.reduce(0) { $0 + $1.lon } / Double(points.count)
        return GeoPoint(lat: lat, lon: lon)
    }
}
