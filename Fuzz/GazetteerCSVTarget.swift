// Fuzz target `csv-gazetteer`: the geocoder's in-memory CSV reader, with every field accessor
// the gazetteer loader uses (text, integers, decimals, point lists), and the skip after a bad row.
@testable import SluiceGeocode

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGazetteerCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = CSVReader(Array(UnsafeBufferPointer(start: data, count: size)))
    var fields: [CSVReader.Field] = []
    var rounds = 0
    while true {
        rounds += 1
        precondition(rounds <= size + 2, "the reader does not advance")
        do {
            guard try reader.next(fields: &fields) else { break }
            for field in fields {
                _ = try? reader.string(field)
                _ = reader.int(field)
                _ = reader.double(field)
                _ = reader.plainPoints(field)
            }
        } catch {
            if case .unterminatedQuote = error { break }
            reader.skipToLineEnd()
        }
    }
    return 0
}
