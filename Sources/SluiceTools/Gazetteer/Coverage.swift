import Foundation
import SluiceGeocode
import SluiceSanitize

/// What a gazetteer covers, read from its rows' `city`, `state` and `zip` columns and their
/// points: the last lines of the build's report. The geocoder reads the same columns to refuse
/// records of towns, states and ZIP codes outside them.
///
///     Coverage(rows).description        // or add(row) for each, then finish()
///     // covers 1 town (San Francisco, CA), 1 state (CA), 30 ZIP codes; bounds lat 37.6900 … 37.8392, lon -122.5298 … -122.3583
///
/// - Complexity: O(n) in the rows and their points.
struct Coverage {
    /// Each town once (by `Town.key`, the first spelling met), `City, ST`, sorted.
    var towns: [String] = []
    var states: [String] = []
    var zips = Set<String>()
    var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity

    /// What `add` has seen of the towns: the last row's town, the towns' spellings and keys,
    /// the states.
    private var seen = Set<String>()
    private var keys = Set<String>()
    private var stateSet = Set<String>()
    private var last = (city: "\u{0}", state: "", zip: "")

    init() {}

    init(_ rows: [GazetteerRow]) {
        for row in rows { add(row) }
        finish()
    }

    /// Takes one row in (the builder's rows as they are written: it keeps none of them).
    mutating func add(_ row: GazetteerRow) {
        if let lat = row.lat, let lon = row.lon { include(lat, lon) }
        for point in row.points { include(point.lat, point.lon) }
        // Rows of one town come together: only a row whose town differs from the last one's
        // is looked at further (a county's million addresses, a few hundred towns).
        guard (row.city, row.state, row.zip) != last else { return }
        last = (row.city, row.state, row.zip)
        if !row.state.isEmpty {
            stateSet.insert(row.state)
        } else if let zipState = USTowns.town(zip: row.zip)?.state {
            // The geocoder's coverage takes a ZIP's state where the row names none (`GazetteerCoverage`).
            stateSet.insert(zipState)
        }
        if !row.zip.isEmpty { zips.insert(row.zip) }
        guard !row.city.isEmpty else { return }
        guard seen.insert(row.city + "\u{1}" + row.state).inserted else { return }
        if keys.insert(Town(city: row.city, state: row.state).key).inserted {
            towns.append(row.state.isEmpty ? row.city : "\(row.city), \(row.state)")
        }
    }

    /// Sorts the towns and states, once every row is in.
    mutating func finish() {
        towns.sort()
        states = stateSet.sorted()
    }

    mutating func include(_ lat: Double, _ lon: Double) {
        (south, north) = (min(south, lat), max(north, lat))
        (west, east) = (min(west, lon), max(east, lon))
    }

    /// The build's warning when no row names a town: such a gazetteer cannot tell a record of
    /// another town from one of its own.
    var warning: String? {
        towns.isEmpty
            ? "no row names a town: sluice-geocode cannot refuse records of other towns with this gazetteer (--city NAME --state ST, --city-property P, or OpenAddresses CITY give rows their town)"
            : nil
    }

    /// `covers 2 towns (A, CA; B, CA), 1 state (CA), 3 ZIP codes; bounds lat … lon …`: at most
    /// ten towns are named.
    var description: String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let named = towns.prefix(10).joined(separator: "; ") + (towns.count > 10 ? "; …" : "")
        var text = "covers " + count(towns.count, "town") + (towns.isEmpty ? "" : " (\(named))")
        text += ", " + count(states.count, "state") + (states.isEmpty ? "" : " (\(states.joined(separator: ", ")))")
        text += ", " + count(zips.count, "ZIP code")
        if south <= north {
            text += String(format: "; bounds lat %.4f … %.4f, lon %.4f … %.4f", south, north, west, east)
        }
        return text
    }
}
