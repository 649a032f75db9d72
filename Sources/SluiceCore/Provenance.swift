/// Where a record came from. `sluice-fetch` adds it as the record's last member and every later
/// stage keeps it, so any row of the final database traces back to its input:
///
///     "provenance":{"source":"data/Film_Locations_in_San_Francisco.csv","row":17}
///
/// `row` counts records from 1 in their source (a CSV's header is not a record), so a CSV row
/// with embedded newlines is still one row. Stages that split a record add `part`.
public enum Provenance {
    public static let key = "provenance"

    public static func value(source: String, row: Int) -> JSONValue {
        .object([JSONMember("source", .string(source)), JSONMember("row", .int(row))])
    }
}
