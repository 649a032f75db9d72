// Fuzz target `geojson`: a GeoJSON file read as streets (`--streets`, with address ranges and
// node ids) and as places (`--places`, with categories and aliases), each built into a
// gazetteer. Each gives rows or a data error; every row is read back by the geocoder's loader
// without a bad row, and every skipped feature has a line and a reason
// (Fuzz/Support/GazetteerBuildCheck.swift).
@testable import SluiceTools

#if canImport(Glibc)
    import Glibc
#endif

let path = "/tmp/sluice-fuzz-\(getpid()).geojson"
/// The scratch file goes when the fuzzer exits (not after a crash: then it shows the input).
let removeAtExit = atexit { unlink(path) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = removeAtExit
    writeScratch(data, size, to: path)
    var streets = GazetteerBuilder.Inputs()
    streets.streets = [path]
    streets.rangeProperties = ["lf", "lt", "rf", "rt"]
    streets.nodeProperties = ["from", "to"]
    checkBuild(streets, reading: path)
    var places = GazetteerBuilder.Inputs()
    places.places = [path]
    places.categoryProperty = "category"
    places.aliasesProperty = "aliases"
    checkBuild(places, reading: path)
    return 0
}
