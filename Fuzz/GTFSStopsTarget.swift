// Fuzz target `gtfs-stops`: a GTFS stops.txt (--gtfs-stops) built into a gazetteer. The build gives
// rows or a data error; every row it writes is read back by the geocoder's loader without a bad
// row (what `sluice-gazetteer build` writes, `sluice-geocode` reads), and every skipped row
// has a line and a reason.
import SluiceCore
import SluiceGeocode

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
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(fd >= 0 && write(fd, data, size) == size, "cannot write \(path)")
    close(fd)
    var builder = GazetteerBuilder(sources: nil)
    builder.inputs.gtfsStops = [path]
    let rows: [GazetteerRow]
    do {
        rows = try builder.build()
    } catch let failure as StageFailure {
        precondition(failure.exitCode == .dataError && failure.message.hasPrefix(path + ":"), "not a located data error: \(failure.message)")
        return 0
    } catch {
        fatalError("not a StageFailure: \(error)")
    }
    for row in builder.skipped { precondition(row.line >= 1 && !row.reason.isEmpty, "a skipped row without line or reason") }
    do {
        _ = try Gazetteer.parse(GazetteerRow.csv(rows), source: "built.csv")
    } catch {
        fatalError("the geocoder refuses what the builder wrote: \(error)")
    }
    return 0
}
