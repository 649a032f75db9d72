import SluiceCore
import SluiceGeocode

/// Street blocks and intersections: the List of Streets and Intersections gives each block's
/// address ranges and end nodes; the 2025 centrelines give its line (the 2020 speed-limit
/// lines when the centrelines lack it); junctions and the intersection-pair list add
/// intersections the shared nodes do not already give. Every row is San Francisco's (no ZIP:
/// none of these sources gives one).
extension GazetteerBuilder {
    struct Line {
        var street: String
        var fromNode: String
        var toNode: String
        var points: [GeoPoint]
    }

    mutating func addSegments() throws {
        var centrelines: [String: Line] = [:]
        var centrelineOrder: [String] = []
        if let path = path("centerlines") {
            let table = try SourceTable(path: path)
            try table.require(["cnn", "f_node_cnn", "t_node_cnn", "street", "wkt"])
            for row in table.rows {
                guard let points = SourceTable.lineString(table["wkt", row]) else { continue }
                let cnn = table["cnn", row]
                centrelines[cnn] = Line(
                    street: table["street", row], fromNode: table["f_node_cnn", row], toNode: table["t_node_cnn", row], points: points)
                centrelineOrder.append(cnn)
            }
        }
        var speedLines: [String: [GeoPoint]] = [:]
        if let path = path("speed-limits") {
            let table = try SourceTable(path: path)
            try table.require(["CNN", "shape"])
            for row in table.rows where table["CNN", row] != "0" && speedLines[table["CNN", row]] == nil {
                speedLines[table["CNN", row]] = SourceTable.lineString(table["shape", row])
            }
        }
        let nodes = try junctionPoints()
        var used = Set<String>()
        var counts = (ranged: 0, fromCentreline: 0, fromSpeedLimits: 0, noGeometry: 0)
        if let path = path("streets") {
            let table = try SourceTable(path: path)
            try table.require(["CNN", "streetname", "LF_FADD", "LF_TADD", "RT_FADD", "RT_TADD", "FROM_CNN", "TO_CNN"])
            for row in table.rows where !table["TO_CNN", row].isEmpty {
                let cnn = table["CNN", row]
                let from = table["FROM_CNN", row], to = table["TO_CNN", row]
                var points: [GeoPoint]
                if let line = centrelines[cnn] {
                    points = line.fromNode == to && line.toNode == from ? line.points.reversed() : line.points
                    counts.fromCentreline += 1
                } else if let line = speedLines[cnn] {
                    points = line
                    // Speed-limit lines carry no nodes: orient them by the FROM node's position.
                    if let start = nodes[from], let first = points.first, let last = points.last, start.distance(to: first) > start.distance(to: last)
                    {
                        points.reverse()
                    }
                    counts.fromSpeedLimits += 1
                } else {
                    counts.noGeometry += 1
                    continue
                }
                used.insert(cnn)
                var segment = GazetteerRow(kind: .segment)
                segment.id = cnn
                segment.street = Self.key(table["streetname", row])
                Town.sanFrancisco.write(to: &segment)
                segment.nodes = [from, to]
                segment.points = points
                (segment.leftFrom, segment.leftTo) = Self.range(table["LF_FADD", row], table["LF_TADD", row])
                (segment.rightFrom, segment.rightTo) = Self.range(table["RT_FADD", row], table["RT_TADD", row])
                if segment.leftFrom != nil || segment.rightFrom != nil { counts.ranged += 1 }
                segments.append(segment)
            }
        }
        var newer = 0
        for cnn in centrelineOrder where !used.contains(cnn) {
            guard let line = centrelines[cnn] else { continue }
            var segment = GazetteerRow(kind: .segment)
            segment.id = cnn
            segment.street = Self.key(line.street)
            Town.sanFrancisco.write(to: &segment)
            segment.nodes = [line.fromNode, line.toNode]
            segment.points = line.points
            segments.append(segment)
            newer += 1
        }
        report.append(
            "streets: \(segments.count - newer) blocks (\(counts.ranged) with address ranges); lines from centerlines \(counts.fromCentreline), from speed-limits \(counts.fromSpeedLimits); \(counts.noGeometry) blocks without a line left out (all in San Francisco, CA; no ZIP in the source)"
        )
        report.append("centerlines: \(newer) more blocks (no address ranges) absent from the street list (San Francisco, CA; no ZIP)")
    }

