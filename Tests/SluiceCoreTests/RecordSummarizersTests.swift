import Foundation
import Testing

@testable import SluiceCore

@Suite struct RecordSummarizersTests {
    /// Sums the `n` of each record per batch and remembers the lines it saw; the merge appends
    /// each batch's sum, so the merged list shows the batches and their order.
    struct Summer: RecordSummarizer {
        var sum = 0
        var lines: [Int] = []

        mutating func startBatch() {
            sum = 0
            lines = []
        }

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(RecordError) {
            let record = try NDJSONRecord(bytes)
            sum += Int(record.value(forKey: "n")?.doubleValue ?? 0)
            lines.append(line)
        }
    }

    struct Run {
        var sums: [Int]
        var lines: [Int]
        var rejects: String
        var accounting: Accounting
        var failure: String?
    }

    /// Runs `Summer` over the inputs with each number of threads; the inputs are written once,
    /// so that the rejects of every run name the same files.
    func run(_ inputs: [[UInt8]], threads: [Int], keepRejects: Bool = true) throws -> [Run] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("summarizers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, input) in inputs.enumerated() {
            let path = directory.appendingPathComponent("in\(index).ndjson").path
            try Data(input).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return try threads.map { try run(paths, threads: $0, keepRejects: keepRejects, directory: directory) }
    }

    func run(_ paths: [String], threads: Int, keepRejects: Bool, directory: URL) throws -> Run {
        let rejectsPath = directory.appendingPathComponent("rejects-\(threads).ndjson").path
        let context = StageContext(
            stage: "test", output: try ByteSink(path: directory.appendingPathComponent("out").path),
            rejects: try Rejects(stage: "test", path: keepRejects ? rejectsPath : nil), maxLineBytes: 200, quiet: true,
            progress: Progress(stage: "test", enabled: false))
        var sums: [Int] = []
        var lines: [Int] = []
        var failure: String?
        do {
            try context.summarize(paths, threads: threads, makeSummarizer: { Summer() }) { summer in
                sums.append(summer.sum)
                lines += summer.lines
            }
        } catch {
            failure = "\(error)"
        }
        try context.rejects.finish()
        let rejects = keepRejects ? try String(contentsOfFile: rejectsPath, encoding: .utf8) : ""
        return Run(sums: sums, lines: lines, rejects: rejects, accounting: context.accounting, failure: failure)
    }

    /// Records `{"n":i}` with bad lines and a blank one scattered through them.
    func input(records: Int) -> [UInt8] {
        var text = ""
        for index in 0..<records {
            switch index % 500 {
            case 100: text += #"{"n":}"# + "\n"
            case 200: text += "[1]\n"
            case 300: text += #"{"n":"\#(String(repeating: "x", count: 300))"}"# + "\n"
            case 400: text += "\n"
            default: text += #"{"n":\#(index)}"# + "\n"
            }
        }
        return Array(text.utf8)
    }

    @Test func batchesAreTheSameAndMergedInOrderOnAnyNumberOfThreads() throws {
        // 4,106 lines: 9 + 8 + 8 bad ones (at 100, 200 and 300 of every 500) and 8 blank.
        let runs = try run([input(records: BatchLimit.records * 4 + 10)], threads: [1, 2, 3, 8])
        let single = runs[0]
        #expect(single.failure == nil)
        #expect(single.sums.count == 5)
        #expect(single.lines == single.lines.sorted())
        #expect(single.accounting.rejected == 25 && single.accounting.blankLines == 8)
        for threaded in runs.dropFirst() {
            #expect(threaded.sums == single.sums)
            #expect(threaded.lines == single.lines)
            #expect(threaded.rejects == single.rejects)
            #expect(threaded.accounting == single.accounting)
        }
    }

    @Test func rejectsAreWrittenInLineOrderWithTheirReasons() throws {
        let rejects = try run([input(records: 600)], threads: [2])[0].rejects.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(rejects.map { $0["line"] } == [.int(101), .int(201), .int(301)])
        #expect(rejects.map { $0["reason"] } == [.string("invalid_json"), .string("not_an_object"), .string("line_too_long")])
    }

    @Test func withoutRejectsTheFirstBadLineStops() throws {
        let runs = try run([input(records: BatchLimit.records * 3)], threads: [1, 3], keepRejects: false)
        let (single, threaded) = (runs[0], runs[1])
        #expect(single.failure?.contains(":101:") == true)
        #expect(threaded.failure == single.failure)
        // The bad line is in the first batch: nothing was merged.
        #expect(single.sums.isEmpty && threaded.sums.isEmpty)
    }

    @Test func lineNumbersCountOnAcrossInputs() throws {
        let first = Array("{\"n\":1}\n\n{\"n\":2}\n".utf8)
        let second = Array("{\"n\":3}".utf8)
        let run = try run([first, second], threads: [2])[0]
        #expect(run.lines == [1, 3, 4])
        #expect(run.sums == [3, 3])
    }
}
