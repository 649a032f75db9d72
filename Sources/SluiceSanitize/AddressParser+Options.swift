import SluiceCore

/// `--city` and `--state`, and the record's own `--city-field`/`--state-field`/`--zip-field`
/// (`TownFields`), the options of every stage that reads free-text locations
/// (`sluice-sanitize`, and `sluice-geocode --field`): one wording, one reading.
///
///     sluice-geocode --gazetteer portland.csv --field location --city Portland --state OR
///     // `1120 SW 5th Ave, Portland`: an address on SW 5th Ave, `Portland` its city, not a place
extension AddressParser {
    /// The options' help. `recorded`: the stage writes the address, so the city and state
    /// are also filled in where the text names none (sanitize); geocode only reads them.
    public static func cityOptions(recorded: Bool) -> [OptionSpec] {
        let city = recorded ? "city to record when neither record nor text names one, and read" : "city read"
        let state = recorded ? "state to record when neither record nor text names one, and read" : "state read"
        return [
            .value("city", "CITY", "\(city) as the city where a location ends with it (e.g. Portland; none: SF's spellings)"),
            .value("state", "ST", "\(state) after that city (e.g. OR)"),
        ] + TownFields.options
    }

    /// The parser for a stage's `--city`/`--state` (San Francisco's names without them).
    public init(arguments: ParsedArguments) {
        self.init(city: arguments["city"], state: arguments["state"])
    }
}
