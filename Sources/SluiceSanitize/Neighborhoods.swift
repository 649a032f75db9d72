/// San Francisco neighbourhood names, for the `neighborhood` component.
///
/// SOURCE: `gazetteer-sources/landmarks/neighborhoods_centroids.csv` (column `name`) in the
/// project's shared data: DataSF "SF Find Neighborhoods" (ejmn-jyk6, 117 names) and DataSF
/// "Planning Neighborhoods" (qc6m-r4ih, 37 names), both public domain (PDDL); see that folder's
/// SOURCE.md. Names joined with "/" (`Downtown / Union Square`) are also listed part by part.
/// `aliases` are common spellings of the same districts added by hand.
///
///     Neighborhoods.canonical(for: "Marina District")    // "Marina"
///     Neighborhoods.canonical(for: "Fisherman's Wharf")  // "Fishermans Wharf"
///     Neighborhoods.canonical(for: "Mason Street")       // nil
enum Neighborhoods {
    static let names: [String] = [
        "Seacliff", "Lake Street", "Presidio National Park", "Presidio Terrace", "Inner Richmond", "Sutro Heights",
        "Lincoln Park / Ft. Miley", "Lincoln Park", "Ft. Miley", "Outer Richmond", "Golden Gate Park",
        "Presidio Heights", "Laurel Heights / Jordan Park", "Laurel Heights", "Jordan Park", "Lone Mountain",
        "Anza Vista", "Cow Hollow", "Union Street", "Marina", "Telegraph Hill", "Downtown / Union Square",
        "Downtown", "Union Square", "Tenderloin", "Civic Center", "Hayes Valley", "Alamo Square", "Panhandle",
        "Haight Ashbury", "Lower Haight", "Mint Hill", "Duboce Triangle", "Cole Valley", "Rincon Hill",
        "South Beach", "South of Market", "Showplace Square", "Mission Bay", "Yerba Buena Island",
        "Treasure Island", "Mission Dolores", "Castro", "Outer Sunset", "Parkside", "Stonestown", "Parkmerced",
        "Lakeshore", "Golden Gate Heights", "Forest Hill", "West Portal", "Clarendon Heights", "Midtown Terrace",
        "Laguna Honda", "Upper Market", "Dolores Heights", "Mission", "Potrero Hill", "Dogpatch",
        "Central Waterfront", "Diamond Heights", "Fairmount", "Peralta Heights", "Holly Park", "Merced Manor",
        "Balboa Terrace", "Ingleside", "Merced Heights", "Outer Mission", "Ingleside Terraces",
        "Mt. Davidson Manor", "Monterey Heights", "Westwood Highlands", "Westwood Park", "Miraloma Park",
        "Crocker Amazon", "McLaren Park", "Sunnydale", "Visitacion Valley", "India Basin", "Hunters Point",
        "Candlestick Point SRA", "Northern Waterfront", "Cayuga", "Oceanview", "Apparel City", "Bernal Heights",
        "Noe Valley", "Produce Market", "Bayview", "Silver Terrace", "Bret Harte", "Little Hollywood", "Portola",
        "University Mound", "St. Marys Park", "Mission Terrace", "Excelsior", "Sunnyside", "Glen Park",
        "Aquatic Park / Ft. Mason", "Aquatic Park", "Ft. Mason", "Fishermans Wharf", "Cathedral Hill", "Japantown",
        "Pacific Heights", "Lower Pacific Heights", "Western Addition", "Chinatown", "Nob Hill", "Lower Nob Hill",
        "Polk Gulch", "North Beach", "Russian Hill", "Financial District", "Inner Sunset", "Parnassus Heights",
        "Forest Knolls", "Buena Vista", "Corona Heights", "Ashbury Heights", "Eureka Valley", "St. Francis Wood",
        "Sherwood Forest", "Downtown/Civic Center", "West of Twin Peaks", "Treasure Island/YBI", "YBI",
        "Twin Peaks", "Ocean View", "Presidio", "Castro/Upper Market",
    ]

    /// Other spellings → a name above, and the two large districts (`Richmond`, `Sunset`) and
    /// `China Basin` that the lists split into smaller parts or leave out.
    static let aliases: [String: String] = [
        "soma": "South of Market", "sea cliff": "Seacliff", "the mission": "Mission", "mission district": "Mission",
        "the castro": "Castro", "haight": "Haight Ashbury", "the haight": "Haight Ashbury", "ybi": "Yerba Buena Island",
        "the tenderloin": "Tenderloin", "the marina": "Marina", "the presidio": "Presidio", "downtown sf": "Downtown",
        "fidi": "Financial District", "bayview hunters point": "Bayview", "hunter point": "Hunters Point",
        "richmond": "Richmond", "the richmond": "Richmond", "sunset": "Sunset", "the sunset": "Sunset",
        "the dogpatch": "Dogpatch", "china basin": "China Basin", "nob hill district": "Nob Hill",
    ]

    /// Matching key (`Words.key`) → canonical name.
    static let byKey: [String: String] = {
        var table: [String: String] = [:]
        for name in names where table[Words.key(name)] == nil { table[Words.key(name)] = name }
        for (alias, name) in aliases { table[alias] = name }
        return table
    }()

    /// First words of every name and alias (key form), for a cheap test before `canonical(for:)`.
    static let firstWords: Set<String> = Set(byKey.keys.compactMap { $0.split(separator: " ").first.map(String.init) })

    /// Whether a phrase starting with this lowercase word can be a neighbourhood at all.
    static func mayStartName(_ word: String?) -> Bool {
        guard let word else { return false }
        return firstWords.contains(word) || firstWords.contains(Words.key(word))
    }

    /// `mayStartName(token.lower)` from the token's traits: a word of lowercase letters and
    /// digits is its own key, so the trait (the same list, probed once when tokenized) answers;
    /// only other words (`fisherman's`, `ÉCOLE`) need the key made and looked up.
    static func mayStartName(_ token: Token?) -> Bool {
        guard let token else { return false }
        if token.traits.contains(.startsNeighborhood) { return true }
        let isOwnKey = Words.withBytes(of: token.lower) { $0.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) } }
        return !isOwnKey && mayStartName(token.lower)
    }

    /// The canonical neighbourhood for a phrase, allowing a trailing `District` or
    /// `Neighborhood` and a leading `the`.
    static func canonical(for text: String) -> String? {
        let key = Words.key(text)
        if let name = byKey[key] { return name }
        for ending in [" district", " neighborhood", " area"] where key.hasSuffix(ending) {
            let stem = String(key.dropLast(ending.count))
            if let name = byKey[stem] ?? byKey["the " + stem] { return name }
            if stem.hasPrefix("the "), let name = byKey[String(stem.dropFirst(4))] { return name }
        }
        if key.hasPrefix("the "), let name = byKey[String(key.dropFirst(4))] { return name }
        return nil
    }
}
