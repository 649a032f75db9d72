import Foundation
import SluiceCore
import SluiceGeocode

/// Named places: landmarks (OSM sightseeing nodes, a 3-D model's landmark anchors, SF Find and
/// Planning neighbourhoods), Rec & Park properties and public schools, then the hand-curated
/// aliases that tie the names films use to those rows.
extension GazetteerBuilder {
    mutating func addPlaces() throws {
        if let path = path("landmarks") {
            let table = try SourceTable(path: path)
            try table.require(["name", "aliases", "lat", "lon", "category"])
            var count = 0
            let placesBefore = placeMark
            for (index, row) in table.rows.enumerated() {
                guard let point = table.point(row, lat: "lat", lon: "lon") else { continue }
                let aliases = table["aliases", row].split(separator: "|").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
                addPlace(
                    name: table["name", row], aliases: aliases, category: table["category", row], id: "landmarks:\(table.lines[index])", point: point,
                    town: .sanFrancisco)
                count += 1
            }
            report.append("landmarks: " + placesAdded(count, since: placesBefore) + " (landmarks and neighbourhood centroids)")
        }
        if let path = path("parks") {
            let table = try SourceTable(path: path)
            try table.require(["OBJECTID", "Map_Label", "Latitude", "Longitude", "PropertyType"])
            var count = 0, outside = 0
            let placesBefore = placeMark
            for row in table.rows {
                guard let point = table.point(row, lat: "Latitude", lon: "Longitude") else {
                    outside += 1
                    continue
                }
                let name = table["Map_Label", row]
                // "Mt. Davidson Park" is also called "Mount Davidson Park".
                let aliases = name.contains("Mt. ") ? [name.replacingOccurrences(of: "Mt. ", with: "Mount ")] : []
                addPlace(
                    name: name, aliases: aliases, category: "park", id: "park:\(table["OBJECTID", row])", point: point,
                    town: Self.sanFrancisco(zip: table["Zipcode", row]))
                count += 1
            }
            report.append("parks: " + placesAdded(count, since: placesBefore) + " (Rec & Park properties; \(outside) outside the city left out)")
        }
        if let path = path("schools") {
            let table = try SourceTable(path: path)
            try table.require(["sfusd_code", "prefix", "name", "suffix", "types", "lat", "lon"])
            var count = 0
            let placesBefore = placeMark
            for (index, row) in table.rows.enumerated() {
                guard let point = table.point(row, lat: "lat", lon: "lon") else { continue }
                let type = table["types", row].split(separator: "|").first.map(String.init) ?? ""
                let base = [table["name", row], table["suffix", row]].filter { !$0.isEmpty }.joined(separator: " ")
                let full = [table["prefix", row], base].filter { !$0.isEmpty }.joined(separator: " ")
                let kind = type == "Early Education" ? "Early Education School" : "\(type) School"
                let aliases = full == base ? [] : ["\(base) \(kind)"]
                let code = table["sfusd_code", row]
                addPlace(
                    name: "\(full) \(kind)", aliases: aliases, category: "school",
                    id: code.isEmpty ? "school:line \(table.lines[index])" : "sfusd:\(code)", point: point,
                    town: Self.sanFrancisco(zip: table["zip", row]))
                count += 1
            }
            report.append("schools: " + placesAdded(count, since: placesBefore) + " (public schools)")
        }
    }

    /// Adds a place, or, when a place of the same name in the same town is already within
    /// `samePlaceMetres` (the same building in two sources, a station's platforms), adds its
    /// aliases to that one (and its ZIP, when that one has none). Returns whether a new place
    /// was added; the place's id then names the merged place too.
    @discardableResult
    mutating func addPlace(name: String, aliases: [String], category: String, id: String, point: GeoPoint, town: Town) -> Bool {
        guard !name.isEmpty else { return false }
        placeTowns.count(town)
        let key = town.key + "|" + PlaceIndex.words(name).joined(separator: " ")
        func near(_ place: Int) -> Bool {
            guard let lat = places[place].lat, let lon = places[place].lon else { return false }
            // Two sources' middles of one neighbourhood can be a kilometre apart.
            let radius = category == "neighborhood" && places[place].category == "neighborhood" ? Self.sameAreaMetres : Self.samePlaceMetres
            return GeoPoint(lat: lat, lon: lon).distance(to: point) < radius
        }
        if let same = placesByKey[key]?.first(where: near) {
            for alias in aliases where alias != places[same].name && !places[same].aliases.contains(alias) { places[same].aliases.append(alias) }
            if places[same].zip.isEmpty { places[same].zip = town.zip }
            mergedIDs[id] = same
            merged += 1
            return false
        }
        var row = GazetteerRow(kind: .place)
        row.id = id
        row.name = name
        row.aliases = aliases
        row.category = category
        town.write(to: &row)
        row.lat = point.lat
        row.lon = point.lon
        placesByKey[key, default: []].append(places.count)
        places.append(row)
        return true
    }

