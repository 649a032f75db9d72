#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Distances in metres between two WGS84 positions (degrees), the one home of both formulas:
/// `cityMetres` where the points lie within a city (the geocoder, the gazetteer builder, the
/// evaluations, through `GeoPoint.distance`), `greatCircleMetres` for any two points (dedupe's
/// `geo` comparison). They differ by under 0.1% across a city; each stays as it is because what
/// the stages write depends on it (a dedupe level, a geocoder's agreement radius).
///
///     GeoDistance.cityMetres(37.79, -122.40, 37.80, -122.40)                    // ≈ 1112
///     GeoDistance.greatCircleMetres(37.7955, -122.4106, 37.7949, -122.4093)     // ≈ 130
public enum GeoDistance {
    /// Metres in a degree of latitude (and of longitude at the equator), on the mean Earth.
    public static let metresPerDegree = 111_195.0
    /// The mean Earth radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// Equirectangular: longitude scaled by the cosine of the mean latitude; exact enough within
    /// a city, and one cosine.
    @inlinable
    public static func cityMetres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let x = (lon2 - lon1) * cos((lat1 + lat2) / 2 * .pi / 180)
        let y = lat2 - lat1
        return (x * x + y * y).squareRoot() * metresPerDegree
    }

    /// Haversine great-circle distance on the mean Earth.
    @inlinable
    public static func greatCircleMetres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }
}
