/// A frontage road's travel direction after a street's type, as Texas writes the roads beside
/// its highways: `701 S Capital of Texas Hwy NB`, `1701 W Ben White Blvd SVRD EB` (service road,
/// eastbound). The address is on the road named before it: the words are no part of its name.
enum TravelDirection {
    /// The words of a direction of travel (Austin's inspections write `NB`, `SVRD EB`).
    static let bounds: Set<String> = ["nb", "sb", "eb", "wb", "northbound", "southbound", "eastbound", "westbound"]
    /// A service (frontage) road's abbreviation, before its direction or alone.
    static let serviceRoads: Set<String> = ["svrd", "frtg"]

    /// The tokens without a direction of travel written right after a street's type: `701 S
    /// Capital of Texas Hwy NB` → `701 S Capital of Texas Hwy`; `14028 N US 183 Hwy SVRD SB Bldg
    /// F` → `14028 N US 183 Hwy Bldg F`. `100 NB St` (a street named so) is as it was.
    ///
    /// - Complexity: O(n) in the number of tokens.
    static func removed(from tokens: [Token]) -> [Token] {
        // The trait, not the sets: this is asked of every text parsed, and few hold such a word.
        guard tokens.contains(where: { $0.traits.contains(.travelDirection) }) else { return tokens }
        var kept: [Token] = []
        kept.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            if let end = runEnd(tokens, at: index) {
                index = end
                continue
            }
            kept.append(tokens[index])
            index += 1
        }
        return kept
    }

    /// Where a direction of travel starting at `index` ends, when it follows a street's type
    /// with a name before it.
    static func runEnd(_ tokens: [Token], at index: Int) -> Int? {
        guard index >= 2, tokens[index].isWord, tokens[index - 1].isStreetSuffix, tokens[index - 2].isWord else { return nil }
        var end = index
        if serviceRoads.contains(tokens[end].lower) { end += 1 }
        if end < tokens.count, tokens[end].isWord, bounds.contains(tokens[end].lower) { end += 1 }
        // Whatever follows: the end, a comma, a unit, or the town on the export's next line
        // (`13415 N FM 620 RD NB\nAUSTIN, TX`, `7424 E US 290 HWY\nSVRD WB AUSTIN, TX`).
        return end > index ? end : nil
    }
}
