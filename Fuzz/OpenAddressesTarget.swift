// Fuzz target `openaddresses`: an OpenAddresses file (--openaddresses, CSV or GeoJSON lines)
// built into a gazetteer and checked as every gazetteer source is
// (Fuzz/Support/GazetteerBuildCheck.swift).
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
    checkBuild(inputs, reading: path)
    return 0
}
