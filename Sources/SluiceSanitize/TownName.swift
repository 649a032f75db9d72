/// The one way two spellings of a town's name are compared: by the parser reading a city at
/// the end of a location, by the gazetteer builder writing a row's town, and by the geocoder
/// choosing rows of the record's town and refusing towns its gazetteer does not cover.
///
///     TownName.key("St. Paul") == TownName.key("Saint Paul")          // "saint paul"
///     TownName.key("Winston-Salem") == TownName.key("winston salem")  // "winston salem"
///     TownName.key("  SAN FRANCISCO ") == "san francisco"
public enum TownName {
    /// Case, periods, apostrophes and hyphens folded, spaces collapsed, and a leading title in
    /// one spelling (`St`/`Saint` → `saint`, `Mt` → `mount`, `Ft` → `fort`); San Francisco's
    /// spellings the parser reads (`SF`, `S.F.`, `San Fransisco`) are `san francisco`.
    public static func key(_ name: String) -> String {
        let words = AddressTokenizer.tokens(name).filter(\.isWord).map(\.lower)
        if words.isEmpty { return "" }
        let key = CityNames.key(words)
        return Vocabulary.cityNames.contains(key) || Vocabulary.cityNames.contains(words.joined(separator: " ")) ? "san francisco" : key
    }
}
