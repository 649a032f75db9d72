import Foundation
import SluiceSanitize

/// The answers of each kind of feature a reading can name: an address on each street the text
/// may mean (its point, else interpolated on its block), the corners of two streets, a block
/// between two cross streets, and places by name. `Geocoder.collect` asks for them; the
/// cascade in `Geocoder.swift` weighs them against each other.
extension Geocoder {
    /// A rule's method with how its street was found (`address_point+suffix_added`).
    static func method(_ rule: String, _ street: Gazetteer.StreetChoice) -> String {
        street.method.isEmpty ? rule : rule + "+" + street.method
    }

    /// How the cross street was found, each step marked as the cross street's (`+cross_suffix_added`).
    static func crossMethod(_ cross: Gazetteer.StreetChoice) -> String {
        cross.method.split(separator: "+").map { "+cross_" + $0 }.joined()
    }

    /// The answers for `number` on each of `streets`; with `nearListed`, on a street known only
    /// by its points, the listed address nearest it within a block.
    func addressAnswers(number: Int, streets: [Gazetteer.StreetChoice], nearListed: Bool = true) -> [GeoMatch] {
        var answers: [GeoMatch] = []
        for street in streets {
            let key = gazetteer.streetKeys[street.id]
            let name = "\(number) \(key)"
            if let point = gazetteer.addressPoint(street: street.id, number: number) {
                var answer = GeoMatch(
                    point: point, precision: .address, score: GeocodeScore.addressPoint * street.factor, matched: name,
                    method: Self.method("address_point", street))
                (answer.street, answer.town) = (street.id, gazetteer.streetTowns[street.id])
                answers.append(answer)
                continue
            }
            if let point = gazetteer.betweenAddresses(street: street.id, number: number) {
                var answer = GeoMatch(
                    point: point, precision: .interpolated, score: GeocodeScore.betweenAddresses * street.factor, matched: name,
                    method: Self.method("between_addresses", street))
                (answer.street, answer.town) = (street.id, gazetteer.streetTowns[street.id])
                answers.append(answer)
                continue
            }
            let blocks = gazetteer.segmentsByStreet[street.id]
            // The first block whose range holds the number; a plain loop, as a lazy closure
            // copied the whole geocoder and each block it tried (callgrind: a third of this).
            var located: (segment: Int, result: Interpolation.Result)?
            for block in blocks {
                if let result = Interpolation.locate(number: number, in: gazetteer.segments[block]) {
                    located = (block, result)
                    break
                }
            }
            if let (block, result) = located {
                let segment = gazetteer.segments[block]
                let score = (result.sideMatched ? GeocodeScore.interpolated : GeocodeScore.interpolatedOtherSide) * street.factor
                let rule = result.sideMatched ? "interpolated" : "interpolated_centreline"
                var answer = GeoMatch(
                    point: result.point, precision: .interpolated, score: score, matched: "\(name) (block \(segment.id))",
                    method: Self.method(rule, street))
                (answer.street, answer.town) = (street.id, gazetteer.streetTowns[street.id])
                answers.append(answer)
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
                var answer = GeoMatch(
                    point: point, precision: .interpolated, score: GeocodeScore.nearestBlock * street.factor,
                    matched: "\(name) (near block \(segment.id))", method: Self.method("nearest_block", street))
                (answer.street, answer.town) = (street.id, gazetteer.streetTowns[street.id])
                answers.append(answer)
            } else if nearListed, street.method.isEmpty || street.method == "suffix_added" || street.method == "directional_moved",
                let (listed, point) = gazetteer.nearestAddress(street: street.id, number: number)
            {
                // No block holds it (a street known only by its points): the listed address
                // within a block of it; the street's centre may be far along it. Only on the
                // street the text names: on one found by changing its key (`2001 Westlake Ave` →
                // Westlake Ave N, numbered afresh) a nearby number is a coincidence. Its one
                // directional written on the other side of its name (`1001 6th St E`) is the
                // street itself, numbered as written. A numbered road's numbers run further
                // apart (`N US 183 Hwy`, Austin: 13497 was 404 m from 13492), so its own level.
                let level = Highways.isNumberedRoad(key) ? GeocodeScore.nearestAddressOnHighway : GeocodeScore.nearestAddress
                var answer = GeoMatch(
                    point: point, precision: .interpolated, score: level * street.factor,
                    matched: "\(name) (near \(listed))", method: Self.method("nearest_address", street))
                (answer.street, answer.town) = (street.id, gazetteer.streetTowns[street.id])
                answers.append(answer)
            }
        }
        return answers
    }