    /// A house-number range from the street list's two texts: both must be numbers; 0–0 is no
    /// range, as for every street source (`range(_:_:)` of Int?).
    static func range(_ from: String, _ to: String) -> (Int?, Int?) {
        guard let low = Int(from), let high = Int(to) else { return (nil, nil) }
        return range(low, high)
    }

    /// Junction positions by node CNN.
    func junctionPoints() throws -> [String: GeoPoint] {
        guard let path = path("junctions") else { return [:] }
        let table = try SourceTable(path: path)
        var points: [String: GeoPoint] = [:]
        for row in table.rows {
            if let point = table.point(row, lat: "lat", lon: "lon") { points[table["node_cnn", row]] = point }
        }
        return points
    }

    /// Intersections listed by the junctions and the intersection-pair list that the blocks'
    /// shared nodes do not already give (a pair more than 30 m from any shared node).
    mutating func addIntersections() throws {
        var known = Gazetteer()
        for segment in segments { known.add(segment) }
        known.finish()
        var added: [String: Int] = [:]
        var listed: [String: [GeoPoint]] = [:]
        func offer(_ a: String, _ b: String, _ point: GeoPoint, from source: String) {
            let first = Self.key(a), second = Self.key(b)
            guard first != second, !first.isEmpty, !second.isEmpty else { return }
            if let x = known.streetIDs[first], let y = known.streetIDs[second], known.meeting(x, y).contains(where: { $0.distance(to: point) < 30 }) {
                return
            }
            let (low, high) = first < second ? (first, second) : (second, first)
            if listed[low + "|" + high, default: []].contains(where: { $0.distance(to: point) < 30 }) { return }
            listed[low + "|" + high, default: []].append(point)
            var row = GazetteerRow(kind: .intersection)
            row.street = low
            row.crossStreet = high
            Town.sanFrancisco.write(to: &row)
            row.lat = point.lat
            row.lon = point.lon
            intersections.append(row)
            added[source, default: 0] += 1
        }
        if let path = path("junctions") {
            let table = try SourceTable(path: path)
            try table.require(["node_cnn", "lat", "lon", "streets"])
            for row in table.rows {
                guard let point = table.point(row, lat: "lat", lon: "lon") else { continue }
                let names = table["streets", row].split(separator: "|").map(String.init)
                for (i, a) in names.enumerated() { for b in names[(i + 1)...] { offer(a, b, point, from: "junctions") } }
            }
        }
        if let path = path("intersection-pairs") {
            let json = try JSONParser.parse(try FileInput.contents(of: path))
            guard case .array(let streets)? = json["streets"], case .array(let pairs)? = json["pts"], let scale = json["coordScale"]?.doubleValue
            else {
                throw StageFailure.data(source: path, line: nil, "expected an object with streets, pts and coordScale")
            }
            let names = streets.map { $0.stringValue ?? "" }
            for case .array(let entry) in pairs {
                guard entry.count == 4, let lat = entry[0].doubleValue, let lon = entry[1].doubleValue,
                    let a = entry[2].doubleValue.flatMap({ Int(exactly: $0) }), let b = entry[3].doubleValue.flatMap({ Int(exactly: $0) }),
                    names.indices.contains(a), names.indices.contains(b)
                else { continue }
                // Dead-end markers and unnamed ways are not streets anyone names.
                if [names[a], names[b]].contains(where: { $0.hasPrefix("END ") || $0.hasPrefix("UNNAMED") }) { continue }
                offer(names[a], names[b], GeoPoint(lat: lat / scale, lon: lon / scale), from: "intersection-pairs")
            }
        }
        report.append(
            "intersections: \(added["junctions"] ?? 0) from junctions and \(added["intersection-pairs"] ?? 0) from the pair list beyond those the blocks' shared nodes give (San Francisco, CA; no ZIP)"
        )
    }

    /// Reports how many gazetteer streets the official street-name list knows.
    mutating func checkStreetNames() throws {
        guard let path = path("street-names") else { return }
        let table = try SourceTable(path: path)
        try table.require(["FullStreetName"])
        let official = Set(table.rows.map { Self.key(table["FullStreetName", $0]) })
        let streets = Set(segments.map(\.street)).union(addresses.keys.map(\.street))
        let unknown = streets.subtracting(official)
        report.append(
            "street-names: \(streets.count - unknown.count) of \(streets.count) gazetteer streets are in the official list (\(official.count) names)")
    }
}
