import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceDedupe

/// KNOWN's compiled index (`KnownIndex`): a run through it gives what reading KNOWN gives, for
/// KNOWN as it was indexed and for KNOWN with lines appended since; anything else about it
/// (KNOWN changed, other options, a damaged or forged file) is said and KNOWN read again.
@Suite struct KnownIndexTests {
    typealias Scan = KnownClustersScanTests

    static func load(_ path: String, new: [String] = Scan.People.new) throws -> Result<KnownIndex.Match, SidecarIndex.Problem> {
        let builtFor = KnownIndex.builtFor(try Scan.selection(new: new), memberKey: "dedupe")
        let now = try #require(KnownIndex.format.identity(of: path, builtFor: builtFor))
        return KnownIndex.load(path: path, now: now, maxLineBytes: 1 << 20)
    }

    static func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    static func isWhole(_ match: Result<KnownIndex.Match, SidecarIndex.Problem>) -> Bool {
        if case .success(.whole) = match { return true }
        return false
    }

    @Test func aRunThroughTheIndexIsARunThroughKnown() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        try Scan.write(Scan.lines, to: path)
        let plain = try Scan.read(path, threads: 1, minRangeBytes: 1 << 22)
        #expect(!FileManager.default.fileExists(atPath: SidecarIndex.path(for: path)))
        for threads in [1, 3] {
            try? FileManager.default.removeItem(atPath: SidecarIndex.path(for: path))
            var warnings: [String] = []
            // The first run reads KNOWN and writes the index; the next ones read the index.
            #expect(try Scan.read(path, threads: threads, minRangeBytes: 1, useIndex: true) { warnings.append($0) } == plain)
            #expect(Self.isWhole(try Self.load(path)))
            #expect(try Scan.read(path, threads: threads, minRangeBytes: 1, useIndex: true) { warnings.append($0) } == plain)
            #expect(warnings.isEmpty)
        }
        // Other input records meet other known records: the index holds every record's keys.
        let other = [#"{"given_name":"amy","surname":"smith","suburb":"x","date_of_birth":"19700101"}"#]
        let read = try Scan.read(path, threads: 1, minRangeBytes: 1, new: other)
        #expect(try Scan.read(path, threads: 1, minRangeBytes: 1, new: other, useIndex: true) == read)
    }