    func intersectionAnswers(_ streets: [Gazetteer.StreetChoice], _ crossText: String, _ lookups: inout GeocodeLookups) -> [GeoMatch] {
        let crosses = lookups.streets(for: crossText, in: gazetteer)
        var found: [GeoMatch] = []
        for street in streets {
            for cross in crosses where cross.id != street.id {
                let points = gazetteer.meeting(street.id, cross.id)
                guard let point = points.first else { continue }
                let base = points.count == 1 ? GeocodeScore.intersection : GeocodeScore.intersectionSeveral
                var method = Self.method("intersection", street)
                method += Self.crossMethod(cross)
                var answer = GeoMatch(
                    point: point, precision: .intersection, score: base * street.factor * cross.factor,
                    matched: "\(gazetteer.streetKeys[street.id]) & \(gazetteer.streetKeys[cross.id])", method: method)
                answer.town = gazetteer.streetTowns[street.id]
                // The first corner found; in a gazetteer of several towns, the same corner in
                // the other towns too (so that `namingTowns` sees it is ambiguous).
                guard gazetteer.hasSeveralTowns else { return [answer] }
                if found.isEmpty || (answer.matched == found[0].matched && !found.contains { $0.town == answer.town }) { found.append(answer) }
            }
        }
        if !found.isEmpty { return found }
        // No shared node: streets whose lines come within a few metres still meet.
        for street in streets.prefix(2) {
            for cross in crosses.prefix(2) where cross.id != street.id {
                guard let point = gazetteer.nearestApproach(street.id, cross.id) else { continue }
                var method = Self.method("intersection_nearest_points", street)
                method += Self.crossMethod(cross)
                return [
                    GeoMatch(
                        point: point, precision: .intersection, score: GeocodeScore.intersectionNear * street.factor * cross.factor,
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
                answer.score *= GeocodeScore.segmentOneEnd / GeocodeScore.intersection
                answer.method += "+segment_one_end"
                return answer
            }
        }
        let middle = GeoPoint(lat: (p.lat + q.lat) / 2, lon: (p.lon + q.lon) / 2)
        // Each end's own doubt (a corrected name, several meeting points) carries over.
        let score = GeocodeScore.segment(length: p.distance(to: q)) * min(a.score, b.score) / GeocodeScore.intersection
        let street = a.matched.split(separator: "&").first.map { $0.trimmingSpaces() } ?? ""
        let crossA = a.matched.split(separator: "&").last.map { $0.trimmingSpaces() } ?? ""
        let crossB = b.matched.split(separator: "&").last.map { $0.trimmingSpaces() } ?? ""
        let method = a.method.replacingOccurrences(of: "intersection", with: "segment_midpoint")
        var answer = GeoMatch(point: middle, precision: .segment, score: score, matched: "\(street) between \(crossA) and \(crossB)", method: method)
        answer.town = a.town
        return [answer]
    }

    /// The places a name may mean, best first, each scored as a chance of being right. A
    /// neighbourhood is what the text means when it names it `alone`; else it stands in for
    /// something in it.
    func placeAnswers(_ text: String, fuzzy: Bool, alone: Bool, kind: PlaceClass? = nil, _ lookups: inout GeocodeLookups) -> [GeoMatch] {
        var hits = lookups.places(text, fuzzy: fuzzy, kind: kind, in: gazetteer.placeIndex)
        if let towns = lookups.towns {
            hits.removeAll { gazetteer.placeTowns[$0.place] != GazetteerCoverage.noTown && !towns.contains(gazetteer.placeTowns[$0.place]) }
        }
        let answers = hits.map { hit in
            let place = gazetteer.places[hit.place]
            let kind = PlaceClass(category: place.category)
            let isNeighbourhood = kind == .neighborhood
            let score: Double
            switch hit.how {
            case .exact: score = GeocodeScore.placeExact * hit.score
            case .alias: score = GeocodeScore.placeAlias * hit.score / PlaceIndex.aliasAgreement
            case .fuzzy: score = GeocodeScore.fuzzyPlace(similarity: hit.score)
            }
            // Say when the place is a whole neighbourhood: it locates the record only roughly.
            var answer = GeoMatch(
                point: place.point, precision: .place,
                score: isNeighbourhood ? min(score, alone ? GeocodeScore.neighbourhood : GeocodeScore.neighbourhoodInstead) : score,
                matched: isNeighbourhood ? place.name + " (neighborhood)" : place.name, method: "place_" + hit.how.rawValue)
            answer.isNeighbourhood = isNeighbourhood
            answer.isArea = isNeighbourhood || kind == .park
            answer.town = gazetteer.placeTowns[hit.place]
            return answer
        }
        // Best first once each is scored (a park before the neighbourhood of the same name); ties
        // keep the index's order.
        return answers.indices.sorted { (-answers[$0].score, $0) < (-answers[$1].score, $1) }.map { answers[$0] }
    }
}
