import SluiceCore

/// `sluice-geocode`'s part of the record contract: the member it adds to each record and that
/// object's fields, in the order it writes them (`GeoMatch.json`, and `GeoMatch.writeJSON`,
/// which spells them pre-quoted and is held to `json` by `GeoMatchTests`). The report, the
/// evaluations and the Swift library read the stage's output through these; the Spark driver and
/// the Python scripts through `output` (`--describe-output`).
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

    /// The member and its fields as `sluice-geocode --describe-output` prints them.
    public static let output = OutputDescription(
        member: member, meaning: "where the record's address is, from the gazetteer, and how sure the answer is",
        fields: [
            .sometimes(lat, .number, meaning: "WGS84 latitude in degrees, 6 decimals; absent when nothing matched"),
            .sometimes(lon, .number, meaning: "WGS84 longitude in degrees, 6 decimals; absent when nothing matched"),
            .always(precision, .string, meaning: "what matched: " + Precision.allCases.map(\.rawValue).joined(separator: ", ")),
            .always(score, .number, meaning: "the chance the answer is within 250 m, 2 decimals (SCORES in --help)"),
            .sometimes(matched, .string, meaning: "the gazetteer feature that answered; absent when none did"),
            .always(method, .string, meaning: "the rule that found the answer (address_point, …)"),
            .sometimes(note, .string, meaning: "a warning beside an answer"),
            .sometimes(reason, .string, meaning: "why nothing matched, in place of note"),
            .sometimes(candidates, .array, meaning: "--candidates N or under --min-score: the next-best answers, each an object of these fields"),
        ])

    /// Every field, in the order written; `precision`, `score` and `method` are always there.
    public static let all = output.names
    public static let required = output.required
}
