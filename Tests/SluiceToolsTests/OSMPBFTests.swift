import Foundation
import SluiceCore
import Testing

@testable import SluiceTools

/// A tiny protobuf and PBF writer: enough to make blocks the tests need (raw blobs).
enum PBFWriter {
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        return out + [UInt8(value)]
    }

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func field(_ number: Int, _ value: UInt64) -> [UInt8] { varint(UInt64(number << 3)) + varint(value) }

    static func field(_ number: Int, bytes: [UInt8]) -> [UInt8] { varint(UInt64(number << 3 | 2)) + varint(UInt64(bytes.count)) + bytes }

    static func packed(_ number: Int, _ values: [UInt64]) -> [UInt8] { field(number, bytes: values.flatMap(varint)) }

    /// Deltas from the value before, zigzag-coded and packed.
    static func deltas(_ number: Int, _ values: [Int64]) -> [UInt8] {
        packed(number, zip(values, [0] + values.dropLast()).map { zigzag($0 - $1) })
    }

    /// One block: length, BlobHeader, Blob with raw data.
    static func block(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let blob = field(1, bytes: data)
        let header = field(1, bytes: Array(type.utf8)) + field(3, UInt64(blob.count))
        let size = UInt32(header.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xff), UInt8(size >> 8 & 0xff), UInt8(size & 0xff)] + header + blob
    }

    static func primitiveBlock(strings: [String], groups: [[UInt8]], granularity: UInt64? = nil, latOffset: Int64 = 0, lonOffset: Int64 = 0)
        -> [UInt8]
    {
        var out = field(1, bytes: strings.flatMap { field(1, bytes: Array($0.utf8)) })
        for group in groups { out += field(2, bytes: group) }
        if let granularity { out += field(17, granularity) }
        if latOffset != 0 { out += field(19, UInt64(bitPattern: latOffset)) }
        if lonOffset != 0 { out += field(20, UInt64(bitPattern: lonOffset)) }
        return out
    }
}

@Suite struct OSMPBFTests {
    static let fixtures = GeoJSONFeaturesTests.fixtures.replacingOccurrences(of: "/city", with: "/osm")

    static func elements(pbf bytes: [UInt8]) throws -> [OSMElement] {
        var elements: [OSMElement] = []
        try OSMPBF.read(bytes: bytes, source: "test.osm.pbf") { elements.append($0) }
        return elements
    }

    /// Positions to OSM's precision (1e-7°): the two formats' decimal and integer forms.
    static func rounded(_ elements: [OSMElement]) -> [OSMElement] {
        elements.map {
            guard case .node(var node) = $0 else { return $0 }
            node.lat = (node.lat * 1e7).rounded() / 1e7
            node.lon = (node.lon * 1e7).rounded() / 1e7
            return .node(node)
        }
    }

    /// The fixture written by libosmium (scripts/osm_extract.py) and its hand-written XML twin
    /// give the same nodes, ways, relations, tags and positions.
    @Test func thePBFFixtureReadsAsItsXMLTwin() throws {
        var fromXML: [OSMElement] = []
        try OSMXML.read(path: Self.fixtures + "/town.osm") { fromXML.append($0) }
        var fromPBF: [OSMElement] = []
        try OSMPBF.read(path: Self.fixtures + "/town.osm.pbf") { fromPBF.append($0) }
        #expect(fromXML.count == 46)
        #expect(Self.rounded(fromPBF) == Self.rounded(fromXML))
        // The same blocks stored raw instead of zlib-compressed.
        var fromRaw: [OSMElement] = []
        try OSMPBF.read(path: Self.fixtures + "/town-raw.osm.pbf") { fromRaw.append($0) }
        #expect(fromRaw == fromPBF)
        let relation = try #require(fromPBF.last)
        guard case .relation(let park) = relation else { Issue.record("the last element is not the relation"); return }
        #expect(park.members.map(\.role) == ["outer", "outer", "inner"] && park.members.map(\.ref) == [110, 111, 112])
        #expect(park.tags["name"] == "Riverside Park")
    }

