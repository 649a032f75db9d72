// Fuzz target `openaddresses`: an OpenAddresses file (--openaddresses: CSV, GeoJSON lines, or a
// county's FeatureCollection) built into a gazetteer and checked as every gazetteer source is
// (Fuzz/Support/GazetteerBuildCheck.swift). An input whose first byte is odd is read with a
// county's own property names (--number-property ST_NUMBER --street-property
// ST_PREFIXD,ST_NAME,ST_TYPE --city-property CITY_POSTA --zip-property ZIP), so both ways of
// naming what a feature holds are fuzzed.
@testable import SluiceTools

#if canImport(Glibc)
    import Glibc
#endif

let path = "/tmp/sluice-fuzz-\(getpid())-oa.csv"
/// The scratch file goes when the fuzzer exits (not after a crash: then it shows the input).
let removeAtExit = atexit { unlink(path) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenAddresses(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = removeAtExit
    writeScratch(data, size, to: path)
    var inputs = GazetteerBuilder.Inputs()
    inputs.openAddresses = [path]
    if size > 0, data[0] & 1 == 1 {
        inputs.addressProperties.number = "ST_NUMBER"
        inputs.addressProperties.street = ["ST_PREFIXD", "ST_NAME", "ST_TYPE"]
        inputs.addressProperties.city = "CITY_POSTA"
        inputs.addressProperties.postcode = "ZIP"
    }
    checkBuild(inputs, reading: path)
    return 0
}
