// Fuzz target `osm-xml`: an OpenStreetMap XML extract (elements, attributes, entities),
// whose bad input must be a StageFailure naming file and line.
import SluiceCore

@testable import SluiceTools

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var count = 0
    do {
        try OSMXML.read(bytes: bytes, source: "fuzz.osm") { _ in count += 1 }
    } catch let failure as StageFailure {
        precondition(failure.message.hasPrefix("fuzz.osm:"), "an error without its file: \(failure.message)")
    } catch {
        preconditionFailure("an error that is not a StageFailure: \(error)")
    }
    return 0
}