    @Test func linesAppendedToKnownAreReadAndTheIndexGrows() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        // The first part of KNOWN, indexed; then the rest appended (a merge among it).
        try Scan.write(Array(Scan.lines[0..<9]), to: path)
        _ = try Scan.read(path, threads: 1, minRangeBytes: 1, useIndex: true)
        try Self.append(Scan.lines[9...].joined(separator: "\n") + "\n", to: path)
        guard case .success(.prefix(_, let size)) = try Self.load(path) else {
            Issue.record("an appended KNOWN is not read from its index")
            return
        }
        #expect(size == (Scan.lines[0..<9].joined(separator: "\n") + "\n").utf8.count)
        var warnings: [String] = []
        let plain = try Scan.read(path, threads: 1, minRangeBytes: 1 << 22)
        #expect(try Scan.read(path, threads: 2, minRangeBytes: 1, useIndex: true) { warnings.append($0) } == plain)
        #expect(warnings.isEmpty)
        #expect(Self.isWhole(try Self.load(path)))
        // A bad line among the appended ones is named by its line number in KNOWN.
        try Self.append("[1]\n", to: path)
        do {
            _ = try Scan.read(path, threads: 1, minRangeBytes: 1, useIndex: true)
            Issue.record("read a malformed line")
        } catch let failure as StageFailure {
            #expect(failure.message == "\(path):\(Scan.lines.count + 1): error: --against: a record must be a JSON object, found an array")
        }
    }

    /// KNOWN edited inside, past the first and last 64 KiB the index's header samples (a
    /// record's cluster renamed, as a merge applied and exported again does), and then grown:
    /// the prefix the index names is no longer the bytes it was built from. It is said and
    /// KNOWN read again; before, the index's cluster id of that record was taken for the new
    /// record that joins it, an id KNOWN no longer holds.
    @Test func anEditInsideKnownThatThenGrewIsSeen() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        let index = SidecarIndex.path(for: path)
        typealias People = KnownSelectionTests
        let filler = (0..<1500).map { People.person("amy", "filler", "bittern", "18000101", row: 100 + $0, cluster: 0xF000 + UInt64($0)) }
        try Scan.write(filler + [People.known[0]] + filler, to: path)
        _ = try Scan.read(path, threads: 1, minRangeBytes: 1, useIndex: true)
        var known = try String(contentsOfFile: path, encoding: .utf8)
        let renamed = known.replacingOccurrences(of: StableHash.hex(0xA1), with: StableHash.hex(0xA9))
        #expect(renamed != known && renamed.utf8.count == known.utf8.count)
        known = renamed + People.known[1] + "\n"
        try Data(known.utf8).write(to: URL(fileURLWithPath: path))
        #expect(!Self.isWhole(try Self.load(path)))
        if case .success(.prefix) = try Self.load(path) { Issue.record("an index of other bytes stands for KNOWN's first ones") }
        var warnings: [String] = []
        let plain = try Scan.read(path, threads: 1, minRangeBytes: 1 << 22)
        #expect(try Scan.read(path, threads: 1, minRangeBytes: 1, useIndex: true) { warnings.append($0) } == plain)
        #expect(warnings == ["--against: \(index): stale: KNOWN changed since the index was written; reading KNOWN and writing the index again"])
        #expect(Self.isWhole(try Self.load(path)))
    }

    @Test func aChangedKnownOtherOptionsOrADamagedIndexAreSaidAndKnownReadAgain() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        let index = SidecarIndex.path(for: path)
        try Scan.write(Scan.lines, to: path)
        _ = try Scan.read(path, threads: 1, minRangeBytes: 1, useIndex: true)
        func run() throws -> [String] {
            var warnings: [String] = []
            let plain = try Scan.read(path, threads: 1, minRangeBytes: 1)
            #expect(try Scan.read(path, threads: 1, minRangeBytes: 1, useIndex: true) { warnings.append($0) } == plain)
            return warnings
        }
        // A damaged payload.
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: index)))
        bytes[bytes.count - 3] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: index))
        #expect(try run() == ["--against: \(index): checksum mismatch: the file is damaged; reading KNOWN and writing the index again"])
        #expect(try run().isEmpty)
        // KNOWN rewritten, the same size (a byte changed in a name: same records, other bytes).
        var known = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let at = try #require(known.firstIndex(of: UInt8(ascii: "{")))
        known.insert(UInt8(ascii: " "), at: at)
        known.remove(at: known.count - 1)  // the last newline: the file keeps its size
        try Data(known).write(to: URL(fileURLWithPath: path))
        #expect(try run() == ["--against: \(index): stale: KNOWN changed since the index was written; reading KNOWN and writing the index again"])
        // Other compared fields or rules: stale too.
        var selection: KnownSelection? = KnownSelection(
            specs: try ["surname", "suburb"].map(ComparisonSpec.parse), rules: [try BlockingRule.parse("surname")], settings: .init(),
            learntOversized: [])
        var warnings: [String] = []
        _ = try KnownClusters.read(
            path: path, memberKey: "dedupe", maxLineBytes: 1 << 20, selection: &selection, useIndex: true, warn: { warnings.append($0) }
        ) { _ in }
        let otherOptions = "stale: built for other --compare, --block, --no-tf or --as"
        #expect(warnings == ["--against: \(index): \(otherOptions); reading KNOWN and writing the index again"])
        // A smaller --max-line-bytes than the longest known line: KNOWN is read (and says why).
        #expect(throws: StageFailure.self) {
            var selection: KnownSelection? = try Scan.selection()
            _ = try KnownClusters.read(path: path, memberKey: "dedupe", maxLineBytes: 40, selection: &selection, useIndex: true) { _ in }
        }
    }

    @Test func anIndexReadBackIsTheIndexWritten() throws {
        var index = KnownIndex(records: KnownIndex.Records(ruleCount: 2), counts: [nil, UnheldCounts(), nil])
        for (k, text) in ["b", nil, "", "ça"].enumerated() {
            index.ids.append(UInt64(k) * 77)
            index.offsets.append(k * 10)
            index.lengths.append(Int32(k + 3))
            index.records.append(keys: [UInt64(k), 0], sortText: text)
        }
        index.merges = [(5, 6)]
        index.counts[1]?.add("cafe de la presse", values: true, words: true)
        (index.lines, index.longestLine) = (9, 6)
        let bytes = index.withPayload { parts in parts.flatMap { Array($0) } }
        let back = try bytes.withUnsafeBytes { bytes in try KnownIndex.read(bytes, fileSize: 100) }
        #expect(back.ids == index.ids && back.offsets == index.offsets && back.lengths == index.lengths)
        #expect(back.records == index.records && back.counts == index.counts && back.merges.map(\.into) == [6])
        #expect((0..<4).map(back.records.sortText) == ["b", nil, "", "ça"])
        #expect(bytes.withUnsafeBytes { SidecarIndex.checksum(of: [$0]) } == bytes.withUnsafeBytes { StableHash.words($0) })
        // A place outside KNOWN, and every cut of the payload: refused, never a crash.
        #expect(throws: SidecarIndex.Problem.corrupt("malformed: record 3 lies outside KNOWN")) {
            try bytes.withUnsafeBytes { bytes in try KnownIndex.read(bytes, fileSize: 35) }
        }
        for cut in 0..<bytes.count {
            #expect(throws: SidecarIndex.Problem.self) { try Array(bytes[0..<cut]).withUnsafeBytes { try KnownIndex.read($0, fileSize: 100) } }
        }
        var random = SplitMix64(seed: 3)
        for _ in 0..<500 {
            var damaged = bytes
            damaged[Int(random.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            _ = try? damaged.withUnsafeBytes { try KnownIndex.read($0, fileSize: 100) }
        }
    }
}
