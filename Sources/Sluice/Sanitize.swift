import SluiceCore
import SluiceSanitize

/// Each record with an `address` member read from its text field `field`, as
/// `sluice-sanitize --field FIELD` writes it (the same command, run by `StageRunner`).
///
///     let records = [#"{"title":"Vertigo","locations":"Mason & California Streets (Nob Hill)"}"#]
///     try sanitize(records, field: "locations", city: "San Francisco", state: "CA")
///     // [{"title":"Vertigo","locations":"Mason & California Streets (Nob Hill)",
///     //   "address":{"raw":"Mason & California Streets (Nob Hill)","clean":"Mason St & California St, Nob Hill, …",…}}]
///
/// For one text, `AddressParser(city:state:).parse(text)` gives the address itself.
///
/// - Parameters:
///   - records: NDJSON lines, each a JSON object.
///   - field: the text field to read (`--field`; a dotted path reaches into objects).
///   - city: the town of texts that name none (`--city`), with `state` (`--state`).
///   - options: any other option of `sluice-sanitize --help` (`["--split"]`, `["--as", "parsed"]`).
/// - Throws: `StageFailure` where the executable would stop (a line that is not a JSON object,
///   a bad option), its message naming the record's line.
/// - Complexity: O(n) in the records' size; the output is held in memory.
public func sanitize(_ records: [String], field: String, city: String? = nil, state: String? = nil, options: [String] = []) throws -> [String] {
    try StageRunner.run(SanitizeCommand.self, records: records) { _ in
        ["--field", field] + (city.map { ["--city", $0] } ?? []) + (state.map { ["--state", $0] } ?? []) + options
    }.lines
}
