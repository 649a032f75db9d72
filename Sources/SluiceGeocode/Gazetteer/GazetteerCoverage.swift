import SluiceCore
import SluiceSanitize

/// What a gazetteer covers: the towns, states and ZIP codes its rows name, and the box its
/// points lie in, gathered as rows are added. A record naming a town, state or ZIP code outside
/// it is refused (`outside_gazetteer`): the gazetteer cannot know where it is, and a street of
/// the same name in a covered town would be a confident wrong answer (`12224 Ventura Blvd`,
/// Studio City, is not Ventura Ave in San Francisco).
///
///     coverage.placement(city: "Seattle", state: "WA", zip: nil)
///     // .outside("outside_gazetteer: state 'WA' is not among the gazetteer's states (CA)")
///
/// Each kind is checked only when rows name some: a 1.0 gazetteer (no town columns) refuses
/// nothing. A town is its name in its state: Springfield, IL and Springfield, MO are two towns,
/// whose streets of one name are two streets.
public struct GazetteerCoverage: Sendable {
    /// Town ids by `TownName.key` and state code (`springfield|IL`), and each town's name as its
    /// first row spells it, its state code (empty when its rows name none) and its name's key.
    public private(set) var townIDs: [String: Int] = [:]
    public private(set) var townNames: [String] = []
    public private(set) var townStates: [String] = []
    /// The towns of each name's key, in the order their first rows came.
    public private(set) var townsByName: [String: [Int]] = [:]
    private var townKeys: [String] = []
    /// USPS state codes, upper case: the rows' own, and their ZIP codes' where they name none.
    public private(set) var states: Set<String> = []
    /// The towns of each five-digit ZIP code (`noTown` for rows that name none).
    public private(set) var zipTowns: [String: Set<Int>] = [:]
    /// The box holding every point of the gazetteer's rows (south > north while empty).
    public private(set) var south = 90.0, north = -90.0, west = 180.0, east = -180.0

    /// The reason a refused record's `geo.reason` starts with.
    public static let reason = "outside_gazetteer"

    /// The town id of a row or street that names no town.
    public static let noTown = -1

    /// The last city, state and ZIP text added: rows of one town come together, and comparing
    /// texts is cheaper than folding a town's name (219k rows at load).
    private var lastCity: (text: String, state: String, id: Int) = ("", "", noTown)
    private var lastState: (text: String, code: String) = ("", "")
    private var lastZip: (text: String, town: Int) = ("", noTown)

    public init() {}

    /// Where a record may lie: `outside(reason)` when its town, state or ZIP code is not covered;
    /// else `within(towns)`, the ids of the towns its city (or else its ZIP code) names, nil
    /// when it names no covered town.
    public enum Placement: Equatable, Sendable {
        case outside(String)
        case within(Set<Int>?)
    }

    /// True when the rows name no town, state or ZIP code: every record is `within(nil)`.
    public var isEmpty: Bool { townIDs.isEmpty && states.isEmpty && zipTowns.isEmpty }

    /// Adds one row's town, state and ZIP code; returns the town's id (`noTown` for none).
    mutating func add(city: String, state: String, zip: String) -> Int {
        var town = Self.noTown
        var code = ""
        if !state.isEmpty {
            if state != lastState.text {
                lastState = (state, USPSTables.stateCode(state))
                states.insert(lastState.code)
            }
            code = lastState.code
        }
        if !city.isEmpty {
            if city == lastCity.text, code == lastCity.state {
                town = lastCity.id
            } else {
                let key = TownName.key(city)
                if !key.isEmpty {
                    town = townIDs[key + "|" + code] ?? townNames.count
                    if town == townNames.count {
                        townIDs[key + "|" + code] = town
                        townNames.append(city)
                        townStates.append(code)
                        townKeys.append(key)
                        townsByName[key, default: []].append(town)
                    }
                }
                lastCity = (city, code, town)
            }
        }
        if !zip.isEmpty, zip != lastZip.text || town != lastZip.town {
            lastZip = (zip, town)
            zipTowns[String(zip.prefix(5)), default: []].insert(town)
            // A row with a ZIP and no state (OpenAddresses county files often leave REGION
            // empty) is in its ZIP's state: without it, any other state's record passes.
            if code.isEmpty, let zipState = USTowns.town(zip: zip)?.state { states.insert(zipState) }
        }
        return town
    }

    /// Widens the box to hold `point`.
    mutating func extend(_ point: GeoPoint) {
        south = min(south, point.lat)
        north = max(north, point.lat)
        west = min(west, point.lon)
        east = max(east, point.lon)
    }

    /// Whether `point` lies in the box of the gazetteer's points.
    public func bounds(contain point: GeoPoint) -> Bool {
        (south...north).contains(point.lat) && (west...east).contains(point.lon)
    }

