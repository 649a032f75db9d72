// Fuzz target `compare`: every sluice-dedupe compare method on a random pair of values. The
// input's first line is value A, the rest value B, each read as JSON when it parses and as a
// string otherwise. Each pair must give a level the spec names, the same both ways; a value
// against its own copy is missing (0) or the same (1); what `--pairs` shows is JSON; and a
// column that frees its texts once split into words (the stage, without `--pairs`) gives the
// same levels.
import SluiceCore

@testable import SluiceDedupe

let specs = ["v:jw", "v:lev", "v:tokens", "v:exact", "v:num=2", "v:date=30", "v:geo=50", "v:name", "v:phone", "v:address", "v:housenumber"]
    .map { text in
        guard let spec = try? ComparisonSpec.parse(text) else { fatalError("bad spec \(text)") }
        return spec
    }

func value(_ bytes: ArraySlice<UInt8>) -> JSONValue? {
    if let parsed = try? JSONParser.parse(Array(bytes)) { return parsed }
    return String(validating: bytes, as: UTF8.self).map(JSONValue.string)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompare(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let cut = bytes.firstIndex(of: 0x0A) ?? size
    let a = value(ArraySlice(bytes[..<cut])), b = value(ArraySlice(bytes[min(cut + 1, size)...]))
    for spec in specs {
        let column = FieldColumn(spec: spec)
        column.append(a)
        column.append(b)
        column.appendCopy(of: 0)
        column.append(b)
        guard (try? column.finish()) != nil else { fatalError("\(spec.text): finish failed") }
        let level = column.level(0, 1)
        precondition(Int(level) < spec.levelCount, "\(spec.text): level \(level) of \(spec.levelCount)")
        precondition(level == column.level(1, 0), "\(spec.text): A~B differs from B~A")
        precondition(column.level(0, 2) <= 1 && column.level(1, 3) <= 1, "\(spec.text): a value differs from itself")
        for record in 0..<4 {
            let shown = JSONWriter.string(column.display(record))
            precondition((try? JSONParser.parse(Array(shown.utf8))) != nil, "\(spec.text): display is not JSON: \(shown)")
        }
        // The same records: a name column weighs its words by how many records hold them.
        let freeing = FieldColumn(spec: spec)
        freeing.append(a)
        freeing.append(b)
        freeing.appendCopy(of: 0)
        freeing.append(b)
        guard (try? freeing.finish(keepingTexts: false)) != nil else { fatalError("\(spec.text): finish without texts failed") }
        for i in 0..<4 {
            for j in 0..<4 { precondition(freeing.level(i, j) == column.level(i, j), "\(spec.text): freeing the texts changed \(i)~\(j)") }
        }
    }
    return 0
}
