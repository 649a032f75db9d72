import Foundation
import SluiceSanitize

/// The matching cascade over a gazetteer. Every rule that applies gives an answer; the parts of
/// the text are then weighed together: an address, intersection or block wins over a place
/// name, a place name that the street beside it confirms wins over the whole street, and a
/// bracket or comma part (`(Noe Valley)`, `(Embarcadero)`) is a hint that confirms, narrows or
/// stands in for the main part. Scores are chances of being right (see `GeocodeScore`).
///
///     let geocoder = Geocoder(gazetteer)
///     geocoder.geocode(GeocodeQuery.reading("Mason & California Streets")).first
///     // precision intersection, matched "mason st & california st", score 0.98
public struct Geocoder: Sendable {
    public let gazetteer: Gazetteer
    /// A place and a street location farther apart than this disagree.
    public var agreementMetres = 300.0
    /// A place farther than this from the middle of the neighbourhood the text names is not in it.
    public var neighbourhoodMetres = 1500.0

    public init(_ gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    /// All answers for `query`, best first; a single `precision: none` answer when nothing matched.
    public func geocode(_ query: GeocodeQuery) -> [GeoMatch] {
        var lookups = GeocodeLookups(limit: 0)
        return geocode(query, lookups: &lookups)
    }

    /// The same, remembering street and place lookups in `lookups` for the next records.
    func geocode(_ query: GeocodeQuery, lookups: inout GeocodeLookups) -> [GeoMatch] {
        guard !query.isEmpty else { return [.none("empty location")] }
        // `PO Box 123` and nothing more: its text is no place name to try.
        if query.poBox, query.street == nil, query.place == nil, query.neighborhood == nil {
            return [.none("po_box: a PO box is where mail is collected, not where the record is")]
        }
        lookups.towns = nil
        if !gazetteer.coverage.isEmpty {
            if query.otherCountry, let reason = gazetteer.coverage.otherCountryReason { return [.none(reason)] }
            switch lookups.placement(city: query.city, state: query.state, zip: query.zip, in: gazetteer) {
            case .outside(let reason):
                // `Great Hwy, Ocean Beach`: the place of that very name, where the rest of the
                // text, read as written, confirms it (the beach lies on Great Hwy); `Tosca Cafe,
                // Columbus`: the street of that name, where the place lies on it. Not `15 Bridge
                // St, Providence` (a café of that name, no Bridge St), nor a place on a street
                // found only by dropping its directional (`103 Main St South, Aurora`).
                if let asPlace = townAsPlace(query, &lookups), case let answers = geocode(asPlace, lookups: &lookups),
                    answers.first?.method.contains("_agrees") == true
                {
                    return answers
                }
                return [.none(reason)]
            case .within(let towns): if gazetteer.hasSeveralTowns { lookups.towns = towns }
            }
        }
        var answers = resolve(query, &lookups)
        if answers.isEmpty, let named = lookups.towns, let zipTowns = townsOfZip(query), !zipTowns.isSubset(of: named) {
            // `5523 Research Park Dr, BALTIMORE, MD 21228`: a town the post office accepts for a ZIP
            // code whose rows name another (Catonsville). The street not in the town named, that
            // ZIP code's towns are where it is (it was refused: "the gazetteer has it in another town").
            lookups.towns = zipTowns
            answers = resolve(query, &lookups).map { answer in
                var answer = answer
                answer.method += "+town_of_zip"
                if answer.note == nil, let zip = query.zip {
                    let names = named.filter { $0 != GazetteerCoverage.noTown }.sorted().map(gazetteer.coverage.name(of:))
                    answer.note = "not in \(GazetteerCoverage.listed(names)); in a town of ZIP code \(zip.prefix(5))"
                }
                return answer
            }
            if answers.isEmpty { lookups.towns = named }
        }
        var others: [GeoMatch] = []
        for alternative in query.alternatives {
            others += resolve(alternative, &lookups).map { answer in
                var answer = answer
                answer.score *= GeocodeScore.alternative
                answer.method += "+alternative"
                return answer
            }
        }
        // Another reading wins only when it is more likely than the first reading's best.
        if let best = others.min(by: { GeoMatch.better($0, $1) }), best.score > answers.first?.score ?? 0 {
            answers.insert(best, at: 0)
            others.removeAll { $0 == best }
        }
        answers += others
        // A text that is only the name of a town the gazetteer does not cover (`Fresno`, `Palo
        // Alto` with San Francisco's), of a state (`Texas`, `New York`) or of the country (`USA`)
        // names that area or the gazetteer's street or café of its name (`Fresno St`, `Texas St`,
        // `New York Pizza Kitchen`, at 0.9 and 0.85 before): one of two readings, unless a place
        // has that very name.
        if let best = answers.first, !best.method.hasPrefix("place_exact"), !best.method.hasPrefix("place_alias"),
            let region = otherRegion(named: query)
        {
            answers[0].score = GeocodeScore.inSeveralTowns(best.score, towns: 2)
            answers[0].method += region.isTown ? "+town_ambiguous" : "+region_ambiguous"
            answers[0].note = "ambiguous: '\(region.name)' is also \(region.what); kept '\(best.matched)'"
        }
        guard !answers.isEmpty else {
            if let region = otherRegion(named: query) { return [.none(region.reason)] }
            if let street = query.street, lookups.streets(for: street, in: gazetteer).isEmpty, query.place == nil {
                // Only a street as written: a look-alike elsewhere (`Chipper Rd`, Windsor Mill, is
                // no street of the gazetteer) is no street "it has in another town".
                if let towns = lookups.towns, gazetteer.streets(for: street).contains(where: { !$0.method.contains("fuzzy") }) {
                    let names = towns.filter { $0 != GazetteerCoverage.noTown }.sorted().map(gazetteer.coverage.name(of:))
                    return [.none("street '\(street)' is not in \(GazetteerCoverage.listed(names)) (the gazetteer has it in another town)")]
                }
                return [.none("street '\(street)' is not in the gazetteer")]
            }
            let unmatched = query.place ?? query.street ?? query.text
            if query.street == nil, PlaceIndex.namesOnlyAKind(unmatched) { return [.none("'\(unmatched)' names a kind of place, not one place")] }
            return [.none("no street, intersection or place matched '\(unmatched)'")]
        }
        answers = markingDirectionalGuess(answers, query: query)
        guard gazetteer.hasSeveralTowns else { return answers }
        // A ZIP code shared by two towns names neither.
        let townsNamed = lookups.towns.map { $0.filter { $0 != GazetteerCoverage.noTown }.count } ?? 0
        return namingTowns(answers, recordNamesTown: townsNamed == 1)
    }

    /// The towns of the record's ZIP code, when the gazetteer covers it and its rows name towns.
    func townsOfZip(_ query: GeocodeQuery) -> Set<Int>? {
        guard let zip = query.zip, zip.utf8.count >= 5, let towns = gazetteer.coverage.zipTowns[String(zip.prefix(5))] else { return nil }
        let named = towns.filter { $0 != GazetteerCoverage.noTown }
        return named.isEmpty ? nil : named
    }

    /// `Great Hwy, Ocean Beach`, read as in Ocean Beach, NY (no state written: the town list's
    /// only town of that name), with the town's name as a place's instead, naming no town: when
    /// the gazetteer has a place of that very name, and the street (if any) as written. Or
    /// `Tosca Cafe, Columbus` (Columbus, OH and elsewhere), a place and no street, with the
    /// town's name as the street's: when the gazetteer has a street of that name.
    func townAsPlace(_ query: GeocodeQuery, _ lookups: inout GeocodeLookups) -> GeocodeQuery? {
        guard query.townWithoutState, query.zip == nil, let city = query.city else { return nil }
        func asWritten(_ street: String) -> Bool {
            guard let found = lookups.streets(for: street, in: gazetteer).first else { return false }
            return found.method.isEmpty || found.method == "suffix_added"
        }
        var query = query
        if !placeAnswers(city, fuzzy: false, alone: false, &lookups).isEmpty {
            if let street = query.street, !asWritten(street) { return nil }
            if query.place == nil { query.place = city } else { query.otherPlaces.append(city) }
        } else if query.street == nil, query.place != nil, asWritten(city) {
            query.street = city
        } else {
            return nil
        }
        (query.city, query.state, query.townWithoutState) = (nil, nil, false)
        return query
    }

    /// An area a text names by nothing but its name, which no point of a gazetteer stands for: a
    /// town it does not cover, a state, or the country.
    struct NamedRegion {
        let name: String
        /// What else the name is (`a state's name`), said with the gazetteer's answer for it.
        let what: String
        /// Why nothing is answered when the gazetteer has nothing of that name.
        let reason: String
        let isTown: Bool
    }

    /// The text, when it is nothing but the name of a town the gazetteer does not cover, of a US
    /// state or of the country: a state the gazetteer's rows do not name (when they name some)
    /// is outside it; a state they name, or the country, is larger than any place in it.
    func otherRegion(named query: GeocodeQuery) -> NamedRegion? {
        guard query.street == nil, query.number == nil, query.crossStreets.isEmpty, query.otherPlaces.isEmpty, query.neighborhood == nil,
            let name = query.place ?? (query.text.isEmpty ? nil : query.text)
        else { return nil }
        if let reason = gazetteer.coverage.outsideTown(named: name, state: query.state) {
            return NamedRegion(name: name, what: "a town's name, and that town is not among the gazetteer's", reason: reason, isTown: true)
        }
        switch USPSTables.region(named: name) {
        case .country?:
            return NamedRegion(name: name, what: "the country's name", reason: "'\(name)' names the country, not a place in it", isTown: false)
        case .state(let code)?:
            // Refused as a record naming that state would be, when the rows do not name it.
            var reason = "'\(name)' names a state, not a place in it"
            if case .outside(let outside) = gazetteer.coverage.placement(city: nil, state: code, zip: nil) { reason = outside }
            return NamedRegion(name: name, what: "a state's name", reason: reason, isTown: false)
        case nil:
            return nil
        }
    }

    /// In a gazetteer of several towns: each answer's town after its feature (`100 main st,
    /// Alpha`), and, for a record naming no town, a best answer that another town has as well
    /// (the same street, corner or place) marked ambiguous: which town is a guess.
    func namingTowns(_ answers: [GeoMatch], recordNamesTown: Bool) -> [GeoMatch] {
        var answers = answers
        let coverage = gazetteer.coverage
        if !recordNamesTown, let best = answers.first, best.town != GazetteerCoverage.noTown {
            let key = best.street.map { gazetteer.streetKeys[$0] }
            var towns = [best.town]
            for other in answers.dropFirst() where other.town != GazetteerCoverage.noTown && !towns.contains(other.town) {
                if other.matched == best.matched || (key != nil && other.street.map { gazetteer.streetKeys[$0] } == key) { towns.append(other.town) }
            }
            if towns.count > 1 {
                answers[0].score = GeocodeScore.inSeveralTowns(answers[0].score, towns: towns.count)
                answers[0].method += "+town_ambiguous"
                answers[0].note =
                    "ambiguous: '\(best.matched)' is in \(towns.count) of the gazetteer's towns (\(GazetteerCoverage.listed(towns.map(coverage.name(of:)))))"
                    + " and the record names none; kept \(coverage.name(of: best.town))"
            }
        }
        for index in answers.indices where answers[index].town != GazetteerCoverage.noTown {
            answers[index].matched += ", " + coverage.name(of: answers[index].town)
        }
        return answers
    }

    /// The answers for one reading, best first: every rule's answers, weighed together.
    func resolve(_ query: GeocodeQuery, _ lookups: inout GeocodeLookups) -> [GeoMatch] {
        let found = collect(query, &lookups)
        let namesTown = query.city != nil || query.zip != nil
        let precise = found.streets.filter { $0.precision < .street }.sorted { GeoMatch.better($0, $1, preferringTowns: namesTown) }
        let street = found.streets.first { $0.precision == .street }
        let neighbourhood = found.hints.first { $0.isNeighbourhood }
        let hint = found.hints.first { !$0.isNeighbourhood }
        let place = chosen(found.places, near: precise.first?.point ?? hint?.point, street: street)
        if let best = precise.first {
            var answer = best
            if let place {
                // An address, corner or block wins over the place named with it; agreeing, the
                // place makes it surer, disagreeing, less sure.
                if let a = place.point, let b = best.point, a.distance(to: b) <= agreementMetres {
                    answer.score = GeocodeScore.confirmed(answer.score, by: place.score)
                    answer.method += "+place_agrees"
                } else if best.precision == .interpolated, let a = place.point, let id = best.street,
                    let near = gazetteer.nearestPoint(onStreet: id, to: a), a.distance(to: near) <= agreementMetres
                {
                    // A number with no point of its own (interpolated) that puts the place far
                    // along the very street the place is on: the number is the likelier slip
                    // (`The Cannery (281 Leavenworth Street)`, at 2801).
                    var onStreet = place
                    onStreet.score = GeocodeScore.despite(GeocodeScore.confirmed(place.score, by: GeocodeScore.streetConfirms), other: best.score)
                    onStreet.method += "+street_agrees"
                    onStreet.note = disagreement(best, place)
                    return [onStreet, best] + precise.dropFirst() + [street].compactMap { $0 }
                } else {
                    answer.score = GeocodeScore.despite(answer.score, other: place.score)
                    answer.note = disagreement(place, best)
                    // A look-alike far away (`1111 Chestnut St, Phila`: Phil'z Coffee) leaves
                    // the name as unknown as none.
                    if place.method.hasPrefix("place_fuzzy") { answer = doubtingTown(answer, query) }
                }
            }
            if place == nil { answer = doubtingTown(answer, query) }
            return [answer] + precise.dropFirst() + [place, street].compactMap { $0 }
        }
        if let street, var chosenPlace = place {
            // A place on the street the text names is that place; one far from it is a look-alike.
            if let point = chosenPlace.point, let near = gazetteer.nearestPoint(onStreet: street.street ?? -1, to: point),
                point.distance(to: near) <= agreementMetres
            {
                chosenPlace.score = GeocodeScore.confirmed(chosenPlace.score, by: GeocodeScore.streetConfirms)
                chosenPlace.method += "+street_agrees"
                return [chosenPlace, street]
            }
            var answer = narrowed(street, to: neighbourhood)
            answer.score = GeocodeScore.despite(answer.score, other: chosenPlace.score)
            answer.note = disagreement(chosenPlace, answer)
            return [answer, chosenPlace]
        }
        if let street {
            // The same street in other towns (a gazetteer of several towns) stays in view.
            let elsewhere = found.streets.filter { $0.precision == .street && $0.town != street.town }
            return [doubtingTown(narrowed(street, to: neighbourhood), query)] + elsewhere + (neighbourhood.map { [$0] } ?? [])
        }
        // A street (or an address on it) the gazetteer lacks, told only by the places named beside
        // it (`101 Boronia Dr, The Cabin, Sunnybank, SA 3020`; `Gooromon Ponds Rd, Wiluna, Hawthorn,
        // NSW 2567`): a text that ends in a name no place has may be another town's.
        let unknownEnding = query.street != nil && found.lastPartNamesNoPlace ? query.otherPlaces.last : nil
        if place == nil, let hint {
            // The main part is unknown; the part in brackets or after a comma says where.
            var answer = hint
            answer.score *= GeocodeScore.hintInstead
            answer.method += "+hint"
            if query.number != nil, query.street != nil { answer = Self.standingInForAddress(answer) }
            if let unknownEnding { answer = doubtingTown(answer, query, lastPart: unknownEnding) }
            return [answer]
        }
        guard var answer = place else { return neighbourhood.map { [$0] } ?? [] }
        if let unknownEnding { answer = doubtingTown(answer, query, lastPart: unknownEnding) }
        if let other = hint ?? neighbourhood, let a = answer.point, let b = other.point, !answer.isNeighbourhood {
            // A neighbourhood or a park is an area: a place anywhere in it agrees.
            let limit = other.isArea ? neighbourhoodMetres : agreementMetres
            if a.distance(to: b) <= limit {
                answer.score = GeocodeScore.confirmed(answer.score, by: other.isArea ? GeocodeScore.areaConfirms : other.score)
                answer.method += other.isArea ? "+in_area" : "+hint_agrees"
            } else {
                answer.score = GeocodeScore.despite(answer.score, other: other.isArea ? GeocodeScore.areaIdentity : other.score)
                answer.note = disagreement(other, answer)
            }
            return [answer, other]
        }
        return [answer] + found.places.filter { $0 != answer }.prefix(3)
    }

    /// `answer`, doubted when the record names no town or ZIP code and names what may be a town
    /// the gazetteer does not cover (`GeocodeScore.unknownTownAtMost`): a name no place of the
    /// gazetteer has after its address, where US addresses write the town (`42 Water St, New
    /// Shoreham`; `lastPart`: words after the street's type), a place it lacks anywhere that
    /// is a US town's name (`Manawa, 262 Trumbull St`, `262 Trumbull St (Manawa)`), or a cross
    /// street it has far from the address (`farCrossStreet`: `3134 Octavia St / Banks`). A record
    /// that names its town (`--city Cambridge --state MA`) is doubted so for a town of its state
    /// the text names beside the address (`300 Broadway (Somerville)`, `1000 Mass Ave in
    /// Arlington`, `… / Arlington`: another town, not its place).
    func doubtingTown(_ answer: GeoMatch, _ query: GeocodeQuery, lastPart: String? = nil, farCrossStreet: String? = nil) -> GeoMatch {
        let namesNoTown = query.city == nil && query.zip == nil
        guard namesNoTown || query.place != nil || lastPart != nil else { return answer }
        let tag: String, note: String
        if namesNoTown, let name = farCrossStreet {
            tag = "+cross_street_far"
            note = "'\(name)' is a street the gazetteer has, but not at the address: it may be a town it does not cover"
        } else if namesNoTown, let name = lastPart ?? (query.placeEndsText ? query.place : nil) {
            // `100 Market St, San Francsico`: the gazetteer's own town, misspelt.
            guard gazetteer.coverage.misspelt(name, state: query.state) == nil else { return answer }
            tag = "+last_part_unknown"
            note = "'\(name)' after the address is no place the gazetteer knows: it may be a town it does not cover"
        } else if query.street != nil, answer.score > GeocodeScore.unknownTownAtMost, let name = query.place ?? lastPart.flatMap(townEnding),
            let states = townElsewhere(name), namesNoTown || isAnotherTown(name, of: states, than: query)
        {
            tag = "+town_name_unknown"
            note =
                "'\(name)' is no place the gazetteer knows but a town's name (\(GazetteerCoverage.listed(states))): it may be a town it does not cover"
        } else {
            return answer
        }
        // Once: an answer may pass here twice.
        guard !["+last_part_unknown", "+town_name_unknown", "+cross_street_far"].contains(where: answer.method.contains) else { return answer }
        var answer = answer
        answer.score = min(answer.score, GeocodeScore.unknownTownAtMost)
        answer.method += tag
        answer.note = note
        return answer
    }

    /// The last words of `text` that are a US town's name, longest first (`in Arlington` →
    /// `Arlington`), or nil: words after an address, where a town is written.
    func townEnding(_ text: String) -> String? {
        let words = text.split(separator: " ")
        return words.indices.lazy.map { words[$0...].joined(separator: " ") }.first { !USTowns.states(ofTown: $0).isEmpty }
    }

    /// Whether a town's name (of `states`) is another town of the record's own state than its city.
    func isAnotherTown(_ name: String, of states: [String], than query: GeocodeQuery) -> Bool {
        guard let state = query.state, states.contains(USPSTables.stateCode(state)) else { return false }
        return query.city.map { TownName.key($0) != TownName.key(name) } ?? true
    }

    /// The states with a US town (`USTowns`) of this name, written as a name is (a capital
    /// first; `(beach)` is a word) and not a street type alone (`Beach`, `Park`: Beach, ND), when
    /// the gazetteer covers no town of that name; else nil.
    func townElsewhere(_ name: String) -> [String]? {
        guard name.first?.isUppercase == true,
            case let words = PlaceIndex.words(name), words.count > 1 || USPSTables.suffixes[words.first ?? ""] == nil
        else { return nil }
        let states = USTowns.states(ofTown: name)
        guard !states.isEmpty, gazetteer.coverage.townsByName[TownName.key(name)] == nil else { return nil }
        return states
    }

    /// The street's name after a range's end written at its start, when the end (`96`, `07`, or
    /// a whole number: `125`) follows `number` within 20 (`1094 96 Dwight Way` → `Dwight Way`;
    /// `3201 07 College Ave` → `College Ave`); nil otherwise (`86-12 91 St`'s `91 St`, whose
    /// rest is a street type alone; `24 10 Mile Rd`, where 10 does not follow 24).
    static func nameAfterRangeEnd(_ street: String, number: Int) -> String? {
        guard let space = street.firstIndex(of: " ") else { return nil }
        let head = street[..<space], rest = street[street.index(after: space)...]
        let digits = String(number).count
        guard !head.isEmpty, head.count <= digits, head.allSatisfy(\.isASCII), head.allSatisfy(\.isNumber), let value = Int(head),
            rest.first?.isLetter == true, !Gazetteer.streetTypes.contains(rest.lowercased())
        else { return nil }
        var scale = 1
        for _ in 0..<head.count { scale *= 10 }
        let end = head.count < digits ? number - number % scale + value : value
        return end > number && end - number <= 20 ? String(rest) : nil
    }

    /// What each part of one reading gives: street-based answers (address, intersection, block,
    /// the street), the main place name's answers, the answers of the hints (neighbourhood,
    /// further place names), and whether the last further place name found none.
    func collect(_ query: GeocodeQuery, _ lookups: inout GeocodeLookups)
        -> (streets: [GeoMatch], places: [GeoMatch], hints: [GeoMatch], lastPartNamesNoPlace: Bool)
    {
        var answers: [GeoMatch] = []
        var streets = query.street.map { lookups.streets(for: $0, in: gazetteer) } ?? []
        if streets.isEmpty, let number = query.number, let street = query.street, let rest = Self.nameAfterRangeEnd(street, number: number) {
            // `1094 96 DWIGHT WY`, `1834 40 EUCLID AVE` (Berkeley's inspections): a range's end
            // written after its first number with a space, not a hyphen, read as the start of the
            // street's name ('96 Dwight Way' is not in the gazetteer, and the record had no
            // answer). Only where the gazetteer lacks the street so named and has the rest.
            streets = lookups.streets(for: rest, in: gazetteer).map { choice in
                var choice = choice
                choice.method = choice.method.isEmpty ? "range_in_name" : choice.method + "+range_in_name"
                choice.factor *= GeocodeScore.streetTrimmed
                return choice
            }
        }
        if let number = query.number, streets.contains(where: \.fuzzyOtherType) {
            // A name one or two typos from the text's, of another street type, is believed only
            // where the number fits it: else it is likelier another street (`Ventura Blvd`).
            streets.removeAll { $0.fuzzyOtherType && gazetteer.numberFits(number, street: $0.id) != true }
        }
        if let number = query.number, !streets.isEmpty {
            // A pair's first number (`25-35 Astoria Blvd`: a span, or Queens' block and house read
            // as a range) is none a listed address near it stands for (104's point was 4.9 km
            // off, at 0.9), but for a hundred block's (`1000 - 1099 W Howe St`): it names a block.
            let nearListed = query.numberTo == nil || number % 100 == 0
            answers += addressAnswers(number: number, streets: streets, nearListed: nearListed)
            if answers.isEmpty, let building = query.numberBeforeHyphen {
                // `222-117 Glenwood Ave`: no address of the digits joined, as Queens' `86-12` is
                // 8612, on the street; the first part is the building and the second its suite, as
                // Raleigh writes some (it was the street's centre, at 0.05 to 0.3).
                answers += addressAnswers(number: building, streets: streets, nearListed: nearListed).map { answer in
                    var answer = answer
                    answer.score *= GeocodeScore.streetTrimmed
                    answer.method += "+suite_after_hyphen"
                    return answer
                }
            }
        }
        if query.crossStreets.count == 1, !streets.isEmpty {
            answers += intersectionAnswers(streets, query.crossStreets[0], &lookups).map { answer in
                guard query.nearCorner else { return answer }
                var answer = answer
                answer.score *= GeocodeScore.nearCorner
                answer.method += "+near_corner"
                return answer
            }
        } else if query.crossStreets.count == 2, !streets.isEmpty {
            answers += segmentAnswers(streets, query.crossStreets[0], query.crossStreets[1], &lookups)
        }
        let cornerNotFound = !query.crossStreets.isEmpty && !answers.contains { $0.precision == .intersection || $0.precision == .segment }
        // `Harrison Street (The Embarcadero)`: a street and, for a place, another street's
        // name; where the two meet (or near it) is meant.
        var placeIsCross = false
        if query.number == nil, query.crossStreets.isEmpty, !streets.isEmpty, let place = query.place,
            let cross = lookups.streets(for: place, in: gazetteer).first, cross.method.isEmpty || cross.method == "suffix_added"
        {
            let corners = intersectionAnswers(streets, place, &lookups)
            placeIsCross = !corners.isEmpty
            answers += corners.map { answer in
                var answer = answer
                answer.score *= GeocodeScore.nearCorner
                answer.method += "+place_is_cross_street"
                return answer
            }
        }
        // The street alone is what the text means only when it names nothing more on it.
        let instead = query.number != nil || !query.crossStreets.isEmpty || query.place != nil
        if let street = streets.first, var answer = streetAnswer(street, method: Self.method("street_centre", street), instead: instead) {
            if let number = query.number, gazetteer.numberFits(number, street: street.id) == false {
                // The number lies outside every range known on the street: the street's centre
                // is not where it is, and the street may be another town's of that name.
                answer.score = min(answer.score, GeocodeScore.offStreet)
                answer.method += "+number_off_street"
                answer.offStreet = true
            } else if let number = query.number, let centre = gazetteer.centreNumber(of: street.id),
                abs(centre - number) > 2 * Gazetteer.nearestAddressSpan
            {
                // The centre is a listed address more than two blocks from the number: the
                // number lies elsewhere along the street (`620 E Pine St` was 1410's point, 762 m
                // off, at 0.65).
                answer.score = min(answer.score, GeocodeScore.offStreet)
                answer.method += "+number_far_from_centre"
                answer.offStreet = true
            } else if cornerNotFound {
                // The corner named is none the gazetteer knows on the street (`Hollywood Blvd &
                // Vine St` → Hollywood Ct, SF, was 0.86): the street may be another town's.
                answer.score = min(answer.score, GeocodeScore.offStreet)
                answer.method += "+corner_not_found"
                answer.offStreet = true
            } else if gazetteer.zipFits(query.zip, street: street.id) == false {
                // The ZIP code named is none of the street's known points or blocks: the spot is on
                // a stretch the gazetteer does not hold, or on another street of the name (`Lefferts
                // Blvd, 11420`, known in 11418 and 11419 only, was their middle, 3 km off, at 0.9).
                answer.score = min(answer.score, GeocodeScore.offStreet)
                answer.method += "+zip_off_street"
                answer.offStreet = true
            }
            answers.append(answer)
            if gazetteer.hasSeveralTowns {
                // The same street in the other towns the record may lie in: which one is meant
                // is then a guess (see `namingTowns`).
                let key = gazetteer.streetKeys[street.id]
                for other in streets.dropFirst() where gazetteer.streetKeys[other.id] == key {
                    if let rival = streetAnswer(other, method: Self.method("street_centre", other), instead: instead) { answers.append(rival) }
                }
            }
        }
        // `100 Main St / Boston`: a cross street no street of the gazetteer has, by any spelling
        // (or only a look-alike, when it is a US town's name), after a numbered address is
        // doubted as a name after a comma (`doubtingTown`; it was placed on the address at 0.94).
        // So is one it has as written that neither meets the street nor passes within
        // `agreementMetres` of the address (`3134 Octavia St / Banks`: Banks St is 7 km off): the
        // two parts of the text disagree, and the last may be a town sharing a street's name.
        if query.number != nil, cornerNotFound, query.crossStreets.count == 1 {
            let cross = query.crossStreets[0]
            let crosses = lookups.streets(for: cross, in: gazetteer)
            let asWritten = crosses.filter { $0.method.isEmpty || $0.method == "suffix_added" }
            if crosses.isEmpty || (townElsewhere(cross) != nil && asWritten.isEmpty) {
                answers = answers.map { doubtingTown($0, query, lastPart: cross) }
            } else if !asWritten.isEmpty {
                answers = answers.map { answer in
                    guard let point = answer.point,
                        !asWritten.contains(where: { street in
                            gazetteer.nearestPoint(onStreet: street.id, to: point).map { $0.distance(to: point) <= agreementMetres } ?? true
                        })
                    else { return answer }
                    return doubtingTown(answer, query, farCrossStreet: cross)
                }
            }
        }
        // `42 Water Street New Shoreham`: words after a numbered address's street type, where
        // the town goes, that name no place (by that very name, or a look-alike there: `813
        // Cortland Ave Pizza Express`): as a name after a comma (`doubtingTown`).
        if query.number != nil, let cut = streets.first?.cutWords, placeAnswers(cut, fuzzy: false, alone: false, &lookups).isEmpty {
            let named = placeAnswers(cut, fuzzy: true, alone: false, &lookups).compactMap(\.point)
            answers = answers.map { answer in
                guard let point = answer.point, named.contains(where: { $0.distance(to: point) <= agreementMetres }) else {
                    return doubtingTown(answer, query, lastPart: cut)
                }
                return answer
            }
        }
        var places: [GeoMatch] = []
        // The main name: the place the text names, else (naming no street) the whole text.
        let name = placeIsCross ? nil : query.place ?? (query.street == nil && !query.text.isEmpty ? query.neighborhood ?? query.text : nil)
        if let name {
            // Named alone: nothing else in the text but, perhaps, the neighbourhood it is in.
            let alone = query.street == nil && query.otherPlaces.isEmpty && (query.neighborhood == nil || query.place == nil)
            places = placeAnswers(name, fuzzy: true, alone: alone, &lookups)
            // `1 Ferry Building`, `One Ferry Building`: a building's own number before its name
            // (the address of every shop inside it). Only a name found whole is believed.
            if places.isEmpty, let rest = Self.withoutBuildingNumber(name) {
                places = placeAnswers(rest, fuzzy: false, alone: alone, &lookups).map { answer in
                    var answer = answer
                    answer.method += "+building_number"
                    return answer
                }
            }
            // `4805 SW 229th, Aloha`: the address, the text's main part, is on a street the
            // gazetteer lacks, and it holds every street of its towns, so the record may be
            // another town's. The place named beside it stands in for the address; a look-alike
            // name (`Kitchen Aloha`, 0.85 before) is then never a confident answer.
            if query.number != nil, query.street != nil, streets.isEmpty {
                places = places.map { answer in
                    var answer = answer
                    answer.score *= GeocodeScore.hintInstead
                    return Self.standingInForAddress(answer)
                }
            }
            // A "place" that is exactly a street's name (`The Embarcadero`, `Broadway`) is that
            // street, unless a place has that very name or a name holding all its words
            // (`Marina Green` is the park `Yacht Harbor and Marina Green`, not Marina Green Dr),
            // or it only names a kind of place (`School` is no School Alley, `Beach` no Beach St).
            if query.street == nil, !places.contains(where: { !$0.method.hasPrefix("place_fuzzy") }), !PlaceIndex.namesOnlyAKind(name),
                places.isEmpty || !gazetteer.placeIndex.someName(holdsAllWordsOf: name),
                let choices = Optional(lookups.streets(for: name, in: gazetteer)), let street = choices.first,
                street.method.isEmpty || (street.method == "suffix_added" && choices.count == 1),
                let answer = streetAnswer(street, method: "street_centre+named_as_place", instead: false)
            {
                answers.append(answer)
                // Places whose names only hold the street's name (`Illy Caffe SF_Sansome` for
                // `Sansome`) lie on it because they are named after it: no evidence either way.
                places = []
            }
        }
        var hints: [GeoMatch] = []
        // A street the gazetteer lacks may be a place's name (`5 Embarcadero Center`): the
        // answer when nothing else is named, else a hint.
        if streets.isEmpty, let street = query.street {
            // What the text said on the street (a number, a corner, a place) is lost with it.
            let lost = query.number != nil || !query.crossStreets.isEmpty || query.place != nil ? GeocodeScore.hintInstead : 1
            let asPlace = placeAnswers(street, fuzzy: true, alone: false, &lookups).map { answer in
                var answer = answer
                answer.score *= GeocodeScore.insteadOfStreet * lost
                answer.method += "+street_as_place"
                return answer
            }
            if places.isEmpty { places = asPlace } else { hints += asPlace.prefix(1) }
        }
        var lastPartNamesNoPlace = false
        for (index, other) in query.otherPlaces.enumerated() {
            // A letter alone beside the rest names no place (a bus stop's `Font Blvd & Tapia Dr
            // NS/W/SB`: `W` was the hotel W San Francisco, 10 km off, at 0.76).
            let found = Self.isOneCharacter(other) ? [] : placeAnswers(other, fuzzy: true, alone: false, &lookups)
            hints += found.prefix(1)
            if index == query.otherPlaces.count - 1 { lastPartNamesNoPlace = found.isEmpty }
        }
        if let neighborhood = query.neighborhood, query.place != nil || query.street != nil {
            // The neighbourhood, not a marina or a café of that name.
            let found = placeAnswers(neighborhood, fuzzy: true, alone: false, kind: .neighborhood, &lookups)
            hints += (found.first { $0.isNeighbourhood } ?? found.first).map { [$0] } ?? []
        }
        return (answers, places, hints, lastPartNamesNoPlace)
    }

    /// Whether `text` is a single letter or digit, whatever is around it.
    static func isOneCharacter(_ text: String) -> Bool {
        // Most names are longer: they skip the scan.
        text.utf8.count <= 8 && text.unicodeScalars.lazy.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.count == 1
    }

    /// `answer`, a place named beside an address on a street the gazetteer lacks, standing in for
    /// it (`4805 SW 229th, Aloha`): a look-alike name (`Kitchen Aloha`) is never a confident answer.
    static func standingInForAddress(_ answer: GeoMatch) -> GeoMatch {
        var answer = answer
        if answer.method.hasPrefix("place_fuzzy") { answer.score = min(answer.score, GeocodeScore.offStreet) }
        answer.method += "+street_not_found"
        return answer
    }

    /// A name after a building's number (`1 Ferry Building`, `One Market Plaza`): the name, when
    /// at least two words follow the number.
    static func withoutBuildingNumber(_ name: String) -> String? {
        let words = name.split(separator: " ")
        guard words.count >= 3, let first = words.first,
            first.lowercased() == "one" || (first.utf8.count <= 5 && first.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        return words.dropFirst().joined(separator: " ")
    }

    /// The street's answer: a point midway along it, scored by its length and by whether it
    /// stands `instead` of something more precise the text names.
    func streetAnswer(_ street: Gazetteer.StreetChoice, method: String, instead: Bool) -> GeoMatch? {
        guard let centre = gazetteer.streetCentres[street.id] else { return nil }
        var answer = GeoMatch(
            point: centre.point, precision: .street, score: GeocodeScore.street(length: centre.length, instead: instead) * street.factor,
            matched: gazetteer.streetKeys[street.id], method: method)
        answer.street = street.id
        answer.town = gazetteer.streetTowns[street.id]
        answer.length = centre.length
        if Highways.isNumberedRoad(answer.matched) {
            // `Highway 101`: a road across the state, of which the gazetteer holds a stretch (SF's
            // `hwy 101` is a few blocks, whose middle is 6 km from Candlestick's exit): its middle
            // is no place the text can mean.
            answer.score = min(answer.score, GeocodeScore.offStreet)
            answer.method += "+numbered_road"
            answer.offStreet = true
        }
        return answer
    }

    /// The street answer moved to the street's point nearest the middle of the neighbourhood the
    /// text names (`Church Street, Noe Valley`), when the street passes through it.
    func narrowed(_ street: GeoMatch, to neighbourhood: GeoMatch?) -> GeoMatch {
        guard let neighbourhood, let middle = neighbourhood.point, let id = street.street,
            let near = gazetteer.nearestPoint(onStreet: id, to: middle), near.distance(to: middle) <= neighbourhoodMetres
        else { return street }
        var answer = street
        answer.point = near
        // The part of the street inside a neighbourhood is about a kilometre long (but a number
        // off the street's ranges, or a corner not on it, still says the point is not there).
        if !answer.offStreet { answer.score = max(answer.score, GeocodeScore.street(length: min(answer.length ?? 1000, 1000), instead: true)) }
        answer.method += "+in_neighborhood"
        answer.matched += " (\(neighbourhood.matched))"
        return answer
    }

    /// The place answer to keep: the best one, unless several places of about as good a name
    /// exist, in which case the one nearest the rest of the text (an address, a hint, the
    /// street) is kept; when nothing tells them apart, the score is shared among them.
    func chosen(_ places: [GeoMatch], near anchor: GeoPoint?, street: GeoMatch?) -> GeoMatch? {
        guard var best = places.first else { return nil }
        let rivals = places.filter { $0.score >= best.score * 0.8 }
        func distance(_ answer: GeoMatch) -> Double {
            guard let point = answer.point else { return .infinity }
            if let anchor { return point.distance(to: anchor) }
            if let id = street?.street, let near = gazetteer.nearestPoint(onStreet: id, to: point) { return point.distance(to: near) }
            return .infinity
        }
        if rivals.count > 1, let closest = rivals.min(by: { distance($0) < distance($1) }), distance(closest) <= agreementMetres {
            return closest
        }
        // Places of the same name apart from each other: any of them may be the one meant (two
        // sources' middles of one neighbourhood or park are not two places).
        var spots: [GeoPoint] = []
        for rival in rivals where rival.score >= best.score * 0.95 {
            let apart = rival.isArea && best.isArea ? neighbourhoodMetres : agreementMetres
            guard let point = rival.point, !spots.contains(where: { $0.distance(to: point) <= apart }) else { continue }
            spots.append(point)
        }
        if spots.count > 1 {
            best.score /= Double(spots.count)
            best.note = "\(spots.count) places match '\(best.matched)' about as well"
        }
        return best
    }

    func disagreement(_ other: GeoMatch, _ kept: GeoMatch) -> String {
        let apart = other.point.flatMap { a in kept.point.map { Int(a.distance(to: $0).rounded()) } }.map { "\($0) m apart" } ?? "apart"
        return "\(other.precision.rawValue) '\(other.matched)' and \(kept.precision.rawValue) '\(kept.matched)' are \(apart); kept '\(kept.matched)'"
    }
}