    /// Where a record naming `city`, `state` and `zip` (each nil or empty when unknown) may lie:
    /// a state the rows do not name is outside, and so is a town or ZIP code when the rows name
    /// towns or ZIP codes and not this one.
    ///
    /// - Complexity: O(n) in the length of the names.
    public func placement(city: String?, state: String?, zip: String?) -> Placement {
        if let state, !state.isEmpty, !states.isEmpty, !states.contains(USPSTables.stateCode(state)) {
            return .outside("\(Self.reason): state '\(state)' is not among the gazetteer's states (\(Self.listed(states.sorted())))")
        }
        var zipTownsNamed: Set<Int>?
        if let zip, !zip.isEmpty, !zipTowns.isEmpty {
            if let towns = zipTowns[String(zip.prefix(5))] {
                zipTownsNamed = towns
            } else if !isOwnZip(zip, ofCoveredTown: city, state: state) {
                return .outside("\(Self.reason): ZIP code '\(zip)' is not among the gazetteer's ZIP codes")
            }
        }
        if let city, !city.isEmpty, !townIDs.isEmpty {
            let key = TownName.key(city)
            if key.isEmpty { return .within(zipTownsNamed) }
            var towns = townsByName[key] ?? partOfTown(city, state: state) ?? misspelt(city, state: state) ?? []
            // Of a name several states have, the state's; a town whose rows name no state may be in any.
            if let state, !state.isEmpty {
                let code = USPSTables.stateCode(state)
                towns.removeAll { !townStates[$0].isEmpty && townStates[$0] != code }
            }
            guard !towns.isEmpty else {
                if let zipTownsNamed, let zip, townOfZip(city, state: state, zip: zip) { return .within(zipTownsNamed) }
                // The state is said when the name is covered in another.
                let named = townsByName[key] == nil ? city : "\(city), \(state ?? "")"
                let names = townNames.indices.map(name(of:))
                return .outside("\(Self.reason): town '\(named)' is not among the gazetteer's towns (\(Self.listed(names)))")
            }
            return .within(Set(towns))
        }
        if let city, !city.isEmpty, townIDs.isEmpty, zipTownsNamed == nil, !zipTowns.isEmpty {
            // Rows naming ZIP codes but no towns (OpenAddresses without CITY): a post-office town
            // none of whose ZIP codes they name is elsewhere. A name no post office has (a
            // township, a neighbourhood) cannot be told, and passes.
            let zips = USTowns.zipCodes(ofTown: city, state: state.flatMap { $0.isEmpty ? nil : $0 })
            if !zips.isEmpty, !zips.contains(where: { zipTowns[$0] != nil }) {
                return .outside("\(Self.reason): town '\(city)' has none of the gazetteer's ZIP codes")
            }
        }
        return .within(zipTownsNamed)
    }

    /// Whether `zip`, which no row names, is the covered town `city`'s own: one of its post
    /// office's ZIP codes (`AUSTIN, TX 78755`, box numbers no address point has), or one no post
    /// office has (`78700`, a slip). The town the record names decides then, as it does without a
    /// ZIP code (it was refused though the town was covered). Another town's ZIP code (`AUSTIN,
    /// TX 78662`, Red Rock's) disagrees with it, and is outside.
    func isOwnZip(_ zip: String, ofCoveredTown city: String?, state: String?) -> Bool {
        guard let city, !city.isEmpty, let towns = townsByName[TownName.key(city)] else { return false }
        let code = state.flatMap { $0.isEmpty ? nil : USPSTables.stateCode($0) }
        let covered = towns.filter { code == nil || townStates[$0].isEmpty || townStates[$0] == code }
        guard !covered.isEmpty else { return false }
        guard USTowns.town(zip: zip) != nil else { return true }
        let five = String(zip.prefix(5))
        return covered.contains { town in
            let state = code ?? (townStates[town].isEmpty ? nil : townStates[town])
            return USTowns.zipCodes(ofTown: townNames[town], state: state).contains(five)
        }
    }

    /// Whether a town the rows do not name lies in the covered ZIP code written with it: a place
    /// no post office of its state is named after (`Woodlawn`, `Timonium`, `Lutherville`, MD: places
    /// whose mail goes to Windsor Mill and Lutherville Timonium), or a post office with that ZIP
    /// code. Its rows name the ZIP code's town, so the record is that town's (it was refused as
    /// outside). A post office whose ZIP codes are others (`Rosedale, MD 21221`) stays outside:
    /// the town and the ZIP code disagree, unless the rows cover the town's ZIP codes too
    /// (`Long Island City, NY 11104`, `Flushing, NY 11365`: Queens' neighbourhoods are post
    /// offices, and its records name them with a neighbouring post office's ZIP code): both are
    /// then in the gazetteer's area, and the ZIP code says which of its towns.
    func townOfZip(_ city: String, state: String?, zip: String) -> Bool {
        let state = state.flatMap { $0.isEmpty ? nil : $0 } ?? USTowns.town(zip: zip)?.state
        let zips = USTowns.zipCodes(ofTown: city, state: state)
        return zips.isEmpty || zips.contains(String(zip.prefix(5))) || zips.contains { zipTowns[$0] != nil }
    }

