// Fuzz target `report`: sluice-report's record reader and every section it feeds, on NDJSON
// lines. Each record becomes facts (summary, places, GeoJSON); the GeoJSON written must parse
// as JSON, and the page must be written whole.
@testable import SluiceCore
@testable import SluiceReport

#if canImport(Glibc)
    import Glibc
#endif

let path = "/tmp/sluice-fuzz-report-\(getpid()).geojson"
/// The scratch file goes when the fuzzer exits (not after a crash: then it shows the input).
let removeAtExit = atexit { unlink(path) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = removeAtExit
    let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    precondition(fd >= 0, "cannot open \(path)")
    let sink = ByteSink(fd: fd, name: path, ownsDescriptor: true)
    let writer = GeoJSONWriter(sink)
    var summary = CleaningSummary()
    var places = PlaceTable()
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var line = 0
    for slice in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        line += 1
        Array(slice).withUnsafeBufferPointer { buffer in
            guard let record = try? NDJSONRecord(buffer) else { return }
            let facts = ReportRecord(record, paths: ReportRecord.Paths(), location: StageContext.Location(source: "fuzz.ndjson", line: line))
            summary.add(facts)
            places.add(facts)
            do { try writer.write(record, facts) } catch { fatalError("GeoJSON write failed: \(error)") }
        }
    }
    do { try writer.finish() } catch { fatalError("GeoJSON write failed: \(error)") }
    let written = (try? FileInput.contents(of: path)) ?? []
    precondition((try? JSONParser.parse(written)) != nil, "the GeoJSON is not JSON: \(String(decoding: written, as: UTF8.self))")
    let view = MapView.layout(places, base: BaseMap(), maxPoints: 50)
    let html = ReportPage(title: "fuzz", inputs: [], summary: summary, map: view).html()
    precondition(html.hasSuffix("</html>\n"), "the page is not whole")
    return 0
}