    @Test func denseNodesAreDeltaCodedWithGranularityAndOffsets() throws {
        // Ids 10, 12, 11; granularity 1000 (1e-6°) and offsets of 1° lat, -2° lon; the second
        // node alone has a tag.
        let dense =
            PBFWriter.deltas(1, [10, 12, 11]) + PBFWriter.deltas(8, [48_000_000, 48_000_001, -1])
            + PBFWriter.deltas(9, [-120_000_000, -120_000_002, 5]) + PBFWriter.packed(10, [0, 1, 2, 0, 0])
        let block = PBFWriter.primitiveBlock(
            strings: ["", "name", "Café"], groups: [PBFWriter.field(2, bytes: dense)], granularity: 1000, latOffset: 1_000_000_000,
            lonOffset: -2_000_000_000)
        let nodes = try Self.elements(pbf: PBFWriter.block("OSMData", block))
        #expect(
            Self.rounded(nodes) == [
                .node(OSMNode(id: 10, lat: 49, lon: -122)),
                .node(OSMNode(id: 12, lat: 49.000001, lon: -122.000002, tags: ["name": "Café"])),
                .node(OSMNode(id: 11, lat: 0.999999, lon: -1.999995)),
            ])
    }

    @Test func waysAndRelationsDeltaCodeTheirRefs() throws {
        let way = PBFWriter.field(1, 7) + PBFWriter.packed(2, [1]) + PBFWriter.packed(3, [2]) + PBFWriter.deltas(8, [5, 3, 9])
        let relation =
            PBFWriter.field(1, 8) + PBFWriter.packed(2, [3]) + PBFWriter.packed(3, [4]) + PBFWriter.packed(8, [5, 0])
            + PBFWriter.deltas(9, [7, 2]) + PBFWriter.packed(10, [1, 0])
        let block = PBFWriter.primitiveBlock(
            strings: ["", "highway", "residential", "type", "multipolygon", "outer"],
            groups: [PBFWriter.field(3, bytes: way), PBFWriter.field(4, bytes: relation)])
        let elements = try Self.elements(pbf: PBFWriter.block("OSMData", block))
        #expect(
            elements == [
                .way(OSMWay(id: 7, refs: [5, 3, 9], tags: ["highway": "residential"])),
                .relation(
                    OSMRelation(
                        id: 8, members: [.init(kind: .way, ref: 7, role: "outer"), .init(kind: .node, ref: 2, role: "")],
                        tags: ["type": "multipolygon"])),
            ])
    }

    /// Every way of cutting the fixture short is an error naming the block and its offset,
    /// never a crash, a hang or a partial success.
    @Test func everyTruncationIsAnErrorNamingBlockAndOffset() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/town.osm.pbf")))
        // Where each block starts (libosmium writes the header, then one block per kind).
        var starts = [0]
        while starts.last! < bytes.count {
            let start = starts.last!
            let headerSize = bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) }
            var header = ProtobufReader(bytes, range: (start + 4)..<(start + 4 + headerSize))
            var dataSize = 0
            while let (number, wire) = try header.field() {
                if number == 3 { dataSize = Int(try header.varint()) } else { try header.skip(wire) }
            }
            starts.append(start + 4 + headerSize + dataSize)
        }
        #expect(starts.count == 5 && starts.last == bytes.count)
        // Cut between two blocks, the file is a whole one of fewer blocks.
        for length in 1..<bytes.count where !starts.contains(length) {
            do {
                _ = try Self.elements(pbf: Array(bytes[..<length]))
                Issue.record("\(length) bytes of \(bytes.count) read without an error")
            } catch let failure as StageFailure {
                let block = starts.lastIndex { $0 < length }!
                #expect(
                    failure.message.contains("test.osm.pbf: error: block \(block + 1) at byte offset \(starts[block]): "),
                    "\(length): \(failure.message)")
                #expect(failure.exitCode == .dataError)
            }
        }
    }

    @Test func badInputIsAnErrorNamingBlockAndOffset() throws {
        func message(_ bytes: [UInt8]) -> String {
            do {
                _ = try Self.elements(pbf: bytes)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let good = PBFWriter.block("OSMData", PBFWriter.primitiveBlock(strings: [""], groups: []))
        // Before, an empty file read as an extract of nothing: `build --osm empty.osm.pbf --out
        // city.csv` replaced city.csv with a gazetteer of no rows, exit 0.
        #expect(message([]) == "test.osm.pbf: error: block 1 at byte offset 0: the file is empty, not an OpenStreetMap PBF file")
        #expect(
            message(good + [0x00, 0x01, 0x00, 0x01])
                == "test.osm.pbf: error: block 2 at byte offset \(good.count): block header of 65537 bytes (at most 65536)")
        #expect(
            message(good + [0, 0, 0, 2, 0x08, 0x80]).hasSuffix(
                "block 2 at byte offset \(good.count): bad block header: truncated varint at byte 5 of the block"))
        // A blob claiming 64 MiB of data.
        let huge = PBFWriter.field(1, bytes: Array("OSMData".utf8)) + PBFWriter.field(3, 64 << 20)
        #expect(message([0, 0, 0, UInt8(huge.count)] + huge).hasSuffix("block 1 at byte offset 0: block data of 67108864 bytes (at most 33554432)"))
        // zlib data that is not zlib.
        let blob = PBFWriter.field(2, 10) + PBFWriter.field(3, bytes: [1, 2, 3, 4, 5])
        let header = PBFWriter.field(1, bytes: Array("OSMData".utf8)) + PBFWriter.field(3, UInt64(blob.count))
        #expect(
            message([0, 0, 0, UInt8(header.count)] + header + blob).hasSuffix(
                "block 1 at byte offset 0: bad zlib data (corrupt) at byte \(4 + header.count + 4) of the block"))
        // A tag whose string index is outside the table.
        let way = PBFWriter.field(1, 7) + PBFWriter.packed(2, [9]) + PBFWriter.packed(3, [0])
        let bad = PBFWriter.block("OSMData", PBFWriter.primitiveBlock(strings: [""], groups: [PBFWriter.field(3, bytes: way)]))
        #expect(message(good + bad).contains("block 2 at byte offset \(good.count): bad OSMData data: string index 9 outside the block's table of 1"))
        // Dense nodes whose arrays disagree.
        let dense = PBFWriter.deltas(1, [1, 2]) + PBFWriter.deltas(8, [1]) + PBFWriter.deltas(9, [1, 2])
        let uneven = PBFWriter.block("OSMData", PBFWriter.primitiveBlock(strings: [""], groups: [PBFWriter.field(2, bytes: dense)]))
        #expect(message(uneven).contains("dense nodes with 2 ids, 1 lats and 2 lons"))
        // A history file needs a feature this reader lacks.
        let history = PBFWriter.block("OSMHeader", PBFWriter.field(4, bytes: Array("HistoricalInformation".utf8)))
        #expect(message(history).contains("required feature 'HistoricalInformation' is not supported"))
        #expect(message(PBFWriter.block("OSMHeader", PBFWriter.field(4, bytes: Array("DenseNodes".utf8))) + good) == "no error")
    }
}

