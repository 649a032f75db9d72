// Fuzz target `labels`: a labels file (`--labels`, `--label`) read from disk and resolved against
// four records. Reading either gives labels or a data error naming the file; every pair resolved
// names two different records of the four, and no label is counted twice.
import SluiceCore

@testable import SluiceDedupe

#if canImport(Glibc)
    import Glibc
#endif

let path = "/tmp/sluice-fuzz-labels-\(getpid()).ndjson"
/// The scratch file goes when the fuzzer exits (not after a crash: then it shows the input).
let removeAtExit = atexit { unlink(path) }
let facts: RecordFacts = {
    var facts = RecordFacts(keepProvenance: true)
    for line in [
        #"{"id":"a1","name":"Tosca Cafe","provenance":{"source":"f.csv","row":1}}"#,
        #"{"id":"a2","name":"TOSCA","provenance":{"source":"f.csv","row":2}}"#,
        #"{"id":"a3","name":"Cafe Lo","provenance":{"source":"f.csv","row":3}}"#, #"{"id":"a3","name":"Lo"}"#,
    ] {
        let bytes = Array(line.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            guard let record = try? NDJSONRecord(buffer), (try? facts.append(record)) != nil else { fatalError("bad fixture") }
        }
    }
    return facts
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLabels(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = removeAtExit
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(fd >= 0 && write(fd, data, size) == size, "cannot write \(path)")
    close(fd)
    let labels: Labels
    do {
        labels = try Labels(path: path, mayBeMissing: false)
    } catch {
        precondition(error.exitCode == .dataError && error.message.hasPrefix(path + ":"), "not a located data error: \(error.message)")
        return 0
    }
    guard let resolved = try? LabelledPairs(labels: labels, facts: facts) else { fatalError("the fixture's facts cannot be read") }
    for pair in resolved.pairs {
        precondition((0..<4).contains(pair.a) && (0..<4).contains(pair.b) && pair.a != pair.b, "a pair names no two records: \(pair)")
    }
    precondition(resolved.pairs.count + resolved.unsure + resolved.unresolved.count <= labels.labels.count, "labels counted twice")
    return 0
}
