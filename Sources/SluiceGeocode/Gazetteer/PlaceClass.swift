/// What kind of thing a named place is, in the few words people use to say so: `Westin St.
/// Francis Hotel` asks for lodging, `Forrest Hill Muni Station` for a station. A place match must
/// agree with the kind the query names, so `Forrest Hill Muni Station` is never the Forest Hill
/// neighbourhood. The same table reads the gazetteer's `category` column, whose values come
/// from each source's own vocabulary (`restaurant`, `place_of_worship`, `park`).
///
///     PlaceClass.named(byWord: "motel")          // .lodging
///     PlaceClass(category: "place_of_worship")   // .worship
public enum PlaceClass: String, Sendable, CaseIterable {
    case lodging, food, station, pier, beach, library, worship, museum, school, hospital, theatre, stadium, park
    case bridge, tunnel, parking, neighborhood

    /// The words of a name that say which kind of place it is. `park` is here for agreement
    /// only: ballparks are called parks too (`Candlestick Park`), so a park word in a query
    /// agrees with a stadium.
    static let words: [PlaceClass: [String]] = [
        .lodging: ["hotel", "motel", "inn", "hostel", "lodge", "suites"],
        .food: [
            "restaurant", "cafe", "caffe", "coffee", "bar", "pub", "saloon", "tavern", "grill", "diner", "bistro", "pizzeria",
            "pizza", "deli", "bakery", "taqueria", "creamery", "brewery", "lounge", "nightclub", "kitchen", "cafeteria",
        ],
        .station: ["station", "bart", "muni", "caltrain", "depot", "terminal", "subway", "metro"],
        .pier: ["pier", "piers", "wharf"],
        .beach: ["beach"],
        .library: ["library"],
        .worship: ["church", "cathedral", "chapel", "temple", "synagogue", "mosque", "basilica"],
        .museum: ["museum", "gallery"],
        .school: ["school", "academy", "college", "university", "institute", "elementary"],
        .hospital: ["hospital", "clinic"],
        .theatre: ["theater", "theatre", "cinema", "opera"],
        .stadium: ["stadium", "ballpark", "arena"],
        .park: ["park", "playground", "garden", "gardens"],
        .bridge: ["bridge"],
        .tunnel: ["tunnel"],
        .parking: ["garage", "parking"],
    ]

    /// Source categories (OSM tags, the builder's own names) in each class.
    static let categories: [String: PlaceClass] = [
        "hotel": .lodging, "motel": .lodging, "hostel": .lodging, "guest_house": .lodging,
        "food": .food, "restaurant": .food, "cafe": .food, "bar": .food, "pub": .food, "fast_food": .food,
        "ice_cream": .food, "nightclub": .food, "food_court": .food, "biergarten": .food,
        "station": .station, "ferry_terminal": .station, "bus_station": .station,
        "pier": .pier, "beach": .beach, "library": .library,
        "church": .worship, "place_of_worship": .worship,
        "museum": .museum, "arts_centre": .museum, "gallery": .museum,
        "school": .school, "college": .school, "university": .school, "kindergarten": .school,
        "hospital": .hospital, "clinic": .hospital,
        "theater": .theatre, "theatre": .theatre, "cinema": .theatre,
        "stadium": .stadium, "park": .park, "neighborhood": .neighborhood, "neighbourhood": .neighborhood,
        "parking": .parking, "bridge": .bridge,
    ]

    static let byWord: [String: PlaceClass] = {
        var table: [String: PlaceClass] = [:]
        for (kind, list) in words { for word in list { table[word] = kind } }
        return table
    }()

    /// The class of a gazetteer category, nil when the category says nothing this table knows.
    public init?(category: String) {
        guard let known = Self.categories[category.lowercased()] else { return nil }
        self = known
    }

    /// The class a word of a name asks for (`hotel` → lodging), nil for any other word.
    public static func named(byWord word: String) -> PlaceClass? { byWord[word] }

    /// Whether a place of class `other` is what a query asking for `self` means: the same class,
    /// or a park word meeting a stadium (`AT&T Park`).
    func admits(_ other: PlaceClass) -> Bool {
        other == self || (self == .park && other == .stadium)
    }
}
