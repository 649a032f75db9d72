// Fuzz target `gtfs-stops`: a GTFS stops.txt (--gtfs-stops) built into a gazetteer and checked
// as every gazetteer source is (Fuzz/Support/GazetteerBuildCheck.swift).
@testable import SluiceTools

#if canImport(Glibc)
    import Glibc
#endif

let path = "/tmp/sluice-fuzz-\(getpid())-stops.txt"
/// The scratch file goes when the fuzzer exits (not after a crash: then it shows the input).
let removeAtExit = atexit { unlink(path) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGTFSStops(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = removeAtExit
    writeScratch(data, size, to: path)
    var inputs = GazetteerBuilder.Inputs()
    inputs.gtfsStops = [path]
    checkBuild(inputs, reading: path)
    return 0
}
