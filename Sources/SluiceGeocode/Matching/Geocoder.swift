import Foundation

/// The matching cascade over a gazetteer. Every rule that applies adds an answer; answers are
/// ranked by `score`, which the rules set so that higher means closer to the truth (see
/// SCORES in `sluice-geocode --help`, checked by `sluice-geocode-eval`).
///
///     let geocoder = Geocoder(gazetteer)
///     geocoder.geocode(LocationText.parse("Mason & California Streets")).first
///     // precision intersection, matched "mason st & california st", score 0.9
public struct Geocoder: Sendable {
    public let gazetteer: Gazetteer
    /// Place and street answers farther apart than this disagree.
    public var agreementMetres = 300.0

    public init(_ gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    /// Scores of each rule, before the street-name factor (1 exact, 0.98–0.8 when the name was
    /// completed or corrected).
    enum Score {
        static let addressPoint = 0.98
        static let betweenAddresses = 0.93
        static let interpolated = 0.88
        static let interpolatedOtherSide = 0.8
        static let nearestBlock = 0.55
        static let intersection = 0.9
        static let intersectionSeveral = 0.7
        static let intersectionNear = 0.8
        static let segment = 0.82
        static let segmentOneEnd = 0.6
        static let place = 0.75
        static let neighbourhood = 0.45
    }

    /// All answers for `query`, best first; a single `precision: none` answer when nothing matched.
    public func geocode(_ query: GeocodeQuery) -> [GeoMatch] {
        var lookups = GeocodeLookups(limit: 0)
        return geocode(query, lookups: &lookups)
    }

    /// The same, remembering street and place lookups in `lookups` for the next records.
    func geocode(_ query: GeocodeQuery, lookups: inout GeocodeLookups) -> [GeoMatch] {
        guard !query.isEmpty else { return [.none("empty location")] }
        let first = collect(query, &lookups)
        var (streetAnswers, placeAnswers) = first
        for alternative in query.alternatives {
            let (moreStreets, morePlaces) = collect(alternative, &lookups)
            streetAnswers += moreStreets.map { Self.alternative($0) }
            placeAnswers += morePlaces.map { Self.alternative($0) }
        }
        if let text = query.fallbackText, !(streetAnswers + placeAnswers).contains(where: { $0.precision < .street }) {
            let reading = LocationText.parse(text)
            // The text often reads as the address object did (`2130 Williams Ave.`): the same
            // reading gives the same answers.
            let (moreStreets, morePlaces) = reading.asksTheSame(as: query) ? first : collect(reading, &lookups)
            streetAnswers += moreStreets.map { Self.alternative($0, "+text_reading") }
            placeAnswers += morePlaces.map { Self.alternative($0, "+text_reading") }
        }
        let answers = reconcile(streetAnswers, placeAnswers)
        guard !answers.isEmpty else {
            if let street = query.street, lookups.streets(for: street, in: gazetteer).isEmpty {
                return [.none("street '\(street)' is not in the gazetteer")]
            }
            return [.none("no street, intersection or place matched '\(query.place ?? query.text)'")]
        }
        return answers
    }

    static func alternative(_ answer: GeoMatch, _ how: String = "+alternative") -> GeoMatch {
        var answer = answer
        answer.score *= 0.97
        answer.method += how
        return answer
    }

    /// The answers of every rule that applies to one reading: street-based, then place-based.
    /// They depend on the reading's `street`, `number`, `crossStreets`, `place`, `otherPlaces`
    /// and `text` alone (see `GeocodeQuery.asksTheSame(as:)`).
    func collect(_ query: GeocodeQuery, _ lookups: inout GeocodeLookups) -> (streets: [GeoMatch], places: [GeoMatch]) {
        var answers: [GeoMatch] = []
        let streets = query.street.map { lookups.streets(for: $0, in: gazetteer) } ?? []
        if let number = query.number, !streets.isEmpty { answers += addressAnswers(number: number, streets: streets) }
        if query.crossStreets.count == 1, !streets.isEmpty {
            answers += intersectionAnswers(streets, query.crossStreets[0], &lookups)
        } else if query.crossStreets.count == 2, !streets.isEmpty {
            answers += segmentAnswers(streets, query.crossStreets[0], query.crossStreets[1], &lookups)
        }
        if let street = streets.first, let centre = gazetteer.streetCentres[street.id] {
            answers.append(
                GeoMatch(
                    point: centre.point, precision: .street, score: Self.streetScore(length: centre.length) * street.factor,
                    matched: gazetteer.streetKeys[street.id], method: Self.method("street_centre", street)))
        }
        // Place names in the order given; the whole text last, when it named no street.
        var names = ([query.place] + query.otherPlaces.map { Optional($0) }).compactMap { $0 }
        if streets.isEmpty, !query.text.isEmpty, !names.contains(query.text) { names.append(query.text) }
        var places: [GeoMatch] = []
        // With a street-level answer in hand a place only confirms it: exact names suffice.
        let fuzzy = !answers.contains { $0.precision < .street }
        for (position, name) in names.enumerated() where places.isEmpty {
            places = placeAnswers(name, fuzzy: fuzzy, &lookups).map { answer in
                var answer = answer
                if position > 0 { answer.score *= 0.95 }
                return answer
            }
            // A "place" that is exactly a street's name (`The Embarcadero`, `Broadway`) is that
            // street, unless a place has that very name or a name holding all its words
            // (`Marina Green` is the park `Yacht Harbor and Marina Green`, not Marina Green Dr).
            if query.street == nil, !places.contains(where: { !$0.method.hasPrefix("place_fuzzy") }),
                places.isEmpty || !gazetteer.placeIndex.someName(holdsAllWordsOf: name),
                let choices = Optional(lookups.streets(for: name, in: gazetteer)), let street = choices.first,
                street.method.isEmpty || (street.method == "suffix_added" && choices.count == 1), let centre = gazetteer.streetCentres[street.id]
            {
                places = []
                answers.append(
                    GeoMatch(
                        point: centre.point, precision: .street, score: Self.streetScore(length: centre.length),
                        matched: gazetteer.streetKeys[street.id], method: "street_centre+named_as_place"))
            }
        }
        return (answers, places)
    }

    /// A street alone says little: the longer the street, the lower the score (0.1–0.45).
    static func streetScore(length: Double) -> Double {
        max(0.1, min(0.45, 0.45 - 0.1 * log10(max(1, length / 200))))
    }

    static func method(_ rule: String, _ street: Gazetteer.StreetChoice) -> String {
        street.method.isEmpty ? rule : rule + "+" + street.method
    }

    /// Ranks street and place answers together. When the best of each agree (within
    /// `agreementMetres`), the more precise wins and says so; when they disagree, the winner
    /// carries a note naming the other.
    func reconcile(_ streetAnswers: [GeoMatch], _ placeAnswers: [GeoMatch]) -> [GeoMatch] {
        var all = (streetAnswers + placeAnswers).sorted(by: GeoMatch.better)
        guard let place = placeAnswers.first, let street = streetAnswers.filter({ $0.precision != .street }).first,
            let a = place.point, let b = street.point, var best = all.first
        else { return all }
        let distance = a.distance(to: b)
        if distance <= agreementMetres {
            if best.precision > street.precision || best == street {
                best = street
                best.score = min(1, best.score + 0.02)
            }
            best.method += "+place_agrees"
        } else {
            let other = best == place ? street : place
            best.note =
                "place '\(place.matched)' and \(street.precision.rawValue) '\(street.matched)' are \(Int(distance.rounded())) m apart; kept '\(best.matched)' (\(other.precision.rawValue) scored \(other.score))"
            best.score *= 0.9
        }
        all.removeAll { $0.matched == best.matched && $0.precision == best.precision }
        return [best] + all
    }

    func addressAnswers(number: Int, streets: [Gazetteer.StreetChoice]) -> [GeoMatch] {
        var answers: [GeoMatch] = []
        for street in streets {
            let key = gazetteer.streetKeys[street.id]
            let name = "\(number) \(key)"
            if let point = gazetteer.addressPoint(street: street.id, number: number) {
                answers.append(
                    GeoMatch(
                        point: point, precision: .address, score: Score.addressPoint * street.factor, matched: name,
                        method: Self.method("address_point", street)))
                continue
            }
            if let point = gazetteer.betweenAddresses(street: street.id, number: number) {
                answers.append(
                    GeoMatch(
                        point: point, precision: .interpolated, score: Score.betweenAddresses * street.factor, matched: name,
                        method: Self.method("between_addresses", street)))
                continue
            }
            let blocks = gazetteer.segmentsByStreet[street.id]
            if let (segment, result) = blocks.lazy.compactMap({ block in
                Interpolation.locate(number: number, in: gazetteer.segments[block]).map { (gazetteer.segments[block], $0) }
            }).first {
                let score = (result.sideMatched ? Score.interpolated : Score.interpolatedOtherSide) * street.factor
                let rule = result.sideMatched ? "interpolated" : "interpolated_centreline"
                answers.append(
                    GeoMatch(
                        point: result.point, precision: .interpolated, score: score, matched: "\(name) (block \(segment.id))",
                        method: Self.method(rule, street)))
                continue
            }
            // Past the listed ranges (a newer building): the end of the nearest block, if close.
            var near: (block: Int, gap: Int)?
            for block in blocks {
                guard let gap = Interpolation.gap(number: number, to: gazetteer.segments[block]) else { continue }
                if let best = near, gap > best.gap || (gap == best.gap && gazetteer.segments[block].id >= gazetteer.segments[best.block].id) {
                    continue
                }
                near = (block, gap)
            }
            if let near, near.gap <= 100, case let segment = gazetteer.segments[near.block],
                let point = Interpolation.nearestEnd(number: number, of: segment)
            {
                answers.append(
                    GeoMatch(
                        point: point, precision: .interpolated, score: Score.nearestBlock * street.factor,
                        matched: "\(name) (near block \(segment.id))", method: Self.method("nearest_block", street)))
            }
        }
        return answers
    }

    func intersectionAnswers(_ streets: [Gazetteer.StreetChoice], _ crossText: String, _ lookups: inout GeocodeLookups) -> [GeoMatch] {
        let crosses = lookups.streets(for: crossText, in: gazetteer)
        for street in streets {
            for cross in crosses where cross.id != street.id {
                let points = gazetteer.meeting(street.id, cross.id)
                guard let point = points.first else { continue }
                let base = points.count == 1 ? Score.intersection : Score.intersectionSeveral
                var method = Self.method("intersection", street)
                if !cross.method.isEmpty { method += "+cross_" + cross.method }
                return [
                    GeoMatch(
                        point: point, precision: .intersection, score: base * street.factor * cross.factor,
                        matched: "\(gazetteer.streetKeys[street.id]) & \(gazetteer.streetKeys[cross.id])", method: method)
                ]
            }
        }
        // No shared node: streets whose lines come within a few metres still meet.
        for street in streets.prefix(2) {
            for cross in crosses.prefix(2) where cross.id != street.id {
                guard let point = gazetteer.nearestApproach(street.id, cross.id) else { continue }
                var method = Self.method("intersection_nearest_points", street)
                if !cross.method.isEmpty { method += "+cross_" + cross.method }
                return [
                    GeoMatch(
                        point: point, precision: .intersection, score: Score.intersectionNear * street.factor * cross.factor,
                        matched: "\(gazetteer.streetKeys[street.id]) & \(gazetteer.streetKeys[cross.id])", method: method)
                ]
            }
        }
        return []
    }

    /// A block between two cross streets: the midpoint of its two intersections, or the one
    /// intersection found.
    func segmentAnswers(_ streets: [Gazetteer.StreetChoice], _ first: String, _ second: String, _ lookups: inout GeocodeLookups) -> [GeoMatch] {
        let one = intersectionAnswers(streets, first, &lookups)
        let two = intersectionAnswers(streets, second, &lookups)
        guard let a = one.first, let b = two.first, let p = a.point, let q = b.point else {
            return (one + two).map { answer in
                var answer = answer
                answer.score *= Score.segmentOneEnd / Score.intersection
                answer.method += "+segment_one_end"
                return answer
            }
        }
        let middle = GeoPoint(lat: (p.lat + q.lat) / 2, lon: (p.lon + q.lon) / 2)
        // Two ends far apart make a long "block": the midpoint says less.
        let spread = p.distance(to: q) > 600 ? 0.8 : 1
        let score = Score.segment * min(a.score, b.score) / Score.intersection * spread
        let street = a.matched.split(separator: "&").first.map { $0.trimmingSpaces() } ?? ""
        let crossA = a.matched.split(separator: "&").last.map { $0.trimmingSpaces() } ?? ""
        let crossB = b.matched.split(separator: "&").last.map { $0.trimmingSpaces() } ?? ""
        let method = a.method.replacingOccurrences(of: "intersection", with: "segment_midpoint")
        return [GeoMatch(point: middle, precision: .segment, score: score, matched: "\(street) between \(crossA) and \(crossB)", method: method)]
    }

    func placeAnswers(_ text: String, fuzzy: Bool, _ lookups: inout GeocodeLookups) -> [GeoMatch] {
        lookups.places(text, fuzzy: fuzzy, in: gazetteer.placeIndex).map { hit in
            let place = gazetteer.places[hit.place]
            let base = place.category == "neighborhood" ? Score.neighbourhood : Score.place
            // Say when the place is a whole neighbourhood: it locates the record only roughly.
            let name = place.category == "neighborhood" ? place.name + " (neighborhood)" : place.name
            return GeoMatch(point: place.point, precision: .place, score: base * hit.score, matched: name, method: "place_" + hit.how.rawValue)
        }
    }
}
