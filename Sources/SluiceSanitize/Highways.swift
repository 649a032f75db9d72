/// Numbered roads as US records write them: a type (`Highway`, `Hwy`, `Route`, a county's
/// `Road`), perhaps a system before it (`US`, `U.S.`, `State`, `County`, `Interstate`) and
/// `No.` after it, then the number, perhaps a letter, and a direction or `Business` after it;
/// perhaps a direction before it all.
/// Their names are numbers, so the rules for other streets (a suffix last, no number inside)
/// read them as places or as house numbers: `Highway 59 North` was number 59 on `North`.
///
///     Highways.read(["w", "u", "s", "hwy", "50"])              // ("W", "US Highway 50", nil)
///     Highways.read(["highway", "no", "130", "north"])         // (nil, "Highway 130", "N")
///     Highways.read(["county", "rd", "12"])                    // (nil, "County Road 12", nil)
///     Highways.read(["i", "80"])                               // (nil, "Interstate 80", nil)
///     Highways.read(["us", "70", "hwy", "e"])                  // (nil, "US Highway 70", "E")
///     Highways.read(["highway"]), Highways.read(["road", "5"]) // nil, nil
///
/// One spelling a road, so TIGER's `US Hwy 50`, `Co Rd 12`, `State Rte 9`, `State Hwy 9`,
/// `Farm-to-Market Rd 1960` and the records' `U.S. Highway No. 50`, `US 50`, `US Route 50`,
/// `County Road 12`, `SR 9`, `CA-9`, `FM 1960` share a key.
public enum Highways {
    /// The road's name in display form and the directions before it and after its number, when
    /// `words` (lower case, punctuation left out) are one numbered road and nothing else.
    static func read(_ words: [String]) -> (preDirectional: String?, name: String, postDirectional: String?)? {
        guard words.count >= 2, words.count <= 8, words.contains(where: isNumber) else { return nil }
        var index = 0
        // `West U.S. Hwy 50`.
        var before: String?
        if words.count > 2, let direction = USPSTables.directionals[words[0]] {
            before = direction
            index += 1
        }
        var system: String?
        if words.count > index + 1, words[index] == "u", words[index + 1] == "s" {
            system = "US"
            index += 2
        } else if words.count > index + 3, words[index + 1] == "to", words[index + 2] == "market", let named = marketRoads[words[index]] {
            // Texas's `Farm to Market Road 1960`, written `FM 1960`.
            system = named
            index += 3
        } else if let named = systems[words[index]] {
            system = named
            index += 1
        } else if words.count > index + 1, isNumber(words[index + 1]) || types[words[index + 1]] != nil, words[index].utf8.count == 2,
            USPSTables.states[words[index]] == words[index].uppercased(), !Self.codesReadOtherwise.contains(words[index]),
            !isNumber(words[index + 1]) || words[index + 1].utf8.count <= maxRouteDigits
        {
            // `CA 1`, `TX-71`, `NC Hwy 55`: the state's own route (`IL 606001` is a ZIP mistyped).
            system = "State Route"
            index += 1
        }
        var type: String?
        if index < words.count, let named = types[words[index]] {
            type = named
            index += 1
        } else if index < words.count, system == "State" || system == "County" || isMarketRoad(system),
            words[index] == "road" || words[index] == "rd"
        {
            type = "Road"
            index += 1
        }
        // `US 70 HWY E`, `NC 55 HWY`, `42 HWY`: the type written after the number, as Wake County
        // writes its roads (`42 HWY` was the street 42nd Hwy, `US 70 HWY` apart from `US Hwy 70`).
        let typeAfterNumber = type == nil && index + 1 < words.count && isNumber(words[index]) ? types[words[index + 1]] : nil
        if system == nil { type = type ?? typeAfterNumber }
        // A system alone before the number only where it names one road (`US 101`, `I 80`, `SR 9`).
        guard type != nil || (system != nil && system != "State" && system != "County") else { return nil }
        // A US route is one road as `US 101`, `US Route 101` or `US Hwy 101`; an interstate as
        // `I 80` or `Interstate Highway 80`: one name each.
        if system == "US" { type = "Highway" }
        // A state numbers its roads once, whatever it calls them: `State Highway 1`, `State Rte
        // 1`, `SR 1`, `CA-1` and Florida's `State Road 1` are State Route 1; `FM Road 1960` is
        // FM 1960.
        if system == "State" || system == "State Route" { (system, type) = ("State Route", nil) }
        if system == "Interstate" || isMarketRoad(system) { type = nil }
        if index < words.count, words[index] == "no" { index += 1 }
        guard index < words.count, isNumber(words[index]) else { return nil }
        var number = words[index]
        index += 1
        if typeAfterNumber != nil { index += 1 }
        if index < words.count, words[index].utf8.count == 1, !isNumber(words[index]), USPSTables.directionals[words[index]] == nil {
            number += words[index].uppercased()
            index += 1
        }
        var route: String?
        if index < words.count, let named = routes[words[index]] {
            route = named
            index += 1
        }
        var direction: String?
        if index < words.count, let named = USPSTables.directionals[words[index]] {
            direction = named
            index += 1
        }
        guard index == words.count else { return nil }
        let name = [system, type, number, route].compactMap { $0 }.joined(separator: " ")
        return (before, name, direction)
    }

    /// Whether `words` are one numbered road (`read`).
    static func isHighway(_ words: [String]) -> Bool { read(words) != nil }

    /// Whether a street's name (`hwy 101`, `W US Highway 50`) is a numbered road, perhaps after a
    /// directional: a road that runs far past any one town's streets.
    public static func isNumberedRoad(_ name: String) -> Bool {
        // Most names hold no digit: they skip the rest.
        guard name.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return isHighway(AddressTokenizer.tokens(name).filter(\.isWord).map(\.lower))
    }

    static func isNumber(_ word: String) -> Bool { !word.isEmpty && word.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

    /// The road systems, as written → as named. (A state's code is its routes' system too: `CA 1`.)
    static let systems: [String: String] = [
        "us": "US", "state": "State", "county": "County", "co": "County", "interstate": "Interstate", "i": "Interstate",
        "sr": "State Route", "cr": "County Road", "fm": "FM", "rm": "RM",
    ]

    /// State codes never read as a route's system: English words (`5 or 6`, `in 37`), and
    /// Texas's private roads (`PR 462` in Leonard, TX; Puerto Rico's routes are rare in US records).
    static let codesReadOtherwise: Set<String> = ["al", "co", "de", "hi", "id", "in", "la", "ma", "me", "oh", "ok", "or", "pa", "pr"]

    /// A state numbers its routes with at most four digits (Texas's FM 3009); five after a state's
    /// code are its ZIP.
    static let maxRouteDigits = 4

    /// Texas's farm and ranch roads, by the first of `… to Market Road`.
    static let marketRoads: [String: String] = ["farm": "FM", "ranch": "RM"]

    static func isMarketRoad(_ system: String?) -> Bool { system == "FM" || system == "RM" }

    /// The words of a road's type, as written → as named.
    static let types: [String: String] = [
        "highway": "Highway", "hwy": "Highway", "hiway": "Highway", "hghwy": "Highway", "hgwy": "Highway", "hway": "Highway",
        "route": "Route", "rte": "Route", "rt": "Route",
    ]

    /// A route of the road after its number (`US 17 Business`, named US Highway 17 Business).
    static let routes: [String: String] = [
        "business": "Business", "bus": "Business", "bypass": "Bypass", "byp": "Bypass", "spur": "Spur", "alt": "Alternate",
        "alternate": "Alternate", "truck": "Truck",
    ]
}
