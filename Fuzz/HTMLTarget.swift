// Fuzz target `html`: sluice-fetch's HTML tokenizer, table reader (rowspan, colspan, implied
// end tags) and entity decoder, on any page.
@testable import SluiceFetch

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let tokens = HTMLTokenizer.tokens(html)
    var tables = 0
    for (index, token) in tokens.enumerated() {
        guard case .start("table", _) = token else { continue }
        tables += 1
        let rows = HTMLTable(tokens: tokens, start: index).rows
        if let width = rows.first?.count { precondition(rows.allSatisfy { $0.count == width }, "rows of a table differ in width") }
    }
    for selector in ["1", "table.wikitable", "#episodes table:2"] {
        if let chosen = try? HTMLTableSelector(selector), let start = chosen.locate(in: tokens) {
            precondition(start < tokens.count, "a selector points past the tokens")
        }
    }
    _ = HTMLEntities.decode(html)
    return 0
}
