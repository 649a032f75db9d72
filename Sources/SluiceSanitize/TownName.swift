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

    /// The key of the town a name written with a direction before it is a part of (`East
    /// Cambridge`, `N. Cambridge` → `cambridge`), as the parser reads `…, e San Jose`; nil for a
    /// name without one. Whether a post office has the whole name (`North Andover`) is the caller's.
    public static func partKey(_ name: String) -> String? {
        let words = AddressTokenizer.tokens(name).filter(\.isWord)
        guard words.count > 1, USPSTables.directionals[words[0].lower] != nil else { return nil }
        return key(words.dropFirst().map(\.lower).joined(separator: " "))
    }
}
