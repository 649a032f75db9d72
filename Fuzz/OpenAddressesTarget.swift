// Fuzz target `openaddresses`: an OpenAddresses file (--openaddresses: CSV, GeoJSON lines, or a
// county's FeatureCollection) built into a gazetteer and checked as every gazetteer source is
// (Fuzz/Support/GazetteerBuildCheck.swift). The input's length chooses the names read (mutations
// change it), so that every way of naming what a record holds is fuzzed: by its remainder by 4,
// OpenAddresses' own; a county's (--number-property ST_NUMBER --street-property
// ST_PREFIXD,ST_NAME,ST_TYPE --city-property CITY_POSTA --zip-property ZIP); a whole address
// and a CSV's coordinates (--address-property ADDRESS --lon-property LONGITUDE --lat-property
// LATITUDE); or a whole address whose point and town are in its text (--address-property
// ADDRESS --point-property ADDRESS).
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
    switch size % 4 {
    case 1:
        inputs.addressProperties.number = "ST_NUMBER"
        inputs.addressProperties.street = ["ST_PREFIXD", "ST_NAME", "ST_TYPE"]
        inputs.addressProperties.city = "CITY_POSTA"
        inputs.addressProperties.postcode = "ZIP"
    case 2:
        inputs.addressProperties.address = "ADDRESS"
        (inputs.addressProperties.lon, inputs.addressProperties.lat) = ("LONGITUDE", "LATITUDE")
    case 3:
        (inputs.addressProperties.address, inputs.addressProperties.point) = ("ADDRESS", "ADDRESS")
    default: break
    }
    checkBuild(inputs, reading: path)
    return 0
}
