import SluiceCore
import SluiceGeocode

/// An OpenStreetMap extract (`--osm`, `.osm.pbf` or `.osm` XML, plain or gzipped), read once
/// in file order: named nodes, ways and multipolygon relations with a place tag become places
/// (`osmCategory`), with their other names as aliases; `addr:housenumber` and `addr:street`
/// make point addresses; named roads become street segments, split where they share a node
/// with another named road, so the shared node is the intersection.
///
/// Memory: every node's position (16 bytes, `OSMNodeIndex`) and every way's node ids (8 bytes
/// a ref, `OSMWayIndex`, for the relations that follow), plus what the gazetteer keeps.
extension GazetteerBuilder {
    /// The `highway` values of roads that carry street names people write in addresses;
    /// paths, steps, platforms and the like are left out.
    static let osmRoads: Set<String> = [
        "motorway", "trunk", "primary", "secondary", "tertiary", "motorway_link", "trunk_link", "primary_link", "secondary_link",
        "tertiary_link", "unclassified", "residential", "living_street", "service", "pedestrian", "road",
    ]

    /// What reading one extract gathered, besides the rows it adds.
    struct OSMRead {
        var source: String
        var nodes = OSMNodeIndex()
        var ways = OSMWayIndex()
        var elements = (nodes: 0, ways: 0, relations: 0)
        /// The element being read, from 1: the `line` of a skipped element (a record number).
        var ordinal: Int { elements.nodes + elements.ways + elements.relations }
        var roads: [(id: Int64, name: String, refs: [Int64])] = []
        var places = 0
        var addresses = 0
        var skipped: [SkippedRow] = []
        /// Its points' source in `addressOrigins`.
        var origin: Int32 = -1
    }

    /// Returns why the extract may have given no rows, when that can be told (no nodes).
    @discardableResult
    mutating func addOSMExtract(_ path: String) throws -> String? {
        var read = OSMRead(source: path)
        read.origin = addOrigin(source: path, label: "osm \(path)") { number, street, _, metres in
            "\(number) \(street) is already a point \(metres) m away"
        }
        let mergedBefore = placeMark
        func element(_ element: OSMElement) {
            switch element {
            case .node(let node):
                read.elements.nodes += 1
                read.nodes.add(id: node.id, lat: node.lat, lon: node.lon)
                if !node.tags.isEmpty { addOSMFeature("node", node.id, node.tags, point: GeoPoint(lat: node.lat, lon: node.lon), &read) }
            case .way(let way):
                read.elements.ways += 1
                // Sorted once, at the first way (a no-op after, unless nodes came between ways).
                read.nodes.finish()
                read.ways.add(id: way.id, refs: way.refs)
                guard !way.tags.isEmpty else { return }
                if let highway = way.tags["highway"] {
                    if Self.osmRoads.contains(highway), let name = way.tags["name"], !name.isEmpty { read.roads.append((way.id, name, way.refs)) }
                    return
                }
                guard Self.osmKeeps(way.tags) else { return }
                let points = way.refs.compactMap { read.nodes.point($0) }
                let closed = way.refs.count >= 4 && way.refs.first == way.refs.last
                addOSMFeature("way", way.id, way.tags, point: closed ? InteriorPoint.of(rings: [points]) : InteriorPoint.along(points), &read)
            case .relation(let relation):
                read.elements.relations += 1
                read.nodes.finish()
                read.ways.finish()
                guard relation.tags["type"] == "multipolygon", Self.osmKeeps(relation.tags) else { return }
                let members = relation.members.filter { $0.kind == .way && ["outer", "inner", ""].contains($0.role) }
                let rings = Self.rings(members.compactMap { read.ways.refs($0.ref).map(Array.init) })
                let point = InteriorPoint.of(rings: rings.map { $0.compactMap { read.nodes.point($0) } })
                addOSMFeature("relation", relation.id, relation.tags, point: point, &read)
            }
        }
        if path.hasSuffix(".pbf") {
            try OSMPBF.read(path: path) { element($0) }
        } else {
            try OSMXML.read(path: path) { element($0) }
        }
        read.nodes.finish()
        let (lines, roadsSkipped) = Self.streetLines(read.roads, nodes: read.nodes, source: path)
        let counts = "\(read.elements.nodes) nodes, \(read.elements.ways) ways, \(read.elements.relations) relations"
        let places = placesAdded(read.places, since: mergedBefore)
        try note(
            origin: read.origin, rows: read.elements.nodes + read.elements.ways + read.elements.relations, unit: "elements (\(counts))",
            skipped: read.skipped
        ) { origin in places + ", \(origin.taken - origin.late) point addresses" }
        try addStreetLines(lines, skipped: roadsSkipped, source: "osm \(path) roads", nodePrefix: "osm", rows: read.roads.count, unit: "named roads")
        guard read.elements.nodes == 0, read.elements.ways + read.elements.relations > 0 else { return nil }
        return "the extract holds no nodes, so its ways have no position (an extract of ways needs their nodes)"
    }

    /// Whether an element's tags make a place or an address (before its geometry is worked out).
    static func osmKeeps(_ tags: [String: String]) -> Bool {
        (tags["name"].map { !$0.isEmpty } == true && osmCategory(tags) != nil) || (tags["addr:housenumber"] != nil && tags["addr:street"] != nil)
    }