/// A real extract (Liechtenstein, 2013; see Fixtures/osm/SOURCE.md) against what osmium-tool
/// 1.15, an independent reader, reports for it (`osmium fileinfo -e`, `osmium getid -f opl`).
@Suite struct OSMPBFRealExtractTests {
    static let path = OSMPBFTests.fixtures + "/liechtenstein-2013-08-03.osm.pbf"

    @Test func countsAndObjectsAsOsmiumReadsThem() throws {
        var counts = (nodes: 0, ways: 0, relations: 0)
        var nodes: [Int64: OSMNode] = [:]
        var way333: OSMWay?
        var relation5: OSMRelation?
        try OSMPBF.read(path: Self.path) { element in
            switch element {
            case .node(let node):
                counts.nodes += 1
                if (5134...5137).contains(node.id) { nodes[node.id] = node }
            case .way(let way):
                counts.ways += 1
                if way.id == 333 { way333 = way }
            case .relation(let relation):
                counts.relations += 1
                if relation.id == 5 { relation5 = relation }
            }
        }
        #expect(counts == (65_733, 7_121, 113))
        let way = try #require(way333)
        #expect(way.refs == [5134, 5135, 5136, 5137, 5134])
        #expect(way.tags["name"] == "Kunstmuseum Liechtenstein" && way.tags["addr:street"] == "Städtle" && way.tags.count == 14)
        let corners = [5134: (47.139587, 9.5217728), 5135: (47.1393736, 9.521771), 5136: (47.1393706, 9.5225317), 5137: (47.139584, 9.5225336)]
        for (id, (lat, lon)) in corners {
            let node = try #require(nodes[Int64(id)])
            #expect(abs(node.lat - lat) < 1e-9 && abs(node.lon - lon) < 1e-9, "node \(id)")
        }
        let relation = try #require(relation5)
        #expect(relation.members.map(\.ref) == [246, 244, 245, 247, 248])
        #expect(relation.members.map(\.role) == ["outer", "inner", "inner", "inner", "inner"])
        #expect(relation.members.allSatisfy { $0.kind == .way } && relation.tags["type"] == "multipolygon")
    }
}
