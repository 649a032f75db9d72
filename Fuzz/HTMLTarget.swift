// Fuzz target `html`: sluice-fetch's HTML tokenizer, table reader (rowspan, colspan, implied
// end tags) and entity decoder, through `--html-table` as sluice-fetch runs it: every line it
// writes must be a JSON object.
import Foundation

@testable import SluiceCore
@testable import SluiceFetch

let context: StageContext = {
    do {
        return StageContext(
            stage: "sluice-fetch", output: ByteSink(fd: open("/dev/null", O_WRONLY)), rejects: try Rejects(stage: "fetch", path: nil),
            maxLineBytes: 1 << 20, quiet: true, progress: Progress(stage: "fetch", enabled: false))
    } catch {
        fatalError("\(error)")
    }
}()
let selectors = ["1", "2", "table.wikitable", "#episodes table:2"].compactMap { try? HTMLTableSelector($0) }
let base = URL(string: "https://example.org/shows/")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let emitter = RecordEmitter(context: context, source: "fuzz.html")
    for (selector, keyStyle) in zip(selectors, [KeyStyle.asIs, .snakeCase, .asIs, .snakeCase]) {
        context.output.buffer.removeAll(keepingCapacity: true)
        try? emitter.emitHTMLTable(html, selector: selector, spec: "fuzz", base: base, keyStyle: keyStyle, typing: .infer)
        for line in context.output.buffer.split(separator: 0x0A) {
            guard case .object? = try? JSONParser.parse(Array(line)) else {
                fatalError("a line that is not a JSON object: \(String(decoding: line, as: UTF8.self))")
            }
        }
    }
    _ = HTMLEntities.decode(html)
    return 0
}
