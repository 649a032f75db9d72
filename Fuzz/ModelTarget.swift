// Fuzz target `model`: a saved model (`sluice-dedupe --model FILE`) from hostile bytes. It is
// refused with a data error naming the file, or read into a model that writes back as itself
// (`--model-out` of it reads the same) and weighs every field's level, in and out of each
// blocking rule's blocks, as a number, their sum over the fields too.
import SluiceCore

@testable import SluiceDedupe

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = "model.json"
    guard let json = try? JSONParser.parse(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let saved: SavedModel
    do {
        saved = try SavedModel(json: json, path: path)
    } catch {
        precondition(error.exitCode == .dataError && error.message.hasPrefix(path + ":"), "not a located data error: \(error.message)")
        return 0
    }
    do {
        let again = try SavedModel(json: try JSONParser.parse(saved.bytes), path: path)
        precondition(again == saved, "the model written back reads differently")
    } catch {
        preconditionFailure("the model written back is refused: \(error)")
    }
    let model = saved.model
    for field in saved.m.indices {
        for level in saved.m[field].indices.dropFirst() {
            for block in [nil] + model.blocks.indices.map(Optional.some) {
                let weight = model.fieldWeight(field, UInt8(truncatingIfNeeded: level), block: block)
                precondition(!weight.isNaN, "field \(field) level \(level) block \(String(describing: block)) weighs NaN")
            }
        }
    }
    precondition(!model.priorWeight.isNaN && model.priorWeight.isFinite, "the prior weighs \(model.priorWeight)")
    // A pair's weight sums its fields': the heaviest levels of all fields together stay finite
    // (shifts of 1e308 each were read, two summing to infinity).
    let heaviest = saved.m.indices.reduce(model.priorWeight.magnitude) { sum, field in
        sum + (saved.m[field].indices.dropFirst().map { model.fieldWeight(field, UInt8(truncatingIfNeeded: $0)).magnitude }.max() ?? 0)
    }
    precondition(heaviest.isFinite, "a pair's weights sum to \(heaviest)")
    return 0
}
