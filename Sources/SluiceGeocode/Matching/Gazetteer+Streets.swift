import SluiceCore
import SluiceSanitize

/// Street lookups: from the text a record gives to the gazetteer's street ids.
extension Gazetteer {
    /// A street the text may mean, with what it took to find it and how much that costs in score.
    struct StreetChoice: Equatable {
        var id: Int
        /// Empty for an exact key; else `suffix_added`, `suffix_differs`, `directional_added`,
        /// `directional_moved`, `directional_differs`, `spacing`, `fuzzy_street(a→b)`.
        var method: String
        var factor: Double
        /// A name found within a typo or two whose street type is not the one written
        /// (`Shatuck St` → Shattuck Ave): believed only where the house number fits it.
        var fuzzyOtherType = false
        /// The words cut off after the street's type to find it (`Hill` of `Taylor St Hill`).
        var cutWords: String?
    }

    /// The words of USPS street types as written (`street`, `st`, `avenue`, `ave`).
    static let streetTypes: Set<String> = Set(USPSTables.suffixes.filter { USPSTables.streetSuffixes.contains($0.value) }.keys)

    /// Common suffixes first, so "Mission" finds Mission St before Mission Bay Blvd's rivals.
    static let suffixPreference = ["st", "ave", "blvd", "dr", "way", "rd", "pl", "ln", "ter", "ct", "aly"]

    /// Suffix words as people mistype them (`Streeet`, `Stret`) are matched within this many edits.
    static let suffixWords = ["street", "avenue", "boulevard"]

    /// Trailing words naming something at a street or corner rather than the street:
    /// `Kearny Steps`, `Duboce Muni Station`, `Embarcadero area`, `Cumberland steps and sidewalks`.
    static let structureWords: Set<String> = ["steps", "stairs", "sidewalks", "station", "muni", "bart", "area", "and"]

    /// The streets `text` may name, best first: the exact key; else the same name with any
    /// suffix; else the name written without spaces (`DeHaro`); else a name within one or two
    /// typos (`Kearney` → Kearny); else the text cut after its street type (`Taylor St Hill`),
    /// without a misspelt last word that is a street type (`6th Streeet`), or without trailing
    /// `structureWords` (`Kearny Steps`).
    func streets(for text: String) -> [StreetChoice] {
        let found = streetsAsWritten(text)
        if !found.isEmpty { return found }
        let words = text.split(separator: " ")
        guard words.count >= 2 else { return [] }
        var shorter: String?
        var cutWords: String?
        // `Canal Pk 101 2`: a unit column's numbers (`101/2`) after a street whose type the parser
        // does not know (Cambridge's `Pk`), left in its name: the street before them, when the
        // gazetteer has it; a numbered road's number is its own.
        if let kept = words.lastIndex(where: { !Self.isUnitValue($0) }), kept >= 1, kept < words.count - 1,
            !Highways.isNumberedRoad(text), case let before = words[...kept].joined(separator: " "), !streetsAsWritten(before).isEmpty
        {
            shorter = before
        } else if let cut = words.dropFirst().firstIndex(where: { Self.streetTypes.contains($0.lowercased().trimmingCharacters(in: ".,")) }),
            cut < words.count - 1
        {
            shorter = words[...cut].joined(separator: " ")
            cutWords = words[(cut + 1)...].joined(separator: " ")
        } else if let last = words.last?.lowercased(), !Self.streetTypes.contains(last),
            Self.suffixWords.contains(where: { EditDistance.bounded(last, $0, limit: 2) != nil })
        {
            shorter = words.dropLast().joined(separator: " ")
        } else if let kept = words.lastIndex(where: { !Self.structureWords.contains($0.lowercased()) }), kept < words.count - 1 {
            shorter = words[...kept].joined(separator: " ")
        }
        return shorter.map {
            streetsAsWritten($0).map {
                StreetChoice(
                    id: $0.id, method: $0.method.isEmpty ? "trimmed" : $0.method + "+trimmed", factor: $0.factor * GeocodeScore.streetTrimmed,
                    cutWords: cutWords)
            }
        } ?? []
    }

    /// A unit's value as a unit column writes it: a word with a digit (`101`, `4B`, `PH9`, `C1`),
    /// not an ordinal (`24th`), which names a street.
    static func isUnitValue(_ word: Substring) -> Bool {
        guard word.contains(where: \.isNumber) else { return false }
        let letters = word.lowercased().drop { $0.isNumber }
        return !["st", "nd", "rd", "th"].contains(letters) || word.first?.isNumber != true
    }

