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
    ///
    /// A municipality's title before its name (`Village of Essex`, `City of Towson`, `Town of
    /// Hempstead`) and what follows its name in brackets (`Essex (Baltimore County)`) are left out,
    /// as record fields and town columns write them: they were towns no gazetteer covers. A post
    /// office's own name keeps its title (`City of Industry`).
    public static func key(_ name: String) -> String {
        let tokens = AddressTokenizer.tokens(name)
        // Up to a bracket, when words come before it.
        let bracket = tokens.firstIndex { $0.isPunct("(") || $0.isPunct("[") }
        var words = tokens[..<(bracket.flatMap { index in tokens[..<index].contains(where: \.isWord) ? index : nil } ?? tokens.endIndex)]
            .filter(\.isWord).map(\.lower)
        // Not where a post office has the whole name (`City of Industry`, CA; `Township of Washington`, NJ).
        if words.count > 2, words[1] == "of", titles.contains(words[0]), USTowns.states(named: words).isEmpty { words.removeFirst(2) }
        if words.isEmpty { return "" }
        let key = CityNames.key(words)
        return Vocabulary.cityNames.contains(key) || Vocabulary.cityNames.contains(words.joined(separator: " ")) ? "san francisco" : key
    }

    /// The titles of a municipality written before its name with `of`.
    static let titles: Set<String> = ["city", "town", "village", "borough", "township"]

    /// The key of the town a name written with a direction before it is a part of (`East
    /// Cambridge`, `N. Cambridge` → `cambridge`), as the parser reads `…, e San Jose`; nil for a
    /// name without one. Whether a post office has the whole name (`North Andover`) is the caller's.
    public static func partKey(_ name: String) -> String? {
        let words = AddressTokenizer.tokens(name).filter(\.isWord)
        guard words.count > 1, USPSTables.directionals[words[0].lower] != nil else { return nil }
        return key(words.dropFirst().map(\.lower).joined(separator: " "))
    }
}
