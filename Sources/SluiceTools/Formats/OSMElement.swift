/// One OpenStreetMap element as both readers (`OSMPBF`, `OSMXML`) hand it on, in file order:
/// a node with its position, a way with its node ids, a relation with its members; each with
/// its tags.
///
///     .node(OSMNode(id: 1, lat: 37.8, lon: -122.4, tags: ["amenity": "cafe", "name": "Trieste"]))
enum OSMElement: Equatable {
    case node(OSMNode)
    case way(OSMWay)
    case relation(OSMRelation)
}

struct OSMNode: Equatable {
    var id: Int64
    var lat: Double
    var lon: Double
    var tags: [String: String] = [:]
}

struct OSMWay: Equatable {
    var id: Int64
    var refs: [Int64]
    var tags: [String: String] = [:]
}

struct OSMRelation: Equatable {
    struct Member: Equatable {
        enum Kind: String { case node, way, relation }
        var kind: Kind
        var ref: Int64
        var role: String
    }
    var id: Int64
    var members: [Member]
    var tags: [String: String] = [:]
}