    func streetsAsWritten(_ text: String) -> [StreetChoice] {
        let normal = normalize(text)
        guard !normal.nameKey.isEmpty else { return [] }
        if let id = streetIDs[normal.key] {
            guard let others = sameStreetInOtherTowns[id] else { return [StreetChoice(id: id, method: "", factor: 1)] }
            return ([id] + others).map { StreetChoice(id: $0, method: "", factor: 1) }
        }
        // `50th St NE` for NE 50th St: a street's one directional written on the other side of
        // its name, of the same type, is that street (Seattle's avenues carry it after the name,
        // its streets before; a text mixes them up).
        if (normal.preDirectional == nil) != (normal.postDirectional == nil) {
            let moved = NormalizedStreet(
                preDirectional: normal.postDirectional, name: normal.name, suffix: normal.suffix, postDirectional: normal.preDirectional)
            if let id = streetIDs[moved.key] {
                return ([id] + (sameStreetInOtherTowns[id] ?? [])).map {
                    StreetChoice(id: $0, method: "directional_moved", factor: GeocodeScore.streetDirectionalMoved)
                }
            }
        }
        let choices = streetsByNameAlone(normal)
        // `601 Buena Vista West`: a name written without its type, then its directional (Buena
        // Vista Ave W): the last word read as the directional, when the street carries it.
        if choices.isEmpty, normal.suffix == nil, normal.postDirectional == nil, case let words = normal.name.split(separator: " "),
            words.count >= 2, let last = words.last, let direction = USPSTables.directionals[last.lowercased()]
        {
            let name = NormalizedStreet(
                preDirectional: normal.preDirectional, name: words.dropLast().joined(separator: " "), postDirectional: direction)
            let carried = streetsByNameAlone(name).filter { carries($0.id, name) }
            if !carried.isEmpty { return carried }
        }
        guard normal.preDirectional != nil || normal.postDirectional != nil else { return choices }
        // `N 17th St` is not 17th Ave, nor `W Main St` Main Dr: a directional the text names and
        // the gazetteer's street lacks says it may be another street (another town's grid).
        let marked = choices.map { choice in
            guard !carries(choice.id, normal) else { return choice }
            var choice = choice
            choice.method += choice.method.isEmpty ? "directional_differs" : "+directional_differs"
            choice.factor *= GeocodeScore.streetOtherDirectional
            return choice
        }
        return marked.filter { carries($0.id, normal) } + marked.filter { !carries($0.id, normal) }
    }

    /// Whether the gazetteer's street `id` carries the directionals `normal` names (`s van ness
    /// ave` those of `South Van Ness`).
    func carries(_ id: Int, _ normal: NormalizedStreet) -> Bool {
        let key = streetKeys[id]
        if let pre = normal.preDirectional?.lowercased(), !key.hasPrefix(pre + " ") { return false }
        if let post = normal.postDirectional?.lowercased(), !key.hasSuffix(" " + post) { return false }
        return true
    }