    /// The place counters before a source is read, to report what it added.
    struct PlaceMark {
        var merged: Int
        var towns: TownCount
    }

    var placeMark: PlaceMark { PlaceMark(merged: merged, towns: placeTowns) }

    /// What a source added: `tried` places, less those merged into a place of the same name
    /// (counted by `merged`) since `mark`, and how many of them had a town and a ZIP.
    func placesAdded(_ tried: Int, since mark: PlaceMark) -> String {
        let same = merged - mark.merged
        let towns = TownCount(
            rows: placeTowns.rows - mark.towns.rows, withTown: placeTowns.withTown - mark.towns.withTown,
            withZip: placeTowns.withZip - mark.towns.withZip)
        return "\(tried - same) places" + (same > 0 ? " and \(same) names added to the same place from an earlier source" : "")
            + " (\(towns.description))"
    }

    /// Two places of one name closer than this are one place.
    static let samePlaceMetres = 150.0
    static let sameAreaMetres = 1500.0

    /// Adds the curated aliases: each names a place already built (by its exact name and id)
    /// and the row of the source that holds its coordinates, so no coordinate is invented here.
    /// An id `address:<number> <street key>` names a building by its street address instead:
    /// the place is made at that EAS point (`Hall of Justice` at `address:850 bryant st`).
    mutating func addAliases() throws {
        guard let path = aliasesPath else { return }
        let table = try SourceTable(path: path)
        try table.require(["alias", "place_id", "place_name", "source"])
        var count = 0
        for (index, row) in table.rows.enumerated() {
            let id = table["place_id", row], name = table["place_name", row], alias = table["alias", row]
            if id.hasPrefix("address:"), places.firstIndex(where: { $0.id == id }) == nil, mergedIDs[id] == nil {
                let address = id.dropFirst("address:".count)
                guard let space = address.firstIndex(of: " "), let number = Int(address[..<space]),
                    let point = addresses[addressKey(String(address[address.index(after: space)...]), number, in: .sanFrancisco)]?.point
                else {
                    if excluded.contains("eas") { continue }
                    throw StageFailure.data(source: path, line: table.lines[index], "no point address '\(address)' for '\(name)'")
                }
                addPlace(name: name, aliases: [], category: "building", id: id, point: point, town: .sanFrancisco)
            }
            guard let position = places.firstIndex(where: { $0.id == id }) ?? mergedIDs[id] else {
                // A source left out (excluded, or bundled and built without --bundled) takes its
                // places with it; a wrong id is a mistake in the list.
                let unread = Self.bundledSources.map(\.name).filter { _ in bundledFolder == nil } + excluded
                if unread.contains(where: { id.hasPrefix(Self.idPrefix(of: $0)) }) { continue }
                throw StageFailure.data(source: path, line: table.lines[index], "no place with id '\(id)' (\(name))")
            }
            guard places[position].name == name || mergedIDs[id] != nil else {
                throw StageFailure.data(source: path, line: table.lines[index], "place \(id) is '\(places[position].name)', not '\(name)'")
            }
            if alias != name, !places[position].aliases.contains(alias) {
                places[position].aliases.append(alias)
                count += 1
            }
        }
        report.append("aliases: \(count) curated aliases from \(path)")
    }

    /// The id prefix of the places a source gives.
    static func idPrefix(of source: String) -> String {
        switch source {
        case "parks": "park:"
        case "schools": "sfusd:"
        case "osm-points", "osm-citywide", "osm-piers", "osm-bars": "osm:"
        case "colleges": "ipeds:"
        case "businesses", "businesses-older": "business:"
        default: source + ":"
        }
    }
}
