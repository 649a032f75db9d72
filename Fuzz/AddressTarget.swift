// Fuzz target `address`: the address parser on any text; the `address` object it writes must
// be valid JSON, the same as its JSON value, and parsing must not depend on an earlier input.
import SluiceCore

@testable import SluiceSanitize

let parser = AddressParser(city: "San Francisco", state: "CA")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAddress(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parsed = parser.parse(text)
    var out: [UInt8] = []
    parsed.writeJSON(to: &out)
    guard let written = try? JSONParser.parse(out) else { fatalError("address JSON does not parse: \(String(decoding: out, as: UTF8.self))") }
    precondition(written == parsed.json, "the written address differs from its JSON value")
    precondition(parser.parse(text).json == parsed.json, "parsing the same text twice differs")
    return 0
}