    /// The streets of `normal`'s name when its key is not the gazetteer's: with any suffix,
    /// spaced otherwise, or within a typo or two.
    func streetsByNameAlone(_ normal: NormalizedStreet) -> [StreetChoice] {
        let method = normal.suffix == nil ? "suffix_added" : "suffix_differs"
        let squashed = Self.squash(normal.nameKey)
        if let ids = streetsByName[normal.nameKey] {
            let factor =
                normal.suffix != nil
                ? GeocodeScore.streetOtherSuffix : ids.count == 1 ? GeocodeScore.streetCompleted : GeocodeScore.streetCompletedOfSeveral
            let choices = ordered(ids, normal: normal).map { id in
                // The type asked for, other directionals: said as such (`Westlake Ave` → Westlake
                // Ave N; one the text names and the street lacks is `directional_differs`).
                guard let wanted = normal.suffix?.lowercased(), suffix(of: id) == wanted else {
                    return StreetChoice(id: id, method: method, factor: factor)
                }
                return StreetChoice(id: id, method: carries(id, normal) ? "directional_added" : "", factor: factor)
            }
            // `Northpoint Street` is North Point St, not Northpoint Dr: the suffix asked for,
            // spaced differently, beats the same spelling with another suffix.
            if let wanted = normal.suffix?.lowercased(), !ids.contains(where: { suffix(of: $0) == wanted }),
                let spaced = streetsBySquashedName[squashed]?.filter({ suffix(of: $0) == wanted }), !spaced.isEmpty
            {
                return spaced.sorted { streetKeys[$0] < streetKeys[$1] }.map {
                    StreetChoice(id: $0, method: "spacing", factor: GeocodeScore.streetSpacing)
                } + choices
            }
            return choices
        }
        if let ids = streetsBySquashedName[squashed] {
            return ordered(ids, normal: normal).map { StreetChoice(id: $0, method: "spacing", factor: GeocodeScore.streetSpacing) }
        }
        // A word that names places (`Ferry`) is meant as written: not a typo of a street (Berry).
        guard squashed.utf8.count >= 5, squashed.first?.isLetter == true,
            !normal.nameKey.split(separator: " ").allSatisfy({ placeIndex.postings[String($0)] != nil })
        else { return [] }
        let allowed = squashed.utf8.count >= 8 ? 2 : 1
        var best: [(distance: Int, name: String)] = []
        let bytes = Array(squashed.utf8)
        let mask = EditDistance.mask(bytes)
        for (name, other, otherMask) in squashedNames
        where abs(other.count - bytes.count) <= allowed && EditDistance.mayBeWithin(allowed, mask, otherMask) {
            if let distance = EditDistance.bounded(bytes, other, limit: allowed) {
                best.append((distance, name))
            } else if EditDistance.isOneTransposition(bytes, other) {
                // `Misison` → Mission: two letters swapped is one slip, not two edits.
                best.append((1, name))
            }
        }
        // A number in the name is not a typo: `Highway 1` is not Highway 116, `SR 1` not SR 37.
        func digits(_ text: some Sequence<UInt8>) -> [UInt8] { text.filter { $0 >= 0x30 && $0 <= 0x39 } }
        let number = digits(bytes)
        best.removeAll { digits($0.name.utf8) != number }
        // Nor is a lone letter among as many words: `Avenue O` is not Avenue N (Chicago's,
        // Brooklyn's, Lancaster's lettered avenues); `John Kennedy` may still be John F Kennedy.
        let words = normal.nameKey.split(separator: " ")
        func sameLetters(_ id: Int) -> Bool {
            let other = streetNameKeys[id].split(separator: " ")
            return other.count != words.count || zip(words, other).allSatisfy { $0.utf8.count > 1 && $1.utf8.count > 1 || $0 == $1 }
        }
        best.removeAll { !(streetsBySquashedName[$0.name] ?? []).contains(where: sameLetters) }
        best.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        guard let closest = best.first else { return [] }
        let ids = best.filter { $0.distance == closest.distance }.flatMap { streetsBySquashedName[$0.name] ?? [] }.filter(sameLetters)
        let factor = closest.distance == 1 ? GeocodeScore.streetOneTypo : GeocodeScore.streetTwoTypos
        let wanted = normal.suffix?.lowercased()
        return ordered(ids, normal: normal).map { id in
            StreetChoice(
                id: id, method: "fuzzy_street(\(normal.nameKey)→\(streetNameKeys[id]))", factor: factor,
                fuzzyOtherType: wanted.map { $0 != suffix(of: id) } ?? false)
        }
    }

    /// The lower-case suffix of a gazetteer street (`st` for `north point st`), "" when none.
    func suffix(of id: Int) -> String { streetSuffixes[id] }

