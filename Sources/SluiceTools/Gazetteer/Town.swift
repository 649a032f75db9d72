import SluiceCore
import SluiceGeocode
import SluiceSanitize

/// The town a source row lies in, as the builder writes it into a row's `city`, `state` and
/// `zip` columns: the city as the source names it, the state as its USPS code, the ZIP as five
/// digits. Rows of two towns are kept apart by `key` (the city's `TownName.key` and the state):
/// the same street and number in two towns is two addresses, their streets never share a node.
///
///     let town = Town(city: " OAKLAND ", state: "California", zip: "94612-1234")
///     (town.city, town.state, town.zip)   // ("OAKLAND", "CA", "94612")
///     town.key                            // "oakland|CA"
public struct Town: Hashable, Sendable {
    public private(set) var city: String
    public private(set) var state: String
    public private(set) var zip: String

    /// Normalises what a source gives: spaces trimmed, a state's name or code as its code (an
    /// unknown state text kept in capitals), a ZIP's first five digits (ZIP+4 dropped; anything
    /// else, `0` or `9411`, is no ZIP).
    public init(city: String = "", state: String = "", zip: String = "") {
        self.city = city.trimmingSpaces()
        self.state = USPSTables.stateCode(state)
        self.zip = USPSTables.zipCode(zip.trimmingSpaces()) ?? ""
    }

    /// San Francisco, for every row of the San Francisco sources (their ZIP, where a source
    /// gives one, added by `GazetteerBuilder.sanFrancisco(zip:)`).
    public static let sanFrancisco = Town(city: "San Francisco", state: "CA")

    /// What tells two towns apart: the city's `TownName.key` and the state (the ZIP does not: a
    /// town has many, and one street runs through several).
    public var key: String { TownName.key(city) + "|" + state }

    /// Whether the row names its town.
    public var hasTown: Bool { !city.isEmpty }

    /// This town with `fallback`'s city and state where it has none (`--city`, `--state` for a
    /// single-town source): a row with a ZIP but no city takes `--city` too.
    public func filled(by fallback: Town) -> Town {
        var town = self
        if town.city.isEmpty { town.city = fallback.city }
        if town.state.isEmpty { town.state = fallback.state }
        return town
    }

    /// This town with another ZIP.
    public func zip(_ zip: String) -> Town {
        var town = self
        town.zip = Town(zip: zip).zip
        return town
    }

    /// The town of a row (as a gazetteer to merge has it).
    public init(of row: GazetteerRow) { self.init(city: row.city, state: row.state, zip: row.zip) }

    /// Writes the town into a row's columns.
    public func write(to row: inout GazetteerRow) {
        (row.city, row.state, row.zip) = (city, state, zip)
    }
}

/// How many of a source's rows had a town and a ZIP, for the build's report.
struct TownCount {
    var rows = 0
    var withTown = 0
    var withZip = 0

    mutating func count(_ town: Town) {
        rows += 1
        if town.hasTown { withTown += 1 }
        if !town.zip.isEmpty { withZip += 1 }
    }

    /// Takes back a row counted before (a point that turned out a duplicate).
    mutating func uncount(_ town: Town) {
        rows -= 1
        if town.hasTown { withTown -= 1 }
        if !town.zip.isEmpty { withZip -= 1 }
    }

    /// `12 with a town, 3 with a ZIP`.
    var description: String { "\(withTown) with a town, \(withZip) with a ZIP" }
}
