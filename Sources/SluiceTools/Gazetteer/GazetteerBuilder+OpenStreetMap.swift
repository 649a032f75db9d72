import SluiceCore
import SluiceGeocode

/// OpenStreetMap's named places: the downtown extract of amenity points (shared sources) and,
/// bundled with Sluice, a citywide extract of named points and piers from a Protomaps basemap
/// and every bar and pub. Each row's category is OSM's own kind (`hotel`, `beach`, `pub`).
extension GazetteerBuilder {
    mutating func addOpenStreetMap() throws {
        try addOSMPoints()
        try addCitywidePoints()
        try addPiers()
        try addBars()
    }

    /// Named OpenStreetMap points of the downtown extract that are places people name: eating
    /// and drinking, worship, schools, libraries, theatres, garages, ferry terminals, historic
    /// points. Stops, platforms, taxi stands, bicycle docks, cash machines and the like are left
    /// out: they are named after what they stand beside.
    mutating func addOSMPoints() throws {
        guard let path = path("osm-points") else { return }
        let table = try SourceTable(path: path)
        try table.require(["osm_node_id", "name", "lat", "lon", "category", "subtype"])
        var count = 0
        let placesBefore = placeMark
        for row in table.rows {
            let category = table["category", row], subtype = table["subtype", row]
            guard Self.osmKept(category: category, subtype: subtype), let point = table.point(row, lat: "lat", lon: "lon") else { continue }
            let name = table["name", row]
            // The extract's text replaced non-ASCII letters with `?`: such a name is not what
            // anyone writes.
            guard !name.contains("?") else { continue }
            addPlace(
                name: name, aliases: [], category: subtype.isEmpty ? category : subtype, id: "osm:\(table["osm_node_id", row])", point: point,
                town: .sanFrancisco)
            count += 1
        }
        report.append("osm-points: " + placesAdded(count, since: placesBefore) + " (named OpenStreetMap points downtown)")
    }

    static let osmAmenities: Set<String> = [
        "restaurant", "cafe", "fast_food", "bar", "pub", "nightclub", "ice_cream", "food_court", "biergarten", "place_of_worship",
        "school", "college", "university", "library", "theatre", "cinema", "arts_centre", "community_centre", "social_centre",
        "events_venue", "parking", "ferry_terminal", "bus_station", "marketplace", "police", "fire_station", "hospital",
        "clinic", "post_office", "bank", "fountain", "clock", "townhall", "courthouse",
    ]

    static func osmKept(category: String, subtype: String) -> Bool {
        switch category {
        case "amenity": osmAmenities.contains(subtype)
        case "historic", "man_made": subtype != "monitoring_station"
        case "place": ["neighbourhood", "quarter", "square"].contains(subtype)
        default: false
        }
    }

    /// Protomaps' named points across the city: hotels, churches, schools, libraries, museums,
    /// stadiums, beaches, islands, neighbourhoods. Land-use labels (`residential`, `meadow`) are
    /// areas, not places people name as a location.
    mutating func addCitywidePoints() throws {
        guard let path = path("osm-citywide") else { return }
        let table = try SourceTable(path: path)
        try table.require(["name", "lat", "lon", "layer", "kind", "osm_type", "osm_id"])
        var count = 0
        let placesBefore = placeMark
        for row in table.rows {
            let kind = table["kind", row]
            guard !Self.landUseKinds.contains(kind), let point = table.point(row, lat: "lat", lon: "lon") else { continue }
            let category = table["layer", row] == "places" ? "neighborhood" : kind
            addPlace(
                name: table["name", row], aliases: [], category: category, id: "osm:\(table["osm_type", row])/\(table["osm_id", row])", point: point,
                town: .sanFrancisco)
            count += 1
        }
        report.append("osm-citywide: " + placesAdded(count, since: placesBefore) + " (named OpenStreetMap points, Protomaps extract)")
    }

    /// The category of a named element of an OpenStreetMap extract (`--osm`), by the tags that
    /// say what people name it for, or nil when none does: the element's own value (`cafe`,
    /// `hotel`, `park`, `pier`), `station` for railway and public-transport stations, `office`,
    /// `building` for a named building that is nothing more. Amenities, historic, man-made and
    /// place tags are kept by the same rule as the downtown extract (`osmKept`).
    static func osmCategory(_ tags: [String: String]) -> String? {
        if let amenity = tags["amenity"], osmKept(category: "amenity", subtype: amenity) { return amenity }
        if ["station", "halt"].contains(tags["railway"] ?? "") || tags["public_transport"] == "station" { return "station" }
        for key in ["tourism", "leisure", "shop", "historic", "man_made", "office", "craft", "natural", "place"] {
            guard let value = tags[key] else { continue }
            // Information boards and the like are named after what they describe.
            if key == "tourism", value == "information" { continue }
            if ["historic", "man_made", "place"].contains(key), !osmKept(category: key, subtype: value) { continue }
            return key == "office" || value == "yes" ? key : value
        }
        return tags["building"] != nil ? "building" : nil
    }

    /// The tags that give an OpenStreetMap element's other names (each may list several, `;`-separated).
    static let osmAliasKeys = ["alt_name", "old_name", "official_name", "short_name", "name:en", "loc_name"]

    static let landUseKinds: Set<String> = [
        "residential", "industrial", "commercial", "construction", "grass", "meadow", "brownfield", "greenfield", "wetland",
        "farmland", "landfill", "unclassified", "yes", "other", "administrative", "political",
    ]

    /// Piers named on the ways that run along them (`Pier 45`, `Hyde Street Pier`): one point
    /// on the pier for each name.
    mutating func addPiers() throws {
        guard let path = path("osm-piers") else { return }
        let table = try SourceTable(path: path)
        try table.require(["name", "lat", "lon", "osm_type", "osm_id"])
        var count = 0
        let placesBefore = placeMark
        for row in table.rows {
            guard let point = table.point(row, lat: "lat", lon: "lon") else { continue }
            addPlace(
                name: table["name", row], aliases: [], category: "pier", id: "osm:\(table["osm_type", row])/\(table["osm_id", row])", point: point,
                town: .sanFrancisco)
            count += 1
        }
        report.append("osm-piers: " + placesAdded(count, since: placesBefore) + " (piers)")
    }

    /// Every bar and pub OpenStreetMap has in the city, with its other and former names.
    mutating func addBars() throws {
        guard let path = path("osm-bars") else { return }
        let table = try SourceTable(path: path)
        try table.require(["osm_type", "osm_id", "name", "lat", "lon", "amenity", "alt_name", "old_name"])
        var count = 0
        let placesBefore = placeMark
        for row in table.rows {
            guard let point = table.point(row, lat: "lat", lon: "lon") else { continue }
            let aliases = (table["alt_name", row] + ";" + table["old_name", row]).split(separator: ";").map { String($0).trimmingSpaces() }
            addPlace(
                name: table["name", row], aliases: aliases.filter { !$0.isEmpty }, category: table["amenity", row],
                id: "osm:\(table["osm_type", row])/\(table["osm_id", row])", point: point,
                town: Self.sanFrancisco(zip: table["addr_postcode", row]))
            count += 1
        }
        report.append("osm-bars: " + placesAdded(count, since: placesBefore) + " (bars and pubs)")
    }
}