    /// Same suffix as asked first, then common suffixes, then by key.
    func ordered(_ ids: [Int], normal: NormalizedStreet) -> [Int] {
        guard ids.count > 1 else { return ids }
        let wanted = normal.suffix?.lowercased()
        func rank(_ id: Int) -> Int {
            let suffix = streetSuffixes[id]
            if let wanted, suffix == wanted { return -1 }
            return Self.suffixPreference.firstIndex(of: suffix) ?? Self.suffixPreference.count
        }
        // Ranked once per street, not once per comparison.
        return ids.map { (rank($0), streetKeys[$0], $0) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// The point of a street's line nearest `point` (a vertex or the foot on a piece of it).
    /// - Complexity: O(n) in the street's line points.
    func nearestPoint(onStreet id: Int, to point: GeoPoint) -> GeoPoint? {
        guard segmentsByStreet.indices.contains(id) else { return nil }
        var best: (distance: Double, point: GeoPoint)?
        for block in segmentsByStreet[id] {
            let line = segments[block].points
            for (a, b) in zip(line, line.dropFirst()) {
                let foot = point.closest(onLineFrom: a, to: b)
                let distance = foot.distance(to: point)
                if distance < best?.distance ?? .infinity { best = (distance, foot) }
            }
        }
        // A street known only by its addresses or crossings: its centre.
        return best?.point ?? streetCentres[id]?.point
    }

    /// Where two streets meet; several points when they cross more than once.
    public func meeting(_ a: Int, _ b: Int) -> [GeoPoint] {
        intersections[PairKey(a, b)] ?? []
    }

    /// The point address `number` on `street`, when the gazetteer lists it.
    func addressPoint(street: Int, number: Int) -> GeoPoint? {
        let numbers = addresses.numbers(of: street)
        let position = lowerBound(numbers, Int32(clamping: number))
        guard position < numbers.count, numbers[position] == Int32(clamping: number) else { return nil }
        return addresses.point(of: street, at: position)
    }

    /// A point between the nearest listed addresses below and above `number` on the same side
    /// (same parity), when both are within `span` numbers and `metres` of each other (two
    /// streets of one name, such as Mason St downtown and in the Presidio, must not be bridged).
    func betweenAddresses(street: Int, number: Int, span: Int = 40, metres: Double = 150) -> GeoPoint? {
        let numbers = addresses.numbers(of: street)
        let position = lowerBound(numbers, Int32(clamping: number))
        let parity = number & 1
        var below: Int?
        var above: Int?
        var index = position - 1
        while index >= 0, Int(numbers[index]) >= number - span {
            if Int(numbers[index]) & 1 == parity { below = index; break }
            index -= 1
        }
        index = position
        while index < numbers.count, Int(numbers[index]) <= number + span {
            if Int(numbers[index]) & 1 == parity, Int(numbers[index]) != number { above = index; break }
            index += 1
        }
        guard let below, let above else { return nil }
        let low = Double(numbers[below]), high = Double(numbers[above])
        let t = high > low ? (Double(number) - low) / (high - low) : 0.5
        let a = addresses.point(of: street, at: below), b = addresses.point(of: street, at: above)
        guard a.distance(to: b) <= metres else { return nil }
        return GeoPoint(lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t)
    }

    /// How far in number the listed address standing in for a number may be: a block, as US
    /// numbering runs 100 to a block.
    static let nearestAddressSpan = 100

    /// The listed address of the street nearest `number` (ties: the same side, then the lower
    /// number), when within `span`: where a number no block holds and no listed neighbours
    /// bracket lies, on a street known only by its address points (`620 E Pine St` beside 606).
    /// - Complexity: O(log n + k) in the street's n addresses and the k within `span`.
    func nearestAddress(street: Int, number: Int, span: Int = nearestAddressSpan) -> (number: Int, point: GeoPoint)? {
        let numbers = addresses.numbers(of: street)
        var index = max(0, lowerBound(numbers, Int32(clamping: number - span)))
        var best: (gap: Int, otherSide: Bool, index: Int)?
        while index < numbers.count, Int(numbers[index]) <= number + span {
            let listed = Int(numbers[index])
            let candidate = (gap: abs(listed - number), otherSide: listed & 1 != number & 1, index: index)
            if best.map({ (candidate.gap, candidate.otherSide ? 1 : 0) < ($0.gap, $0.otherSide ? 1 : 0) }) ?? true { best = candidate }
            index += 1
        }
        return best.map { (Int(numbers[$0.index]), addresses.point(of: street, at: $0.index)) }
    }

    /// The number of the listed address that is the street's centre, for a street known only
    /// by its addresses (`centre(of:)` takes its middle one); nil when its blocks give the centre.
    func centreNumber(of street: Int) -> Int? {
        guard segmentsByStreet[street].allSatisfy({ segments[$0].points.count < 2 }) else { return nil }
        let numbers = addresses.numbers(of: street)
        return numbers.isEmpty ? nil : Int(numbers[numbers.count / 2])
    }

    /// Whether ZIP code `zip` is one the street's points or blocks name: nil when the record
    /// names none or the gazetteer knows none on the street.
    func zipFits(_ zip: String?, street: Int) -> Bool? {
        guard let zip, let code = Self.zipCode(zip), !streetZips[street].isEmpty else { return nil }
        return streetZips[street].contains(code)
    }

    /// Whether `number` lies in a known range of the street: between its lowest and highest
    /// listed address, or in a block's range on either side. Nil when the street has neither
    /// (known only by its line or its crossings): nothing then says the number is off it.
    func numberFits(_ number: Int, street: Int) -> Bool? {
        var known = false
        let numbers = addresses.numbers(of: street)
        if let low = numbers.first, let high = numbers.last {
            if Int(low) <= number, number <= Int(high) { return true }
            known = true
        }
        for block in segmentsByStreet[street] {
            let segment = segments[block]
            for (from, to) in [(segment.leftFrom, segment.leftTo), (segment.rightFrom, segment.rightTo)] {
                guard let from, let to else { continue }
                known = true
                if min(from, to) <= number, number <= max(from, to) { return true }
            }
        }
        return known ? false : nil
    }

    func lowerBound(_ numbers: UnsafeBufferPointer<Int32>, _ value: Int32) -> Int {
        var low = 0, high = numbers.count
        while low < high {
            let middle = (low + high) / 2
            if numbers[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
