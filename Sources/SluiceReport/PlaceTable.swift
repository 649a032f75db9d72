/// Geocoded records gathered by place: one entry per distinct position (the coordinates as the
/// geocoder wrote them), with how many records are there, what they matched and a bounded
/// sample of their texts and labels. This is what keeps the map usable at 100k records: the
/// page draws places, not records.
///
///     table.add(facts)   // Vertigo at 37.79183,-122.41082 (intersection), twice
///     table.places[0]    // count 2, texts ["Mason & California Streets": 2], labels ["Vertigo": 2]
///
/// - Complexity: memory grows with the number of distinct places, each holding at most
///   `textsPerPlace` texts and `labelsPerPlace` labels.
struct PlaceTable {
    struct Place {
        var point: ReportRecord.Point
        /// The first record's answer: the same position comes from the same gazetteer feature.
        var precision: String
        var score: Double?
        var matched: String
        var method: String
        var count = 0
        var texts: Tally
        var labels: Tally
        /// How many places this point stands for (more than one once merged into a grid cell).
        var places = 1
    }

    static let textsPerPlace = 8
    static let labelsPerPlace = 12

    private(set) var places: [Place] = []
    private var index: [String: Int] = [:]

    mutating func add(_ facts: ReportRecord) {
        guard let geo = facts.geo, let point = geo.point else { return }
        let key = point.key
        let position: Int
        if let known = index[key] {
            position = known
        } else {
            position = places.count
            index[key] = position
            places.append(
                Place(
                    point: point, precision: geo.precision, score: geo.score, matched: geo.matched ?? "", method: geo.method ?? "",
                    texts: Tally(capacity: Self.textsPerPlace), labels: Tally(capacity: Self.labelsPerPlace)))
        }
        places[position].count += 1
        places[position].texts.add(facts.text ?? "(no location text)")
        places[position].labels.add(facts.label)
    }

    var records: Int { places.reduce(0) { $0 + $1.count } }
}
