// Fuzz target `geojson`: a GeoJSON file read as streets (`--streets`, with address ranges and
// node ids) and as places (`--places`, with categories and aliases), each built into a
// gazetteer. Each gives rows or a data error; every row is read back by the geocoder's loader
// without a bad row, and every skipped feature has a line and a reason.
import SluiceCore
import SluiceGeocode

@testable import SluiceTools

#if canImport(Glibc)
    import Glibc
#endif

let path = "/tmp/sluice-fuzz-\(getpid()).geojson"
/// The scratch file goes when the fuzzer exits (not after a crash: then it shows the input).
let removeAtExit = atexit { unlink(path) }

func build(_ inputs: GazetteerBuilder.Inputs) {
    var builder = GazetteerBuilder(sources: nil)
    builder.inputs = inputs
    let rows: [GazetteerRow]
    do {
        rows = try builder.build()
    } catch let failure as StageFailure {
        precondition(failure.exitCode == .dataError && failure.message.hasPrefix(path + ":"), "not a located data error: \(failure.message)")
        return
    } catch {
        fatalError("not a StageFailure: \(error)")
    }
    for row in builder.skipped { precondition(row.line >= 1 && !row.reason.isEmpty, "a skipped feature without line or reason") }
    do {
        _ = try Gazetteer.parse(GazetteerRow.csv(rows), source: "built.csv")
    } catch {
        fatalError("the geocoder refuses what the builder wrote: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = removeAtExit
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(fd >= 0 && write(fd, data, size) == size, "cannot write \(path)")
    close(fd)
    var streets = GazetteerBuilder.Inputs()
    streets.streets = [path]
    streets.rangeProperties = ["lf", "lt", "rf", "rt"]
    streets.nodeProperties = ["from", "to"]
    build(streets)
    var places = GazetteerBuilder.Inputs()
    places.places = [path]
    places.categoryProperty = "category"
    places.aliasesProperty = "aliases"
    build(places)
    return 0
}
