import SluiceCore

/// Turns a record into a near-duplicate, the way the same row gets entered twice by hand:
/// a typo in the title, the location retyped with other case, spacing or abbreviations, a
/// field left empty. At least one change is always made, so no duplicate is byte-identical.
///
///     var random = SplitMix64(seed: 3)
///     NearDuplicate.make(of: record, &random).title   // "Vertgio" or "VERTIGO" or unchanged
enum NearDuplicate {
    static func make(of original: FilmRecord, _ random: inout SplitMix64) -> FilmRecord {
        var copy = original
        let changes = random.int(in: 1...3)
        var made = 0
        var attempts = 0
        while made < changes, attempts < 20 {
            attempts += 1
            let before = copy
            switch random.int(below: 6) {
            case 0: copy.title = typo(copy.title, &random)
            case 1: copy.locations = copy.locations.map { retyped($0, &random) }
            case 2: copy.funFacts = nil
            case 3: copy.actor3 = nil
            case 4: copy.director = copy.director.map { typo($0, &random) }
            default:
                copy.sfFindNeighborhoods = nil
                copy.analysisNeighborhoods = nil
                copy.currentSupervisorDistricts = nil
            }
            if copy != before { made += 1 }
        }
        if copy == original { copy.title = original.title + " " }
        return copy
    }

    /// One typing slip: a letter dropped, doubled, or swapped with the next; or the case changed.
    static func typo(_ text: String, _ random: inout SplitMix64) -> String {
        var characters = Array(text)
        guard characters.count >= 3 else { return text.uppercased() }
        let at = random.int(in: 1...(characters.count - 2))
        switch random.int(below: 4) {
        case 0: characters.remove(at: at)
        case 1: characters.insert(characters[at], at: at)
        case 2: characters.swapAt(at, at + 1)
        default: return text.uppercased()
        }
        return String(characters)
    }

    /// The same location typed again: other case, spacing, or street words spelt differently.
    static func retyped(_ text: String, _ random: inout SplitMix64) -> String {
        let swaps = [("Street", "St."), ("St.", "Street"), ("Avenue", "Ave."), ("Ave.", "Avenue"), (" & ", " and "), (" and ", " & ")]
        let options = swaps.filter { text.contains($0.0) }
        if !options.isEmpty, random.chance(0.5) {
            let (from, to) = random.pick(options)
            return text.replacingFirst(from, with: to)
        }
        switch random.int(below: 4) {
        case 0: return text.lowercased()
        case 1: return text.uppercased()
        case 2: return text.replacingFirst(" ", with: "  ")
        default: return text + " "
        }
    }
}

extension String {
    /// The string with its first occurrence of `target` replaced (unchanged when there is none).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
