import SluiceCore

/// `sluice-sanitize`'s part of the record contract: the member it adds to each record and that
/// object's fields, in the order it writes them (`ParsedAddress+JSON.swift`, where the fast
/// writer spells them pre-quoted; `ParsedAddress+JSONTests.swift` holds it to `json`, which uses these).
/// Whoever reads the stage's output names the fields through these: the geocoder, the report,
/// the Swift library; the Spark driver and the Python scripts through `output` (`--describe-output`).
///
///     {"title":"Vertigo","address":{"raw":"766 Vallejo St.","clean":"766 Vallejo St","kind":"street_address",…,"key":"766 vallejo st"}}
///     AddressFields.member + "." + AddressFields.key   // "address.key", the path dedupe keys on
public enum AddressFields {
    /// The member added to each record (`--as NAME` chooses another).
    public static let member = "address"
    public static let raw = "raw"
    public static let clean = "clean"
    public static let kind = "kind"
    public static let place = "place"
    public static let number = "number"
    public static let numberTo = "number_to"
    public static let preDirectional = "pre_dir"
    public static let street = "street"
    public static let suffix = "suffix"
    public static let postDirectional = "post_dir"
    public static let unit = "unit"
    public static let crossStreet = "cross_street"
    public static let crossStreet2 = "cross_street_2"
    public static let neighborhood = "neighborhood"
    public static let city = "city"
    public static let state = "state"
    public static let zip = "zip"
    public static let key = "key"
    /// With `--split`: which location of the text this record is, of how many.
    public static let part = "part"
    public static let parts = "parts"
    public static let alternatives = "alternatives"
    public static let notes = "notes"

    /// The member and its fields as `sluice-sanitize --describe-output` prints them.
    public static let output = OutputDescription(
        member: member, meaning: "the address read from the record's text, in parts; only the parts found are written",
        fields: [
            .always(raw, .string, .null, meaning: "the text as read (null when the field was null or missing)"),
            .sometimes(clean, .string, meaning: "the text cleaned: spacing, case and punctuation tidied"),
            .always(kind, .string, meaning: "what the text is: " + ParsedAddress.Kind.allCases.map(\.rawValue).joined(separator: ", ")),
            .sometimes(place, .string, meaning: "a named place (a landmark, a building, a business)"),
            .sometimes(number, .string, meaning: "the house number"),
            .sometimes(numberTo, .string, meaning: "the last house number of a range (1158-70: 1170)"),
            .sometimes(preDirectional, .string, meaning: "a direction before the street's name (N, SW)"),
            .sometimes(street, .string, meaning: "the street's name"),
            .sometimes(suffix, .string, meaning: "the street's type, abbreviated (St, Ave)"),
            .sometimes(postDirectional, .string, meaning: "a direction after the street's type"),
            .sometimes(unit, .string, meaning: "an apartment, suite or floor"),
            .sometimes(crossStreet, .string, meaning: "the other street of an intersection, or a segment's first cross street"),
            .sometimes(crossStreet2, .string, meaning: "a segment's second cross street"),
            .sometimes(neighborhood, .string, meaning: "a neighbourhood named in the text"),
            .sometimes(city, .string, meaning: "the town: from the text, --city-field or --city"),
            .sometimes(state, .string, meaning: "the state's two-letter code"),
            .sometimes(zip, .string, meaning: "the ZIP code"),
            .sometimes(key, .string, meaning: "the address folded for matching (what dedupe keys on: address.key)"),
            .sometimes(part, .integer, meaning: "--split: which location of the text this record is, from 1"),
            .sometimes(parts, .integer, meaning: "--split: how many locations the text holds"),
            .sometimes(alternatives, .array, meaning: "other readings of the text, each an object of these fields without raw"),
            .sometimes(notes, .array, meaning: "what the parser noticed, each a name (shared_suffix, …)"),
        ])

    /// Every field, in the order written; `raw` and `kind` are always there.
    public static let all = output.names
    public static let required = output.required
}
