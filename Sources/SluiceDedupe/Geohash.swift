import Foundation

/// Geohash cells for blocking `geo.lat`/`geo.lon` points (their distance, for comparing them, is
/// the core's `GeoDistance.greatCircleMetres`).
///
///     Geohash.encode(latitude: 37.7955, longitude: -122.4106, precision: 7)  // "9q8zn6x"
///
/// A 7-character cell is about 150 m × 150 m, 6 characters about 1.2 km × 0.6 km.
public enum Geohash {
    static let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz".utf8)

    /// The cell holding a point, `precision` base-32 characters long (1…12).
    public static func encode(latitude: Double, longitude: Double, precision: Int) -> String? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        var latRange = (-90.0, 90.0), lonRange = (-180.0, 180.0)
        var out: [UInt8] = []
        var bits = 0, value = 0, even = true
        while out.count < max(1, min(12, precision)) {
            if even {
                let mid = (lonRange.0 + lonRange.1) / 2
                if longitude >= mid { value = value << 1 | 1; lonRange.0 = mid } else { value <<= 1; lonRange.1 = mid }
            } else {
                let mid = (latRange.0 + latRange.1) / 2
                if latitude >= mid { value = value << 1 | 1; latRange.0 = mid } else { value <<= 1; latRange.1 = mid }
            }
            even.toggle()
            bits += 1
            if bits == 5 {
                out.append(alphabet[value])
                bits = 0
                value = 0
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
