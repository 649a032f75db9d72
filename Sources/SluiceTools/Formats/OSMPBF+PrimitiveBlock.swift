/// A `PrimitiveBlock` of an OSM PBF file: a string table, then groups of nodes, dense nodes,
/// ways and relations. Positions are `1e-9 * (offset + granularity * value)` degrees; dense
/// nodes' ids and positions and ways' and relations' refs are delta-coded (each the difference
/// from the one before).
extension OSMPBF {
    /// A block's coordinate scale and its strings.
    struct Block {
        var strings: [String] = []
        var granularity: Int64 = 100
        var latOffset: Int64 = 0
        var lonOffset: Int64 = 0

        func string(_ index: UInt64, at offset: Int) throws(ProtobufReader.Failure) -> String {
            guard index < UInt64(strings.count) else {
                throw .init(offset: offset, reason: "string index \(index) outside the block's table of \(strings.count)")
            }
            return strings[Int(index)]
        }

        func tags(_ keys: [UInt64], _ values: [UInt64], at offset: Int) throws(ProtobufReader.Failure) -> [String: String] {
            guard keys.count == values.count else { throw .init(offset: offset, reason: "\(keys.count) tag keys but \(values.count) values") }
            var tags: [String: String] = [:]
            for (key, value) in zip(keys, values) { tags[try string(key, at: offset)] = try string(value, at: offset) }
            return tags
        }

        func degrees(_ value: Int64, offset: Int64) -> Double { Double(offset &+ granularity &* value) * 1e-9 }
    }

    static func readPrimitiveBlock(_ data: [UInt8], _ visit: (OSMElement) throws -> Void) throws {
        var block = Block()
        var groups: [Range<Int>] = []
        var reader = ProtobufReader(data)
        // The scale fields may follow the groups: groups are read once the block is read.
        while let (number, wire) = try reader.field() {
            switch (number, wire) {
            case (1, .lengthDelimited):
                var table = try reader.message()
                while let (field, type) = try table.field() {
                    if field == 1, type == .lengthDelimited { block.strings.append(try table.string()) } else { try table.skip(type) }
                }
            case (2, .lengthDelimited): groups.append(try reader.lengthDelimited())
            case (17, .varint): block.granularity = Int64(truncatingIfNeeded: try reader.varint())
            case (19, .varint): block.latOffset = Int64(truncatingIfNeeded: try reader.varint())
            case (20, .varint): block.lonOffset = Int64(truncatingIfNeeded: try reader.varint())
            default: try reader.skip(wire)
            }
        }
        for range in groups {
            var group = ProtobufReader(data, range: range)
            while let (number, wire) = try group.field() {
                guard wire == .lengthDelimited, (1...4).contains(number) else {
                    try group.skip(wire)
                    continue
                }
                let start = group.position
                var message = try group.message()
                switch number {
                case 1: try visit(.node(try readNode(&message, block)))
                case 2: try readDenseNodes(&message, block, at: start, visit)
                case 3: try visit(.way(try readWay(&message, block)))
                default: try visit(.relation(try readRelation(&message, block)))
                }
            }
        }
    }

    static func readNode(_ reader: inout ProtobufReader, _ block: Block) throws(ProtobufReader.Failure) -> OSMNode {
        let start = reader.position
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        var keys: [UInt64] = [], values: [UInt64] = []
        while let (number, wire) = try reader.field() {
            switch (number, wire) {
            case (1, .varint): id = try reader.signedVarint()
            case (2, _): try reader.packedVarints(wire, into: &keys)
            case (3, _): try reader.packedVarints(wire, into: &values)
            case (8, .varint): lat = try reader.signedVarint()
            case (9, .varint): lon = try reader.signedVarint()
            default: try reader.skip(wire)
            }
        }
        return OSMNode(
            id: id, lat: block.degrees(lat, offset: block.latOffset), lon: block.degrees(lon, offset: block.lonOffset),
            tags: try block.tags(keys, values, at: start))
    }