    /// The covered towns a record's town is a part of: a direction before a covered town's name
    /// (`East Cambridge`, `N Cambridge`: neighbourhoods, written so in records and addresses; they
    /// were refused as towns the gazetteer lacks), unless a post office has the whole name, in
    /// the record's state when it names one (`North Andover, MA` is a town of its own).
    func partOfTown(_ city: String, state: String?) -> [Int]? {
        guard let part = TownName.partKey(city), let towns = townsByName[part] else { return nil }
        let whole = USTowns.states(ofTown: city)
        if let state, !state.isEmpty { return whole.contains(USPSTables.stateCode(state)) ? nil : towns }
        return whole.isEmpty ? towns : nil
    }

    /// The covered towns a record's town is a slip of the pen for (`SanFrancisco`, `San Francsico`,
    /// `Cambrigde`: they were refused as towns the gazetteer lacks): the same letters without
    /// their spaces, or, for a name of five letters or more, one letter added, left out, changed
    /// or swapped with the next (two for ten letters or more), when no post office has the name
    /// as written (in the record's state when it names one: `Selma, OR` is no `Salem`). Nil for
    /// none, or when the nearest are several names.
    ///
    /// - Complexity: O(t·n) for t covered names of n letters (only for a name no row has).
    public func misspelt(_ city: String, state: String?) -> [Int]? {
        let letters = Array(TownName.key(city).utf8.filter { $0 != UInt8(ascii: " ") })
        guard letters.count >= Self.slipLetters else { return nil }
        let states = USTowns.states(ofTown: city)
        if let state, !state.isEmpty {
            guard !states.contains(USPSTables.stateCode(state)) else { return nil }
        } else if !states.isEmpty {
            return nil
        }
        let limit = letters.count >= 2 * Self.slipLetters ? 2 : 1
        // The covered names nearest, and how near.
        var nearest: [String] = []
        var distance = limit + 1
        for key in townsByName.keys {
            let other = Array(key.utf8.filter { $0 != UInt8(ascii: " ") })
            guard abs(other.count - letters.count) <= limit else { continue }
            let found =
                other == letters ? 0 : EditDistance.isOneTransposition(letters, other) ? 1 : EditDistance.bounded(letters, other, limit: limit)
            guard let found, found <= distance else { continue }
            if found < distance { (nearest, distance) = ([], found) }
            nearest.append(key)
        }
        return nearest.count == 1 ? townsByName[nearest[0]] : nil
    }

    /// The fewest letters a town's name needs before a slip in it is read as one (`misspelt`).
    static let slipLetters = 5

    /// Why an address in another country (`…, London, UK`) is outside a gazetteer whose rows all
    /// name US states; nil for one that names none, or another country's regions.
    public var otherCountryReason: String? {
        guard !states.isEmpty, states.allSatisfy({ USPSTables.states[$0.lowercased()] == $0 }) else { return nil }
        return "\(Self.reason): the text names another country, and the gazetteer's rows are in US states (\(Self.listed(states.sorted())))"
    }

    /// Why a text that is only a town's name (`Fresno`, `Palo Alto`, `Chicago`) is outside the
    /// gazetteer: it names a US town that is not among its towns — of `state`, else of the
    /// gazetteer's states, or a city of any state. Nil for a gazetteer that names no towns, a
    /// covered town, or no town's name.
    public func outsideTown(named text: String, state: String?) -> String? {
        guard !townIDs.isEmpty else { return nil }
        let key = TownName.key(text)
        guard !key.isEmpty, townsByName[key] == nil else { return nil }
        let named = USTowns.states(ofTown: text)
        if let state, !state.isEmpty {
            guard named.contains(USPSTables.stateCode(state)) else { return nil }
        } else {
            // Of the gazetteer's states (`Fresno` with San Francisco's), or a city anywhere:
            // `Chicago`, `Boston`, `Hollywood` (Florida's) were Chicago Way, Boston Market and
            // Hollywood Ct at 0.8–0.9; a village of the name elsewhere is not what a bare name
            // likelier means (`Geary`, Oklahoma, is Geary Blvd).
            let isCity = { named.contains { USTowns.zipCodes(ofTown: text, state: $0).count >= Self.cityZIPCodes } }
            guard states.isEmpty ? !named.isEmpty : named.contains(where: states.contains) || isCity() else { return nil }
        }
        let names = townNames.indices.map(name(of:))
        return "\(Self.reason): '\(text)' names a town that is not among the gazetteer's towns (\(Self.listed(names)))"
    }

    /// The ZIP codes a town's post office has when it is a city (a ZIP code serves about 8,000
    /// people: ten are a city of some 80,000 or more). Not fitted to any data.
    static let cityZIPCodes = 10

    /// A town's name as its first row spells it, with its state when another town has its name
    /// (`Springfield, IL`).
    public func name(of town: Int) -> String {
        let name = townNames[town]
        guard !townStates[town].isEmpty, (townsByName[townKeys[town]]?.count ?? 0) > 1 else { return name }
        return name + ", " + townStates[town]
    }

    /// Up to three names, then how many more.
    static func listed(_ names: [String]) -> String {
        names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
    }
}
