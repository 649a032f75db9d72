import Foundation
import SluiceCore
import SluiceGeocode
import SluiceSanitize

/// Places of everyday life: transit stations (BART, Caltrain and Muni GTFS stops), food
/// businesses (the health department's list: restaurants, cafes, bars, hotel kitchens),
/// OpenStreetMap's named places (`GazetteerBuilder+OpenStreetMap.swift`) and colleges. Each is
/// a `place` row with the source's id and category.
extension GazetteerBuilder {
    mutating func addPointsOfInterest() throws {
        try addStations()
        try addBusinesses()
        try addOpenStreetMap()
        try addColleges()
    }

    /// GTFS stops. BART and Caltrain list one row per station; Muni lists every stop, of which
    /// only the named stations (`Metro Castro Station/Outbound`) are places: its other stops are
    /// named after intersections, which the street layers already locate.
    mutating func addStations() throws {
        var count = 0
        let placesBefore = placeMark
        for (source, agency) in [("bart", "BART"), ("caltrain", "Caltrain"), ("muni", "Muni")] {
            guard let path = path(source) else { continue }
            count += try addStops(path: path, source: source, agency: agency, town: .sanFrancisco).added
        }
        if count > 0 { report.append("transit: " + placesAdded(count, since: placesBefore) + " (BART, Caltrain, Muni stations)") }
    }

    /// Reads one GTFS `stops.txt`: each station once (platforms and directions repeat its name
    /// a few metres apart). With `agency`, names are made the San Francisco way
    /// (`stationName`); without, as `stopPlace` says. Returns the stops read, the places tried
    /// and the stops skipped with their reason and bytes (a row that is not UTF-8 among them,
    /// `invalid_utf8`, in a feed of any agency). Every stop is in `town` (GTFS names none).
    mutating func addStops(path: String, source: String, agency: String?, town: Town) throws -> (rows: Int, added: Int, skipped: [SkippedRow]) {
        let table = try SourceTable(path: path, keepsSkipped: agency == nil)
        try table.require(["stop_id", "stop_name", "stop_lat", "stop_lon"])
        // A feed that lists its stations (location_type 1) names them: its other stops are
        // platforms, entrances and stops along the street.
        let listsStations = table.has("location_type") && table.rows.contains { table["location_type", $0] == "1" }
        var seen: [(name: String, point: GeoPoint)] = []
        var added = 0
        var skipped: [SkippedRow] = []
        for (index, row) in table.rows.enumerated() {
            func skip(_ reason: String, _ detail: String) {
                skipped.append(SkippedRow(source: path, line: table.lines[index], reason: reason, detail: detail, raw: table.raw(index)))
            }
            let point: GeoPoint?
            let name: String?
            if let agency {
                point = table.point(row, lat: "stop_lat", lon: "stop_lon")
                name = Self.stationName(table["stop_name", row], agency: agency)
            } else {
                point = table.coordinates(row, lat: "stop_lat", lon: "stop_lon")
                if listsStations, table["location_type", row] != "1" {
                    skip("not_a_station", "the feed lists its stations: this is a stop, platform or entrance")
                    continue
                }
                name = Self.stopPlace(table["stop_name", row])
            }
            guard let point else {
                if agency == nil {
                    skip("bad_coordinates", "stop_lat, stop_lon '\(table["stop_lat", row])', '\(table["stop_lon", row])' are not a position")
                }
                continue
            }
            guard let name else {
                if agency == nil, table["stop_name", row].isEmpty {
                    skip("no_name", "the stop has no stop_name")
                } else if agency == nil {
                    skip("stop_at_intersection", "'\(table["stop_name", row])' names a street corner, which the streets locate")
                }
                continue
            }
            if seen.contains(where: { $0.name == name && $0.point.distance(to: point) < 500 }) { continue }
            seen.append((name, point))
            // `Embarcadero Station` as people say it, beside `Embarcadero BART Station`; each
            // of the names of `Civic Center/UN Plaza`.
            var aliases: [String] = []
            if agency == "BART" {
                let parts = table["stop_name", row].split(separator: "/").map { String($0).trimmingSpaces() }
                aliases = (parts.count > 1 ? parts.map { "\($0) BART Station" } : []) + parts.map { "\($0) Station" }
            } else if agency == nil, !name.lowercased().contains("station") {
                aliases = ["\(name) Station"]
            }
            addPlace(name: name, aliases: aliases, category: "station", id: "\(source):\(table["stop_id", row])", point: point, town: town)
            added += 1
        }
        // The rows that were not UTF-8 among the others, in the file's order.
        skipped = (table.skipped + skipped).sorted { $0.line < $1.line }
        return (table.rows.count + table.skipped.count, added, skipped)
    }

