// Fuzz target `osm-pbf`: an OpenStreetMap PBF extract read block by block (blob headers, zlib
// and raw blobs, string tables, dense nodes, ways, relations), each area given its interior
// point. Bad input must be a StageFailure naming block and offset, never a crash or a hang.
import SluiceCore
import SluiceGeocode

@testable import SluiceTools

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMPBF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var nodes = OSMNodeIndex()
    do {
        try OSMPBF.read(bytes: bytes, source: "fuzz.osm.pbf") { element in
            switch element {
            case .node(let node): nodes.add(id: node.id, lat: node.lat, lon: node.lon)
            case .way(let way):
                nodes.finish()
                _ = InteriorPoint.of(rings: [way.refs.compactMap { nodes.point($0) }])
            case .relation(let relation): _ = GazetteerBuilder.rings(relation.members.map { [$0.ref, $0.ref &+ 1] })
            }
        }
    } catch let failure as StageFailure {
        precondition(failure.message.contains("fuzz.osm.pbf: error: block "), "an error without its block: \(failure.message)")
    } catch {
        preconditionFailure("an error that is not a StageFailure: \(error)")
    }
    return 0
}
