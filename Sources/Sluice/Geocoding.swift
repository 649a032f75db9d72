import SluiceGeocode
import SluiceSanitize

extension SluiceGeocode.Geocoder {
    /// The answers for a free-text location, best first, read as `sluice-geocode --field` reads
    /// a record's text (by `parser`: San Francisco's names unless given another town).
    ///
    ///     let geocoder = Geocoder(try Gazetteer.load(path: "data/sf-gazetteer.csv"))
    ///     let best = geocoder.geocode("Hyde St. at Greenwich").first
    ///     // best?.precision == .intersection, best?.point ≈ GeoPoint(lat: 37.80106, lon: -122.41943)
    ///
    /// For records (NDJSON lines), `RecordGeocoder` adds the `geo` member the stage writes.
    public func geocode(_ text: String, parser: AddressParser = GeocodeQuery.sanFranciscoParser) -> [GeoMatch] {
        geocode(GeocodeQuery.reading(text, by: parser))
    }
}
