// Fuzz target `gazetteer-index`: the gazetteer's compiled index, hostile input (a damaged disk,
// a forged file). A CSV input is loaded, its index written in memory and read back: the answers
// must be the same through both; then the index is damaged at a place the input picks, its
// checksum forged to fit, and read again: refused or read, never a crash. An input that is an
// index already (it starts with the magic) is read as it is, checksum forged to fit.
import SluiceCore
import SluiceSanitize

@testable import SluiceGeocode

let queries = ["766 Vallejo St", "Mason & California Streets", "Golden Gate Bridge", "950 California St", "Pier 14", "901 california"]
let parser = AddressParser(city: "San Francisco", state: "CA")
let addresses = queries.map { parser.parse($0).json }

func answers(_ gazetteer: Gazetteer) -> [UInt8] {
    let geocoder = Geocoder(gazetteer)
    var out: [UInt8] = []
    for address in addresses {
        let matches = geocoder.geocode(GeocodeQuery(address: address))
        precondition(matches.allSatisfy { $0.score >= 0 && $0.score <= 1 }, "a score outside 0...1")
        GeoMatch.write(matches, candidates: 3, to: &out)
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGazetteerIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.starts(with: GazetteerIndex.magic) {
        if let gazetteer = try? Gazetteer.fromIndex(bytes: GazetteerIndex.restamped(bytes)) { _ = answers(gazetteer) }
        return 0
    }
    guard let (gazetteer, recording, _) = try? Gazetteer.parseRecording(bytes, source: "fuzz.csv", skipBadRow: { _ in true }) else { return 0 }
    var index: [UInt8] = []
    try? gazetteer.writeIndex(identity: GazetteerIndex.Identity(), recording: recording) { index += $0 }
    // Rows skipped as bad are not in the index (sluice-geocode writes none then): compare only whole files.
    if let (whole, _, skipped) = try? Gazetteer.parseRecording(bytes, source: "fuzz.csv", skipBadRow: { _ in true }), skipped == 0 {
        guard let indexed = try? Gazetteer.fromIndex(bytes: index) else { preconditionFailure("an index just written was refused") }
        precondition(answers(indexed) == answers(whole), "answers differ through the index")
    }
    // Damage chosen by the input: a byte past the header, xor a value, the checksum forged.
    guard index.count > GazetteerIndex.headerSize else { return 0 }
    let pick = Int(StableHash.of(bytes) % UInt64(index.count - GazetteerIndex.headerSize))
    index[GazetteerIndex.headerSize + pick] ^= UInt8(truncatingIfNeeded: bytes.count | 1)
    if let damaged = try? Gazetteer.fromIndex(bytes: GazetteerIndex.restamped(index)) { _ = answers(damaged) }
    return 0
}