    /// Dense nodes: parallel delta-coded id, lat and lon arrays, and every node's tags in one
    /// array of string indexes, `key value key value ... 0` per node.
    static func readDenseNodes(
        _ reader: inout ProtobufReader, _ block: Block, at start: Int, _ visit: (OSMElement) throws -> Void
    ) throws {
        var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = []
        var keysValues: [UInt64] = []
        while let (number, wire) = try reader.field() {
            switch number {
            case 1: try reader.packedDeltas(wire, into: &ids)
            case 8: try reader.packedDeltas(wire, into: &lats)
            case 9: try reader.packedDeltas(wire, into: &lons)
            case 10: try reader.packedVarints(wire, into: &keysValues)
            default: try reader.skip(wire)
            }
        }
        guard ids.count == lats.count, ids.count == lons.count else {
            throw ProtobufReader.Failure(offset: start, reason: "dense nodes with \(ids.count) ids, \(lats.count) lats and \(lons.count) lons")
        }
        var next = 0
        for index in ids.indices {
            var tags: [String: String] = [:]
            // Without any tags in the block, the array is empty rather than all zeros.
            while next < keysValues.count {
                let key = keysValues[next]
                next += 1
                if key == 0 { break }
                guard next < keysValues.count else { throw ProtobufReader.Failure(offset: start, reason: "dense node tag key without a value") }
                tags[try block.string(key, at: start)] = try block.string(keysValues[next], at: start)
                next += 1
            }
            try visit(
                .node(
                    OSMNode(
                        id: ids[index], lat: block.degrees(lats[index], offset: block.latOffset),
                        lon: block.degrees(lons[index], offset: block.lonOffset), tags: tags)))
        }
    }

    static func readWay(_ reader: inout ProtobufReader, _ block: Block) throws(ProtobufReader.Failure) -> OSMWay {
        let start = reader.position
        var id: Int64 = 0
        var keys: [UInt64] = [], values: [UInt64] = []
        var refs: [Int64] = []
        while let (number, wire) = try reader.field() {
            switch (number, wire) {
            case (1, .varint): id = Int64(bitPattern: try reader.varint())
            case (2, _): try reader.packedVarints(wire, into: &keys)
            case (3, _): try reader.packedVarints(wire, into: &values)
            case (8, _): try reader.packedDeltas(wire, into: &refs)
            default: try reader.skip(wire)
            }
        }
        return OSMWay(id: id, refs: refs, tags: try block.tags(keys, values, at: start))
    }

    static func readRelation(_ reader: inout ProtobufReader, _ block: Block) throws(ProtobufReader.Failure) -> OSMRelation {
        let start = reader.position
        var id: Int64 = 0
        var keys: [UInt64] = [], values: [UInt64] = []
        var roles: [UInt64] = [], types: [UInt64] = []
        var refs: [Int64] = []
        while let (number, wire) = try reader.field() {
            switch (number, wire) {
            case (1, .varint): id = Int64(bitPattern: try reader.varint())
            case (2, _): try reader.packedVarints(wire, into: &keys)
            case (3, _): try reader.packedVarints(wire, into: &values)
            case (8, _): try reader.packedVarints(wire, into: &roles)
            case (9, _): try reader.packedDeltas(wire, into: &refs)
            case (10, _): try reader.packedVarints(wire, into: &types)
            default: try reader.skip(wire)
            }
        }
        guard roles.count == refs.count, types.count == refs.count else {
            throw .init(offset: start, reason: "relation \(id) with \(refs.count) members, \(roles.count) roles and \(types.count) types")
        }
        var members: [OSMRelation.Member] = []
        for index in refs.indices {
            let kinds: [OSMRelation.Member.Kind] = [.node, .way, .relation]
            guard types[index] < 3 else { throw .init(offset: start, reason: "relation \(id): member type \(types[index])") }
            members.append(.init(kind: kinds[Int(types[index])], ref: refs[index], role: try block.string(roles[index], at: start)))
        }
        return OSMRelation(id: id, members: members, tags: try block.tags(keys, values, at: start))
    }
}