    /// A tagged element: a place when it is named and `osmCategory` knows its tags, a point
    /// address when it has a house number and street (both, for a named building with an
    /// address).
    mutating func addOSMFeature(_ kind: String, _ id: Int64, _ tags: [String: String], point: GeoPoint?, _ read: inout OSMRead) {
        guard Self.osmKeeps(tags) else { return }
        let name = tags["name"] ?? ""
        let category = Self.osmCategory(tags)
        let parsed = tags["addr:housenumber"].flatMap(OpenAddresses.houseNumber)?.number
        // Number 0 is a placeholder, not an address (`zero_number`).
        let number = parsed == 0 ? nil : parsed
        let street = tags["addr:street"].map(Self.key) ?? ""
        // The element's own town where it is tagged with one, else --city/--state.
        let town = Town(city: tags["addr:city"] ?? "", state: tags["addr:state"] ?? "", zip: tags["addr:postcode"] ?? "").filled(by: inputs.town)
        let isPlace = !name.isEmpty && category != nil
        let isAddress = number != nil && !street.isEmpty
        let raw = "\(kind)/\(id)"
        if number == nil, let text = tags["addr:housenumber"] {
            let (reason, detail) =
                parsed == 0
                ? ("zero_number", OpenAddresses.zeroNumberDetail(text)) : ("bad_number", "house number '\(text)' does not start with a digit")
            read.skipped.append(SkippedRow(source: read.source, line: read.ordinal, reason: reason, detail: detail, raw: raw))
        }
        guard isPlace || isAddress else { return }
        guard let point, (-90...90).contains(point.lat), (-180...180).contains(point.lon), point.lat != 0 || point.lon != 0 else {
            read.skipped.append(
                SkippedRow(
                    source: read.source, line: read.ordinal, reason: "no_geometry",
                    detail: "\(raw) has no position in the extract (its nodes are outside it)",
                    raw: raw))
            return
        }
        if isPlace, let category {
            let aliases = Self.osmAliasKeys.compactMap { tags[$0] }.flatMap { $0.split(separator: ";") }.map { String($0).trimmingSpaces() }
            var unique: [String] = []
            for alias in aliases where !alias.isEmpty && alias != name && !unique.contains(alias) { unique.append(alias) }
            addPlace(name: name, aliases: unique, category: category, id: "osm:\(raw)", point: point, town: town)
            read.places += 1
        }
        if isAddress, let number {
            // Once runs are written, a duplicate is held and skipped at the merge (`addAddress`).
            if addressRuns == nil, let kept = addresses[AddressKey(street, number, town: intern(town).key)]?.point {
                read.skipped.append(
                    SkippedRow(
                        source: read.source, line: read.ordinal, reason: "duplicate_address",
                        detail: "\(number) \(street) is already a point \(Int(kept.distance(to: point).rounded())) m away", raw: raw))
            } else {
                // Its reject, if an earlier run turns out to hold the address, comes after the
                // rows skipped so far, this extract's included (written when it is read).
                addAddress(
                    street: street, number: number, point: point, town: town, origin: read.origin, line: read.ordinal,
                    raw: keepsRejects ? RawRow(raw) : nil, rejectsBefore: rejects.emitted + read.skipped.count)
                read.addresses += 1
            }
        }
    }

    /// A multipolygon's member ways joined end to end into rings (by shared end nodes, either
    /// way round); a chain that does not close is closed as it is.
    ///
    /// - Complexity: O(m²) in the member ways (a few dozen for the areas people name).
    static func rings(_ ways: [[Int64]]) -> [[Int64]] {
        var left = ways.filter { $0.count >= 2 }
        var rings: [[Int64]] = []
        while !left.isEmpty {
            var ring = left.removeFirst()
            while ring.first != ring.last {
                guard let next = left.firstIndex(where: { $0.first == ring.last || $0.last == ring.last }) else { break }
                let way = left.remove(at: next)
                ring += (way.first == ring.last ? way : way.reversed()).dropFirst()
            }
            rings.append(ring)
        }
        return rings
    }

    /// Named roads as street lines from node to node: each road is cut at every node another
    /// named road (or itself, looping) also passes through, and the pieces keep those nodes'
    /// ids, so two streets meet exactly where OpenStreetMap joins them.
    static func streetLines(_ roads: [(id: Int64, name: String, refs: [Int64])], nodes: OSMNodeIndex, source: String) -> (
        [StreetLine], [SkippedRow]
    ) {
        var all = roads.flatMap { road in road.refs.dropLast(road.refs.first == road.refs.last ? 1 : 0) }
        all.sort()
        var shared = Set<Int64>()
        for (a, b) in zip(all, all.dropFirst()) where a == b { shared.insert(a) }
        var lines: [StreetLine] = []
        var skipped: [SkippedRow] = []
        for road in roads {
            var cuts = [0]
            for index in road.refs.indices.dropFirst().dropLast() where shared.contains(road.refs[index]) { cuts.append(index) }
            if road.refs.count > 1 { cuts.append(road.refs.count - 1) }
            for (piece, (from, to)) in zip(cuts, cuts.dropFirst()).enumerated() {
                let points = road.refs[from...to].compactMap { nodes.point($0) }
                let id = "osm:way/\(road.id)" + (cuts.count > 2 ? "#\(piece + 1)" : "")
                guard points.count >= 2 else {
                    skipped.append(
                        SkippedRow(
                            source: source, line: 0, reason: "no_geometry", detail: "\(id) has fewer than two nodes in the extract", raw: road.name))
                    continue
                }
                lines.append(StreetLine(id: id, name: road.name, points: points, fromNode: "\(road.refs[from])", toNode: "\(road.refs[to])"))
            }
        }
        return (lines, skipped)
    }
}
