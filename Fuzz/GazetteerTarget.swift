// Fuzz target `gazetteer`: loading a gazetteer CSV (bad rows skipped, as --gazetteer-rejects
// does) and geocoding a few fixed addresses against whatever it holds.
import SluiceCore
import SluiceSanitize

@testable import SluiceGeocode

let queries = ["766 Vallejo St", "Mason & California Streets", "Golden Gate Bridge", "Filbert St from Jones to Mason", "Pier 14"]
let parser = AddressParser(city: "San Francisco", state: "CA")
let addresses = queries.map { parser.parse($0).json }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGazetteer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let gazetteer = try? Gazetteer.parse(bytes, source: "fuzz.csv", skipBadRow: { _ in true }) else { return 0 }
    let geocoder = Geocoder(gazetteer)
    for address in addresses {
        for match in geocoder.geocode(GeocodeQuery(address: address)) {
            precondition(match.score >= 0 && match.score <= 1, "a score outside 0...1")
            var out: [UInt8] = []
            GeoMatch.write([match], candidates: 0, to: &out)
            precondition((try? JSONParser.parse(out)) != nil, "geo is not JSON: \(String(decoding: out, as: UTF8.self))")
        }
    }
    return 0
}
