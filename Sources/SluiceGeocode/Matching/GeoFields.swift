/// `sluice-geocode`'s part of the record contract: the member it adds to each record and that
/// object's fields, in the order it writes them (`GeoMatch.json`, and `GeoMatch.writeJSON`,
/// which spells them pre-quoted and is held to `json` by `GeoMatchTests`). The report, the
/// evaluations and the Swift library read the stage's output through these.
///
///     {"title":"Vertigo",…,"geo":{"lat":37.798,"lon":-122.4092,"precision":"address","score":0.95,"matched":"766 VALLEJO ST","method":"address_point"}}
public enum GeoFields {
    /// The member added to each record (`--as NAME` chooses another).
    public static let member = "geo"
    /// WGS84 degrees, 6 decimals; absent when nothing matched.
    public static let lat = "lat"
    public static let lon = "lon"
    /// `Precision`'s raw value: `address`, `intersection`, …, `none`.
    public static let precision = "precision"
    /// The chance of being within 250 m (`GeocodeScore`), 2 decimals.
    public static let score = "score"
    /// The gazetteer feature that answered; absent when none did.
    public static let matched = "matched"
    public static let method = "method"
    /// A warning beside an answer; `reason` in its place when nothing matched.
    public static let note = "note"
    public static let reason = "reason"
    /// With `--candidates N` (or under `--min-score`): the next-best answers, each a `geo` object.
    public static let candidates = "candidates"

    /// Every field, in the order written; `precision`, `score` and `method` are always there.
    public static let all = [lat, lon, precision, score, matched, method, note, reason, candidates]
    public static let required = [precision, score, method]
}