    /// The place a stop of any feed stands for: its name (title-cased when in capitals), or the
    /// part of it that names a station (`Metro Castro Station/Outbound` → `Metro Castro
    /// Station`); nil for a stop named after a corner (`Market St & 5th St`, `Mission/24th`).
    static func stopPlace(_ stop: String) -> String? {
        let stop = stop.trimmingSpaces()
        guard !stop.isEmpty else { return nil }
        let parts = stop.split(whereSeparator: { $0 == "/" || $0 == "&" || $0 == "@" }).map { String($0).trimmingSpaces() }
        let name: String
        if parts.count > 1 || stop.lowercased().contains(" and ") {
            guard let station = parts.first(where: { $0.lowercased().contains("station") }) else { return nil }
            name = station
        } else {
            name = stop
        }
        return name.contains(where: \.isLowercase) ? name : titleCased(name)
    }

    /// The station a GTFS stop name stands for, with the agency in its name (`Embarcadero` →
    /// `Embarcadero BART Station`, `Metro Forest Hill Station/Downtown` → `Forest Hill Station`);
    /// nil for a stop that is not a station.
    static func stationName(_ stop: String, agency: String) -> String? {
        let stop = stop.trimmingSpaces()
        guard !stop.isEmpty else { return nil }
        switch agency {
        case "Muni":
            // `San Jose Ave/Glen Park Station`, `Metro Civic Center Station/Downtn`: the part
            // that names the station, without the direction or the `Metro` prefix.
            guard let part = stop.split(separator: "/").map({ String($0).trimmingSpaces() }).first(where: { $0.lowercased().contains("station") })
            else { return nil }
            var words = part.split(separator: " ").map(String.init)
            if words.first?.lowercased() == "metro" { words.removeFirst() }
            while let last = words.last?.lowercased(), ["outbound", "inbound", "downtown", "outbd", "downtn", "rd."].contains(last) {
                words.removeLast()
            }
            guard let station = words.lastIndex(where: { $0.lowercased() == "station" }), station >= 1 else { return nil }
            return titleCased(words[...station].joined(separator: " "))
        case "Caltrain":
            return stop.lowercased().hasSuffix("station") ? stop : stop + " Station"
        default:
            return "\(stop) \(agency) Station"
        }
    }

