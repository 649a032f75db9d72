import Foundation
import Testing

@testable import SluiceCore

/// Runs written sorted come back merged in order, a tie going to the earlier run, through
/// windows smaller than the runs and records larger than the windows.
@Suite struct SortedRunsTests {
    func encode(_ key: Int, _ tag: String) -> [UInt8] {
        var record = RunRecord()
        record.append(key)
        record.append(tag)
        return record.bytes
    }

    func decode(_ bytes: ArraySlice<UInt8>) -> (key: Int, tag: String) {
        var reader = RunRecord.Reader(bytes)
        return (reader.int(), reader.string())
    }

    @Test func runsMergeInOrderTiesByRun() throws {
        let runs = try SortedRuns(prefix: "sluice-test")
        let batches = [[1, 4, 4, 9], [], [2, 4, 10], [0, 4]]
        for (run, batch) in batches.enumerated() {
            for key in batch { try runs.append(encode(key, "run\(run)")) }
            try runs.endRun()
        }
        #expect(runs.runs.count == 3, "the empty run is dropped")
        var merge = try RunMerge(runs, decode: decode) { $0.key < $1.key }
        var merged: [String] = []
        while let (record, run) = try merge.next() { merged.append("\(record.key):\(record.tag):\(run)") }
        #expect(
            merged == ["0:run3:2", "1:run0:0", "2:run2:1", "4:run0:0", "4:run0:0", "4:run2:1", "4:run3:2", "9:run0:0", "10:run2:1"])
        #expect(runs.bytes > 0)
    }

    @Test func aReaderSlidesItsWindowAndGrowsForALargeRecord() throws {
        let runs = try SortedRuns(prefix: "sluice-test")
        let texts = (0..<200).map { String(repeating: "x", count: $0 == 150 ? 5000 : $0 % 37) }
        for (key, text) in texts.enumerated() { try runs.append(encode(key, text)) }
        try runs.endRun()
        let reader = runs.reader(0, windowSize: 64)
        var read: [String] = []
        while let record = try reader.next() { read.append(decode(record).tag) }
        #expect(read == texts)
    }

    @Test func aRecordKeepsEveryKindOfField() {
        var record = RunRecord()
        record.append(-3)
        record.append(Int32(-7))
        record.append(37.7749)
        record.append("Calle Niño")
        record.append("")
        var reader = RunRecord.Reader(record.bytes[...])
        #expect(reader.int() == -3 && reader.int32() == -7 && reader.double() == 37.7749)
        #expect(reader.string() == "Calle Niño" && reader.string() == "")
    }

    /// The file is unlinked from the start: nothing to find in its folder, ever.
    @Test func theTemporaryFileHasNoName() throws {
        let prefix = "sluice-test-\(UUID().uuidString)"
        let runs = try SortedRuns(prefix: prefix)
        try runs.append(encode(1, "a"))
        try runs.endRun()
        let names = try FileManager.default.contentsOfDirectory(atPath: TemporaryFile.directory)
        #expect(!names.contains { $0.hasPrefix(prefix) })
        #expect(try runs.reader(0).next().map(decode)?.tag == "a")
    }
}
