// What every gazetteer-source fuzz target checks of one input (compiled beside the targets
// gtfs-stops, openaddresses and geojson by scripts/fuzz.sh): the input is written to a scratch
// file, built into a gazetteer by the builder's own reader, and the build gives rows or a data
// error located in that file; every skipped row has a line and a reason; and every row the
// builder writes is read back by the geocoder's loader without a bad row (what
// `sluice-gazetteer build` writes, `sluice-geocode` reads).
import SluiceCore
import SluiceGeocode

@testable import SluiceTools

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the fuzzer's bytes to `path`, the file the target's inputs name.
func writeScratch(_ data: UnsafePointer<UInt8>, _ size: Int, to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(fd >= 0 && write(fd, data, size) == size, "cannot write \(path)")
    close(fd)
}

/// Builds a gazetteer from `inputs` (which read `path`) and checks the build as above.
func checkBuild(_ inputs: GazetteerBuilder.Inputs, reading path: String) {
    var builder = GazetteerBuilder(sources: nil)
    builder.inputs = inputs
    builder.keepsRejects = true  // every skipped row kept, to be checked below
    let rows: [GazetteerRow]
    do {
        rows = try builder.build()
    } catch let failure as StageFailure {
        precondition(failure.exitCode == .dataError && failure.message.hasPrefix(path + ":"), "not a located data error: \(failure.message)")
        return
    } catch {
        fatalError("not a StageFailure: \(error)")
    }
    for row in builder.skipped { precondition(row.line >= 1 && !row.reason.isEmpty, "a skipped row without line or reason") }
    do {
        _ = try Gazetteer.parse(GazetteerRow.csv(rows), source: "built.csv")
    } catch {
        fatalError("the geocoder refuses what the builder wrote: \(error)")
    }
}
