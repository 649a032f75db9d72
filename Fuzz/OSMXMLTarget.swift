// Fuzz target `osm-xml`: an OpenStreetMap XML extract (elements, attributes, entities),
// whose bad input must be a StageFailure naming file and line; read whole and in chunks of a
// few bytes (the streaming window refilled everywhere), it must give the same answer.
import SluiceCore

@testable import SluiceTools

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    func read(chunkSize: Int) -> ([OSMElement], String?) {
        var elements: [OSMElement] = []
        do {
            try OSMXML.read(bytes: bytes, source: "fuzz.osm", chunkSize: chunkSize) { elements.append($0) }
        } catch let failure as StageFailure {
            precondition(failure.message.hasPrefix("fuzz.osm:"), "an error without its file: \(failure.message)")
            return (elements, failure.message)
        } catch {
            preconditionFailure("an error that is not a StageFailure: \(error)")
        }
        return (elements, nil)
    }
    let whole = read(chunkSize: 1 << 20)
    let chunked = read(chunkSize: 1 + size % 7)
    precondition(chunked.0 == whole.0 && chunked.1 == whole.1, "in chunks: \(chunked.1 ?? "no error") vs \(whole.1 ?? "no error")")
    return 0
}
