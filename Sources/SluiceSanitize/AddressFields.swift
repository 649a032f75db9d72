/// `sluice-sanitize`'s part of the record contract: the member it adds to each record and that
/// object's fields, in the order it writes them (`ParsedAddress+JSON.swift`, where the fast
/// writer spells them pre-quoted; `ParsedAddress+JSONTests.swift` holds it to `json`, which uses these).
/// Whoever reads the stage's output names the fields through these: the geocoder, the report,
/// the Swift library.
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

    /// Every field, in the order written; `raw` and `kind` are always there.
    public static let all = [
        raw, clean, kind, place, number, numberTo, preDirectional, street, suffix, postDirectional, unit, crossStreet, crossStreet2,
        neighborhood, city, state, zip, key, part, parts, alternatives, notes,
    ]
    public static let required = [raw, kind]
}
