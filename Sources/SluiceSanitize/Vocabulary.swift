/// The words that steer the grammar: what marks a venue, which SF streets go without a suffix,
/// and the connectors of intersections and segments. All lowercase, as `Token.lower` is.
///
///     Vocabulary.placeWords.contains("hotel")      // true: `Fairmont Hotel` is a place
///     Vocabulary.isIntersectionWord("at")          // true: `Hyde St. at Greenwich`
enum Vocabulary {
    /// Words that make a phrase a venue or landmark rather than a street: they decide
    /// `Fort Mason and Crissy Field` (two places, not an intersection) and `3 Embarcadero Center`
    /// (a building). A phrase ending in a street suffix is a street whatever precedes it
    /// (`Mission Bay Blvd`). Chosen from the SF film locations.
    static let placeWords: Set<String> = [
        "hotel", "inn", "motel", "hostel", "restaurant", "cafe", "café", "coffee", "bar", "pub", "saloon", "tavern",
        "grill", "diner", "lounge", "nightclub", "club", "bistro", "pizzeria", "deli", "bakery", "brewery",
        "church", "cathedral", "chapel", "temple", "mosque", "synagogue", "museum", "gallery",
        "bridge", "park", "building", "bldg", "hall", "tower", "towers", "theater", "theatre", "cinema", "pier",
        "piers", "wharf", "hospital", "clinic", "school", "academy", "college", "university", "station", "center",
        "centre", "square", "plaza", "garage", "library", "bank", "store", "shop", "house", "mansion",
        "apartments", "fort", "ft", "beach", "island", "prison", "jail", "stadium", "field", "ballpark", "garden",
        "gardens", "zoo", "terminal", "company", "co", "inc", "exchange", "bookstore", "office", "offices",
        "headquarters", "studio", "studios", "cemetery", "playground", "tunnel", "overpass", "underpass", "steps",
        "stairs", "lake", "reservoir", "palace", "arena", "auditorium", "monument", "memorial", "fountain",
        "statue", "lot", "shipyard", "airport", "port", "lighthouse", "observatory", "aquarium", "mall", "hq",
        "ballroom", "salon", "gym", "laundromat", "works", "factory", "warehouse", "depot", "firehouse",
        "firestation", "department", "embassy", "consulate", "courthouse", "institute", "conservatory", "opera",
        "presidio", "basin", "headlands", "hill", "heights", "valley", "point",
        "campus", "lodge", "pool", "chinatown", "cafeteria", "restaurants", "shops", "emporium", "boathouse",
        "yacht", "ferry", "railway", "market", "grocery", "supermarket", "foods", "liquor", "liquors", "pharmacy",
        "laundry", "cleaners", "books", "records", "video", "vintage", "thrift", "creamery", "taqueria", "kitchen",
    ]

    /// San Francisco streets commonly written with no suffix at all; anything else without a
    /// suffix, number or connector is read as a place.
    /// Those of the city's street list (DataSF "List of Streets and Intersections") whose name
    /// has no suffix are here with the common ones people write without one.
    static let suffixlessStreets: Set<String> = [
        "broadway", "embarcadero", "the embarcadero", "great highway", "upper great highway",
        "lower great highway", "park presidio", "la playa", "buena vista east", "buena vista west",
        "avenue of the palms", "el camino del mar", "la avanzada", "tandang sora", "via bufano", "via ferlinghetti",
        "avenue b", "avenue c", "avenue d", "avenue e", "avenue f", "avenue g", "avenue h", "avenue i", "avenue m", "avenue n",
    ]

    /// `suffixlessStreets` with every Publication 28 suffix word folded to its abbreviation, so
    /// `Ave of the Palms` and `Great Hwy` are found as written: `"ave of the palms"`.
    static let suffixlessStreetKeys: Set<String> = Set(
        suffixlessStreets.map { street in street.split(separator: " ").map { foldedSuffix(String($0)) }.joined(separator: " ") })

    /// A suffix spelling as its lowercase abbreviation (`avenue`, `av` → `ave`); other words unchanged.
    static func foldedSuffix(_ lower: String) -> String {
        USPSTables.suffixes[lower].map(Words.lowercased) ?? lower
    }

    /// The first words of `suffixlessStreets`, every spelling of a suffix among them included
    /// (`ave` for `avenue of the palms`).
    static let suffixlessStreetFirstWords: Set<String> = {
        let firsts = Set(suffixlessStreets.compactMap { $0.split(separator: " ").first.map(String.init) })
        let abbreviations = Set(firsts.compactMap { USPSTables.suffixes[$0] })
        return firsts.union(USPSTables.suffixes.filter { abbreviations.contains($0.value) }.keys)
    }()

    /// Words naming the part of a corner a location is at, after the streets: `Filbert and Kearny
    /// Steps`, `Van Ness and Market Street MUNI exit`, `Sanchez/Cumberland steps and sidewalks`.
    static let structureWords: Set<String> = [
        "steps", "stairs", "stairway", "staircase", "sidewalk", "sidewalks", "station", "stop", "muni", "bart", "exit",
        "entrance", "crosswalk",
    ]

    /// Words naming a side or an end of something, which a directional before them does not
    /// make a street: `West End`, `North Side`, `East Bay`.
    static let sideWords: Set<String> = ["end", "side", "bay", "wing", "gate", "coast", "slope", "face"]

    /// The small words the grammar looks for in every token of a phrase (`Token.is(_:)`): a
    /// trait says a token is one, so the others skip the string comparison.
    static let grammarWords: Set<String> = ["along", "and", "at", "b", "from", "near", "off", "on", "x"]

    /// Words for "between" in segments, including the abbreviations found in the SF data.
    static let betweenWords: Set<String> = ["between", "btwn", "btw", "betw", "bet", "bwtn", "betweeen", "beteen"]

    /// Words joining the two streets of an intersection; `near` and `off` say the place is
    /// beside the corner (`Balmy Alley off 24th St`), and get a note. `x` counts only written
    /// lowercase (`Mission x 24th`): a capital is an initial (`Malcolm X Academy`).
    static func isIntersectionWord(_ token: Token) -> Bool {
        guard token.traits.contains(.grammarWord) else { return false }
        let lower = token.lower
        return lower == "at" || lower == "and" || lower == "near" || lower == "off" || token.text == "x"
    }

    /// Words ending the first street of `from X to Y` or `between X thru Y`: `to`, `thru`,
    /// `through`, `until`, a dash (also the en and em dashes, which the tokenizer keeps as words).
    static func isRangeJoiner(_ token: Token) -> Bool {
        switch token.lower {
        case "to", "thru", "through", "until", "-", "\u{2013}", "\u{2014}": true
        default: false
        }
    }

    /// Punctuation joining the two streets of an intersection.
    static func isIntersectionPunct(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "+")
    }

    /// Plural street types naming one suffix for each street: `Mason & California Streets`.
    static let pluralSuffixes: [String: String] = [
        "streets": "St", "sts": "St", "avenues": "Ave", "aves": "Ave", "boulevards": "Blvd", "blvds": "Blvd",
        "roads": "Rd", "drives": "Dr", "places": "Pl", "terraces": "Ter", "lanes": "Ln", "alleys": "Aly",
    ]

    /// Names of San Francisco as it appears in the data (the key form).
    static let cityNames: Set<String> = ["san francisco", "sf", "s f", "san fransisco", "san franciso"]
}