    /// The health department's food businesses (two snapshots; a business id seen in the newer
    /// one is not read again from the older). A business is placed where the address layers
    /// put its street address (the point address, or between the listed numbers), else at the
    /// coordinates the city gave it; names of sub-units lose the unit (`MOSCONE CENTER WEST - 3
    /// FLR. PANTRY` → Moscone Center West). The category is `business`: a kitchen on the list
    /// may be a hotel's, a stadium's or a school's, so the list says nothing of the kind of place.
    mutating func addBusinesses() throws {
        let sources = ["businesses", "businesses-older"].compactMap { path($0) }
        guard !sources.isEmpty else { return }
        let geocoder = Geocoder(streetLayers())
        let parser = AddressParser(city: "San Francisco", state: "CA")
        var seenIDs = Set<String>()
        var seenNames: [String: [GeoPoint]] = [:]
        var count = 0, byAddress = 0, unplaced = 0
        let placesBefore = placeMark
        for path in sources {
            let table = try SourceTable(path: path)
            let idColumn = table.has("business_id") ? "business_id" : "business id column"
            try table.require([idColumn, "name", "address", "latitude", "longitude"])
            for row in table.rows {
                let id = table[idColumn, row]
                guard seenIDs.insert(id).inserted, let name = Self.businessName(table["name", row]) else { continue }
                var point: GeoPoint?
                var placedByAddress = false
                if let found = geocoder.geocode(GeocodeQuery(address: parser.parse(table["address", row]).json)).first,
                    found.precision <= .interpolated, found.score >= 0.8
                {
                    point = found.point
                    placedByAddress = true
                } else {
                    point = table.point(row, lat: "latitude", lon: "longitude")
                }
                guard let point else {
                    unplaced += 1
                    continue
                }
                // The same business re-permitted, or listed in both snapshots: one place.
                let key = PlaceIndex.words(name).joined(separator: " ")
                if seenNames[key]?.contains(where: { $0.distance(to: point) < 100 }) == true { continue }
                seenNames[key, default: []].append(point)
                addPlace(
                    name: name, aliases: [], category: "business", id: "business:\(id)", point: point,
                    town: Self.sanFrancisco(zip: table["postal_code", row]))
                count += 1
                if placedByAddress { byAddress += 1 }
            }
        }
        report.append(
            "businesses: " + placesAdded(count, since: placesBefore)
                + " (food businesses, \(byAddress) placed by their street address; \(unplaced) without a usable address or point left out)")
    }

    /// A gazetteer of the street layers built so far (blocks, intersections, point addresses),
    /// to place sources that give a street address instead of coordinates.
    func streetLayers() -> Gazetteer {
        var gazetteer = Gazetteer()
        for row in segments + intersections { gazetteer.add(row) }
        // San Francisco's sources, read before any run is written: every address is held.
        forEachHeldAddressRow { gazetteer.add($0) }
        gazetteer.finish()
        return gazetteer
    }

    /// A business name without its sub-unit or permit number, in title case when written in
    /// capitals; nil when nothing is left.
    static func businessName(_ raw: String) -> String? {
        var name = Substring(raw.trimmingSpaces())
        for separator in [" - ", " -- ", "[", " #", "(", " @ "] {
            if let range = name.range(of: separator), range.lowerBound > name.startIndex { name = name[..<range.lowerBound] }
        }
        let text = String(name).trimmingCharacters(in: ",.-;:")
        guard text.contains(where: \.isLetter) else { return nil }
        return text.contains(where: \.isLowercase) ? text : titleCased(text)
    }

    /// Colleges from the federal IPEDS directory, with the coordinates NCES gave them (closed
    /// ones too: films were shot while they were open).
    mutating func addColleges() throws {
        guard let path = path("colleges") else { return }
        let table = try SourceTable(path: path)
        try table.require(["UNITID", "INSTNM", "IALIAS", "LATITUDE", "LONGITUD"])
        var count = 0
        let placesBefore = placeMark
        for row in table.rows {
            guard let point = table.point(row, lat: "LATITUDE", lon: "LONGITUD") else { continue }
            let aliases = table["IALIAS", row].split(separator: "|").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
            addPlace(
                name: table["INSTNM", row], aliases: aliases, category: "college", id: "ipeds:\(table["UNITID", row])", point: point,
                town: Self.sanFrancisco(zip: table["ZIP", row]))
            count += 1
        }
        report.append("colleges: " + placesAdded(count, since: placesBefore) + " (IPEDS)")
    }

    /// `HAMBURGER HAVEN` → `Hamburger Haven`; words with a digit (`2ND`) are only lower-cased.
    static func titleCased(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).map { word in
            word.first.map { String($0).uppercased() + word.dropFirst().lowercased() } ?? ""
        }.joined(separator: " ")
    }
}
