import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceDedupe

@Suite struct KnownClustersScanTests {
    typealias People = KnownSelectionTests
    static let specs = ["given_name:name", "surname", "suburb", "date_of_birth:date"]

    /// KNOWN with clusters, duplicate lines, blank lines (one of spaces), CRLF endings, a
    /// byte-order mark, a merge reported twice (the later one wins) and a summary line.
    static let lines: [String] =
        ["\u{FEFF}" + People.known[0], ""] + People.known[1...4] + ["  ", People.known[1], People.known[1] + "\r"]
        + [#"{"dedupe":{"merge":{"absorbed":"00000000000000b1","into":"00000000000000b2"}}}"#]
        + People.known[5...] + ["", People.known[3], People.known[0] + "\r"]
        + [
            #"{"dedupe":{"merge":{"absorbed":"00000000000000b1","into":"00000000000000b3"}}}"#,
            #"{"dedupe":{"against":{"known":12,"joined":1,"created":0,"merged":1}}}"#, "",
        ]

    static func write(_ lines: [String], to path: String) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    static func selection(new: [String] = People.new) throws -> KnownSelection {
        var input = KnownSelection(
            specs: try specs.map(ComparisonSpec.parse), rules: try People.rules.map(BlockingRule.parse), settings: .init(), learntOversized: [])
        for line in new { try withRecord(line) { input.addInput($0) } }
        return input
    }

    /// What a read gives: the held records (their lines) and everything the run goes on with.
    struct Read: Equatable {
        var held: [String]
        var ids: [UInt64]
        var count: Int
        var allIds: [UInt64]
        var allSizes: [Int32]
        var reportedMerges: [UInt64: UInt64]
        var counts: [UnheldCounts?]
        var oversized: [[UInt64: Int]]
        var chosen: [Int32]
    }

    /// Reads KNOWN at `path` on `threads` threads, in ranges of `minRangeBytes` or more.
    /// With `useIndex`, through KNOWN's index (`KnownIndex`), what is wrong with it said to `warn`.
    static func read(
        _ path: String, threads: Int, minRangeBytes: Int, new: [String] = People.new, useIndex: Bool = false, warn: (String) -> Void = { _ in }
    ) throws -> Read {
        var selection: KnownSelection? = try Self.selection(new: new)
        var held: [String] = []
        let known = try KnownClusters.read(
            path: path, memberKey: "dedupe", maxLineBytes: 1 << 20, selection: &selection, threads: threads, minRangeBytes: minRangeBytes,
            useIndex: useIndex, warn: warn
        ) { held.append(String(decoding: $0.bytes, as: UTF8.self)) }
        var chosen = try #require(selection)
        return Read(
            held: held, ids: known.ids, count: known.count, allIds: known.allIds, allSizes: known.allSizes,
            reportedMerges: known.reportedMerges, counts: chosen.counts, oversized: chosen.oversized, chosen: chosen.choose())
    }

    @Test func rangesCoverTheFileAndEndAfterANewline() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        try Self.write(Self.lines, to: path)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        for count in [1, 2, 5, 40] {
            let ranges = KnownClusters.cut(fd: fd, 0..<bytes.count, into: count)
            #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == bytes.count)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
            #expect(ranges.dropLast().allSatisfy { bytes[$0.upperBound - 1] == 0x0A })
            // 21 lines: 40 ranges cannot all be cut (none is empty); a few can.
            #expect(count <= 5 ? ranges.count == count : ranges.count < count)
        }
        // A file without a newline is one range.
        let one = scratch.file("one.ndjson")
        try Data(People.known[0].utf8).write(to: URL(fileURLWithPath: one))
        let oneFd = open(one, O_RDONLY)
        defer { close(oneFd) }
        #expect(KnownClusters.cut(fd: oneFd, 0..<People.known[0].utf8.count, into: 4) == [0..<People.known[0].utf8.count])
    }

    @Test func theRangedPassIsTheSinglePass() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        try Self.write(Self.lines, to: path)
        let single = try Self.read(path, threads: 1, minRangeBytes: 1 << 22)
        // The fixture means something: records held and not, merges applied, counts kept.
        #expect(single.count == 14 && single.held.count < single.count && !single.held.isEmpty)
        #expect(single.reportedMerges == [0xB1: 0xB3] && !single.allIds.contains(0xB1))
        #expect(single.counts.compactMap { $0?.present } == [14, 14, 14])
        #expect(single.counts[0]?.holders(ofWord: "amy") == 7)
        for threads in [2, 3, 5, 8, 64] {
            #expect(try Self.read(path, threads: threads, minRangeBytes: 1) == single, "threads \(threads)")
        }
        // Without a final newline, too.
        try Data(Self.lines.dropLast().joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Self.read(path, threads: 5, minRangeBytes: 1) == single)
    }

    @Test func theRangedPassReportsTheFirstBadLineWithItsNumberInTheFile() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        let bad = #"{"given_name":"amy","dedupe":{"cluster":"00000000000000b1"}"#
        let reason = "invalid JSON: unexpected end of input at column 60"
        // Late in the file only (in the last ranges), and then also an earlier one.
        var lines = Self.lines
        lines.insert(bad, at: 17)
        for (file, line) in [
            (lines, 18),
            (
                {
                    var early = lines; early[3] = "[1]"; return early
                }(), 4
            ),
        ] {
            try Self.write(file, to: path)
            for threads in [1, 2, 3, 8, 40] {
                do {
                    _ = try Self.read(path, threads: threads, minRangeBytes: threads == 1 ? 1 << 22 : 1)
                    Issue.record("read a malformed line")
                } catch let failure as StageFailure {
                    let expected = line == 4 ? "a record must be a JSON object, found an array" : reason
                    #expect(failure.message == "\(path):\(line): error: --against: \(expected)", "threads \(threads)")
                }
            }
        }
    }
}
