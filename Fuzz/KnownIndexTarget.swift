// Fuzz target `known-index`: the compiled index of `sluice-dedupe --against`'s KNOWN, hostile
// input (a damaged disk, a forged file). An input that is a payload already (it starts with
// the magic, then the payload) is read as it is: refused or read, never a crash. Any other input
// becomes an index (its bytes give the records' ids, places, keys and sort texts, and the
// counts), written and read back: it must be the same; then damaged at a place the input
// picks and read again: refused or read, never a crash.
import SluiceCore

@testable import SluiceDedupe

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKnownIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.starts(with: KnownIndex.format.magic) {
        _ = try? Array(bytes.dropFirst(8)).withUnsafeBytes { try KnownIndex.read($0, fileSize: 1 << 20) }
        return 0
    }
    var index = KnownIndex(records: KnownIndex.Records(ruleCount: 1 + Int(bytes.first ?? 0) % 3), counts: [nil, UnheldCounts()])
    var offset = 0
    for (k, chunk) in stride(from: 0, to: bytes.count, by: 5).map({ bytes[$0..<min(bytes.count, $0 + 5)] }).enumerated() {
        index.ids.append(chunk.reduce(UInt64(k)) { $0 &* 31 &+ UInt64($1) })
        index.offsets.append(offset)
        index.lengths.append(Int32(chunk.count))
        offset += chunk.count
        index.records.append(
            keys: (0..<index.records.ruleCount).map { UInt64(chunk.first ?? 0) &* UInt64($0 + 1) },
            sortText: chunk.first.map { $0 % 4 == 0 ? nil : String(decoding: chunk, as: UTF8.self) } ?? nil)
        index.counts[1]?.add(String(decoding: chunk, as: UTF8.self), values: true, words: true)
        if chunk.count == 5, chunk.last == 0 { index.merges.append((index.ids[k], UInt64(k))) }
    }
    (index.lines, index.longestLine) = (index.ids.count, 5)
    let payload = index.withPayload { parts in parts.flatMap { Array($0) } }
    guard let back = try? payload.withUnsafeBytes({ try KnownIndex.read($0, fileSize: offset) }) else {
        preconditionFailure("an index just written was refused")
    }
    precondition(
        back.ids == index.ids && back.offsets == index.offsets && back.lengths == index.lengths && back.records == index.records
            && back.counts == index.counts && back.merges.map(\.absorbed) == index.merges.map(\.absorbed),
        "an index read back differs")
    guard !payload.isEmpty, let pick = bytes.last else { return 0 }
    var damaged = payload
    damaged[(Int(pick) * 7919 + bytes.count) % damaged.count] ^= pick | 1
    _ = try? damaged.withUnsafeBytes { try KnownIndex.read($0, fileSize: offset) }
    return 0
}
