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
    static let suffixlessStreets: Set<String> = [
        "broadway", "embarcadero", "the embarcadero", "great highway", "upper great highway",
        "lower great highway", "park presidio", "la playa", "buena vista east", "buena vista west",
        "avenue of the palms",
    ]

    /// Words for "between" in segments, including the abbreviations found in the SF data.
    static let betweenWords: Set<String> = ["between", "btwn", "btw", "betw", "bet", "bwtn", "betweeen", "beteen"]

    /// Words joining the two streets of an intersection.
    static func isIntersectionWord(_ lower: String) -> Bool {
        lower == "at" || lower == "and" || lower == "near"
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
