import Foundation
import SluiceGeocode

/// Node ids for street lines whose source gives none (GeoJSON centrelines): line ends that lie
/// within `snapMetres` of one another become one node, so that the geocoder sees two streets
/// meet there (`Market St & 5th St`) and finds a block between two cross streets.
///
///     var lines = [a, b, c]                       // three lines ending at one corner
///     StreetTopology.join(&lines, prefix: "streets")
///     lines.map(\.toNode)                          // one node id, three times
///
/// Only ends are joined: a line that crosses another without ending there (an OpenStreetMap way
/// running through several junctions) meets it nowhere, as in the source. Only ends of one
/// town's lines are joined: two towns' streets are two streets, and never meet at a corner.
///
/// - Complexity: O(n) in the lines, with a hash grid of `snapMetres` cells.
enum StreetTopology {
    /// Ends closer than this are one node. Centrelines drawn to meet share a vertex, up to the
    /// rounding of their coordinates (6 decimals: 0.11 m; 7-digit floats in shapefiles: less);
    /// 1 m absorbs that and a careless digitiser's gap, and is far below the width of any
    /// street (6 m and more), so two different corners are never taken for one.
    static let snapMetres = 1.0

    /// Gives each line without node ids a from and to node, shared with every other line end of
    /// its town within `snapMetres`, in input order (so the same lines always get the same ids;
    /// a town's carry its name, so gazetteers of two towns merged never share one).
    /// Returns how many nodes were made.
    @discardableResult
    static func join(_ lines: inout [StreetLine], prefix: String) -> Int {
        var grid: [Cell: [Int]] = [:]
        var nodes: [GeoPoint] = []
        var nodeTowns: [String] = []
        func node(at point: GeoPoint, in town: Town) -> String {
            let townKey = town.key
            let cell = Cell(point)
            let reach = Int((1 / max(cos(point.lat * .pi / 180), 0.01)).rounded(.up))
            var best: (index: Int, metres: Double)?
            for dy in -1...1 {
                for dx in -reach...reach {
                    for index in grid[Cell(y: cell.y + dy, x: cell.x + dx)] ?? [] where nodeTowns[index] == townKey {
                        let metres = nodes[index].distance(to: point)
                        if metres <= snapMetres, metres < best?.metres ?? .infinity { best = (index, metres) }
                    }
                }
            }
            let index = best?.index ?? nodes.count
            if best == nil {
                nodes.append(point)
                nodeTowns.append(townKey)
                grid[cell, default: []].append(index)
            }
            return nodeID("\(prefix):n\(index + 1)", in: town)
        }
        for position in lines.indices where lines[position].fromNode == nil || lines[position].toNode == nil {
            guard let first = lines[position].points.first, let last = lines[position].points.last else { continue }
            let town = lines[position].town
            lines[position].fromNode = node(at: first, in: town)
            lines[position].toNode = node(at: last, in: town)
        }
        return nodes.count
    }

    /// A source's node id within a town: the id as it is for a line naming no town, else with
    /// the town's key (`tiger:123@oakland/CA`; `|` separates a row's nodes), so that a node two
    /// towns' lines share in the source (a county's TIGER edges) joins each town's streets only.
    static func nodeID(_ id: String, in town: Town) -> String {
        town.hasTown ? "\(id)@" + town.key.replacingOccurrences(of: "|", with: "/") : id
    }

    /// A multi-part line's parts, joined where one runs on from the next (the end of one within
    /// `snapMetres` of the start of the next); the rest stay apart. GeoJSON MultiLineStrings and
    /// TIGER's polylines both come through here.
    static func joined(_ parts: [[GeoPoint]]) -> [[GeoPoint]] {
        var lines: [[GeoPoint]] = []
        for part in parts {
            if let last = lines.last?.last, let first = part.first, last.distance(to: first) <= snapMetres {
                lines[lines.count - 1] += part.dropFirst()
            } else {
                lines.append(part)
            }
        }
        return lines
    }

    /// A line's length in metres.
    static func length(_ points: [GeoPoint]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// A `snapMetres` square of the grid (in longitude, `snapMetres` of degrees at the equator:
    /// narrower in metres away from it, which `reach` makes up for).
    struct Cell: Hashable {
        var y: Int
        var x: Int

        init(y: Int, x: Int) { (self.y, self.x) = (y, x) }

        init(_ point: GeoPoint) {
            let degrees = snapMetres / 111_195  // metres in a degree of latitude, as GeoPoint measures
            self.init(y: Int((point.lat / degrees).rounded(.down)), x: Int((point.lon / degrees).rounded(.down)))
        }
    }
}
