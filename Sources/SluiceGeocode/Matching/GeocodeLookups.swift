import SluiceCore

/// The street and place lookups one thread has already made, by the text looked up: records
/// name the same streets and places again and again (`Mission St`, `City Hall`), and finding
/// them (normalising the name, a typo search) costs more than remembering the answer.
/// A value each worker owns, so threads never share it; `Geocoder.geocode(_:)` alone uses a
/// fresh one that remembers nothing.
///
///     var lookups = GeocodeLookups(limit: 4096)
///     geocoder.geocode(query, lookups: &lookups)   // the same answers as geocoder.geocode(query)
///
/// - Complexity: O(1) for a text already looked up; at most `limit` answers of each kind are
///   held (the core's `BoundedMemo`: two generations of `limit / 2`).
struct GeocodeLookups {
    /// A place lookup: the text, whether typos were allowed, and the kind of place asked for.
    struct PlaceQuestion: Hashable {
        var text: String
        var fuzzy: Bool
        var kind: PlaceClass?
    }

    /// A coverage question: the town, state and ZIP code a record names.
    struct TownQuestion: Hashable {
        var city: String?
        var state: String?
        var zip: String?
    }

    let limit: Int
    private(set) var placements: BoundedMemo<TownQuestion, GazetteerCoverage.Placement>
    private(set) var streets: BoundedMemo<String, [Gazetteer.StreetChoice]>
    private(set) var places: BoundedMemo<PlaceQuestion, [PlaceIndex.Hit]>
    /// `PlaceIndex.search`'s table of bounds, kept from search to search.
    private var bounds: [Double] = []
    /// The towns the record being geocoded may lie in (its town, or its ZIP code's), nil for
    /// any: set per record by `Geocoder.geocode`, so every lookup of that record (street, cross
    /// street, place) keeps only those towns' streets. What is remembered is unfiltered.
    var towns: Set<Int>?

    init(limit: Int) {
        self.limit = limit
        placements = BoundedMemo(capacity: max(1, limit / 2))
        streets = BoundedMemo(capacity: max(1, limit / 2))
        places = BoundedMemo(capacity: max(1, limit / 2))
    }

    /// `gazetteer.coverage.placement(city:state:zip:)`, remembered: records of one file name a
    /// few towns again and again, and reading a town's name is most of the question's cost.
    mutating func placement(city: String?, state: String?, zip: String?, in gazetteer: Gazetteer) -> GazetteerCoverage.Placement {
        // ASCII only, as `allStreets` (a String key matches canonically equivalent texts).
        guard limit > 0, city?.isASCII ?? true, state?.isASCII ?? true, zip?.isASCII ?? true else {
            return gazetteer.coverage.placement(city: city, state: state, zip: zip)
        }
        let question = TownQuestion(city: city, state: state, zip: zip)
        if let known = placements.value(for: question) { return known }
        let found = gazetteer.coverage.placement(city: city, state: state, zip: zip)
        placements.remember(found, for: question)
        return found
    }

    /// `gazetteer.streets(for: text)`, of the record's `towns`.
    mutating func streets(for text: String, in gazetteer: Gazetteer) -> [Gazetteer.StreetChoice] {
        let found = allStreets(for: text, in: gazetteer)
        guard let towns else { return found }
        return found.filter { gazetteer.streetTowns[$0.id] == GazetteerCoverage.noTown || towns.contains(gazetteer.streetTowns[$0.id]) }
    }

    /// `gazetteer.streets(for: text)` in any town, remembered.
    private mutating func allStreets(for text: String, in gazetteer: Gazetteer) -> [Gazetteer.StreetChoice] {
        // Only ASCII texts are remembered: a String key matches any canonically equivalent
        // text, and only for ASCII is that the same bytes (the Kelvin sign equals `K`).
        guard limit > 0, text.isASCII else { return gazetteer.streets(for: text) }
        if let known = streets.value(for: text) { return known }
        let found = gazetteer.streets(for: text)
        streets.remember(found, for: text)
        return found
    }

    /// `index.search(text, fuzzy: fuzzy, kind: kind)`.
    mutating func places(_ text: String, fuzzy: Bool, kind: PlaceClass? = nil, in index: PlaceIndex) -> [PlaceIndex.Hit] {
        guard limit > 0, text.isASCII else { return index.search(text, fuzzy: fuzzy, kind: kind) }
        let question = PlaceQuestion(text: text, fuzzy: fuzzy, kind: kind)
        if let known = places.value(for: question) { return known }
        let found = index.search(text, fuzzy: fuzzy, kind: kind, bounds: &bounds)
        places.remember(found, for: question)
        return found
    }
}
