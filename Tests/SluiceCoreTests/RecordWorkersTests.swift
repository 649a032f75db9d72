import Foundation
import Testing

@testable import SluiceCore

@Suite struct RecordWorkersTests {
    /// Adds `"n"`, the length of the record's `text`, and writes a record whose text starts with
    /// "twice" two times, so that workers write different numbers of lines per record.
    struct LengthWorker: RecordWorker {
        var seen = 0

        mutating func process(_ record: NDJSONRecord, into output: inout [UInt8]) -> Int {
            seen += 1
            let text = record.value(forKey: "text")?.stringValue ?? ""
            let copies = text.hasPrefix("twice") ? 2 : 1
            for _ in 0..<copies {
                record.write(adding: "n", .number(String(text.utf8.count)), to: &output)
                output.append(0x0A)
            }
            return copies
        }
    }

    struct Run {
        var output: String
        var rejects: String
        var accounting: Accounting
        var failure: String?
        /// What the context says of the fields watched (`NamedFields.warnings`).
        var warnings: [String] = []
    }

    /// Runs `LengthWorker` over `input` with each number of threads, keeping rejects when asked.
    /// The input is one file for all the runs, so that the rejects name the same source.
    func run(_ input: [UInt8], threads: [Int], keepRejects: Bool = true, member: ResultMember? = nil, watching: NamedFields = NamedFields()) throws
        -> [Run]
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("in.ndjson").path
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        return try threads.map { count in
            try run(
                inputPath, threads: count, keepRejects: keepRejects, member: member, watching: watching,
                outputPrefix: directory.appendingPathComponent("\(count)").path)
        }
    }

    func run(
        _ inputPath: String, threads: Int, keepRejects: Bool, member: ResultMember? = nil, watching: NamedFields = NamedFields(), outputPrefix: String
    ) throws -> Run {
        let outputPath = outputPrefix + ".out.ndjson"
        let rejectsPath = outputPrefix + ".rejects.ndjson"
        let context = StageContext(
            stage: "test", output: try ByteSink(path: outputPath), rejects: try Rejects(stage: "test", path: keepRejects ? rejectsPath : nil),
            maxLineBytes: 200, quiet: true, progress: Progress(stage: "test", enabled: false))
        context.namedFields = watching
        var failure: String?
        do {
            try context.process([inputPath], threads: threads, member: member, makeWorker: { LengthWorker() }) { lines in
                context.accounting.recordsOut += lines
                context.accounting.split += lines - 1
            }
        } catch {
            failure = "\(error)"
        }
        try context.output.flush()
        try context.rejects.finish()
        let rejects = keepRejects ? try String(contentsOfFile: rejectsPath, encoding: .utf8) : ""
        return Run(
            output: try String(contentsOfFile: outputPath, encoding: .utf8), rejects: rejects, accounting: context.accounting, failure: failure,
            warnings: context.namedFields.warnings)
    }

    /// Several batches of records with bad lines of every kind scattered through them.
    func mixedInput(records: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for index in 0..<records {
            switch index % 701 {
            case 100: bytes += Array(#"{"text": "broken",}"#.utf8)
            case 200: bytes += [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]  // {"t":"\xFF"}
            case 300: bytes += Array(#"{"text":"\#(String(repeating: "x", count: 300))"}"#.utf8)  // over 200 bytes
            case 400: bytes += Array("   ".utf8)  // blank: not a record
            case 500: bytes += Array("[1,2]".utf8)
            default: bytes += Array(#"{"text":"\#(index % 7 == 0 ? "twice " : "")row \#(index)","provenance":{"row":\#(index + 1)}}"#.utf8)
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// Between two pipes a streaming stage leaves half the cores to its neighbours; work after
    /// the input has ended, or a stage at either end of a pipeline, takes them all.
    @Test func streamingBetweenPipesTakesHalfTheCores() {
        #expect(StageContext.defaultThreads(cores: 2, streaming: true, betweenPipes: true) == 1)
        #expect(StageContext.defaultThreads(cores: 8, streaming: true, betweenPipes: true) == 4)
        #expect(StageContext.defaultThreads(cores: 1, streaming: true, betweenPipes: true) == 1)
        #expect(StageContext.defaultThreads(cores: 2, streaming: true, betweenPipes: false) == 2)
        #expect(StageContext.defaultThreads(cores: 2, streaming: false, betweenPipes: true) == 2)
    }

    @Test func threadsGiveTheSameOutputRejectsAndCounts() throws {
        let input = mixedInput(records: BatchLimit.records * 3 + 77)
        let runs = try run(input, threads: [1, 2, 3, 8])
        let single = runs[0]
        #expect(single.failure == nil)
        #expect(single.accounting.rejected > 0 && single.accounting.split > 0 && single.accounting.blankLines > 0)
        #expect(single.accounting.balances)
        for threaded in runs.dropFirst() {
            #expect(threaded.output == single.output)
            #expect(threaded.rejects == single.rejects)
            #expect(threaded.accounting == single.accounting)
        }
    }

    /// Each thread notes the fields it sees; merged, a field held by one late record of one
    /// thread's share is seen, and the warnings are the same for any number of threads.
    @Test func namedFieldsAreSeenOnAnyThread() throws {
        var input = mixedInput(records: BatchLimit.records * 3 + 77)
        input += Array(#"{"text":"late","late":{"key":null}}"#.utf8) + [0x0A]
        let watching = NamedFields([("field", "text"), ("key", "late.key"), ("key", "provenance.rwo"), ("id", "txt")])
        let runs = try run(input, threads: [1, 2, 3, 8], watching: watching)
        #expect(
            runs[0].warnings == [
                "--key provenance.rwo: no record has this field; the records have text, provenance",
                "--id txt: no record has this field; the records have text, provenance (did you mean 'text'?)",
            ])
        for threaded in runs.dropFirst() { #expect(threaded.warnings == runs[0].warnings) }
    }

    @Test func rejectsKeepInputOrderAndReasons() throws {
        let input = mixedInput(records: 1_500)
        let rejects = try run(input, threads: [3])[0].rejects.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(rejects.map { $0["line"] } == [101, 201, 301, 501, 802, 902, 1002, 1202].map { .number(String($0)) })
        #expect(
            rejects.prefix(4).map { $0["reason"] } == [
                .string("invalid_json"), .string("invalid_utf8"), .string("line_too_long"), .string("not_an_object"),
            ])
    }

    @Test func withoutRejectsTheFirstBadLineStopsAfterTheRecordsBeforeIt() throws {
        let input = mixedInput(records: 1_500)
        let runs = try run(input, threads: [1, 2], keepRejects: false)
        let (single, threaded) = (runs[0], runs[1])
        #expect(single.failure != nil)
        #expect(threaded.failure == single.failure)
        #expect(threaded.output == single.output)
        // Records 0…99 come before the first bad line; every 7th is written twice.
        #expect(threaded.output.split(separator: "\n").count == 100 + 15)
    }

    /// A last line cut mid-record is `truncated_line`, on any number of threads; the stage goes
    /// on to the end and then has a failure to report. A whole last line without newline is fine.
    @Test func aCutLastLineIsATruncatedLineAndFailsTheRun() throws {
        var input = mixedInput(records: BatchLimit.records + 5)
        input += Array(#"{"text":"cut sho"#.utf8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("in.ndjson").path
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        var outputs: [String] = []
        for threads in [1, 2] {
            let context = StageContext(
                stage: "test", output: try ByteSink(path: directory.appendingPathComponent("\(threads).out").path),
                rejects: try Rejects(stage: "test", path: directory.appendingPathComponent("\(threads).rejects").path), maxLineBytes: 200,
                quiet: true, progress: Progress(stage: "test", enabled: false))
            try context.process([inputPath], threads: threads, makeWorker: { LengthWorker() }) { context.accounting.recordsOut += $0 }
            try context.output.flush()
            try context.rejects.finish()
            #expect(context.inputCut?.line == BatchLimit.records + 6)
            #expect(context.inputCutFailure?.exitCode == .dataError)
            let rejects = try String(contentsOfFile: directory.appendingPathComponent("\(threads).rejects").path, encoding: .utf8)
            let last = try JSONParser.parse(String(rejects.split(separator: "\n").last ?? ""))
            #expect(last["reason"] == .string("truncated_line"))
            #expect(last["raw"] == .string(#"{"text":"cut sho"#))
            outputs.append(try String(contentsOfFile: directory.appendingPathComponent("\(threads).out").path, encoding: .utf8))
        }
        #expect(outputs[0] == outputs[1])

        let whole = try run(Array(#"{"text":"a"}"#.utf8), threads: [1])[0]
        #expect(whole.accounting.recordsOut == 1 && whole.accounting.rejected == 0)
    }

    @Test func aRecordWhoseFieldTheResultWouldReplaceStopsTheStageThereEvenWithRejects() throws {
        var input = mixedInput(records: 1_500)
        let line = Array(input.split(separator: 0x0A, omittingEmptySubsequences: false)[1_099])
        input.replaceSubrange(input.firstRange(of: line) ?? 0..<0, with: Array(#"{"text":"x","n":"mine"}"#.utf8))
        let member = ResultMember(name: "n", shape: .init(required: ["length"], optional: []))
        let runs = try run(input, threads: [1, 2], keepRejects: true, member: member)
        #expect(runs[0].failure?.hasSuffix(":1100: error: " + (try withRecord(#"{"n":"mine"}"#) { member.conflict(in: $0) } ?? "")) == true)
        #expect(runs[1].failure == runs[0].failure)
        #expect(runs[1].output == runs[0].output)
        #expect(runs[0].rejects.split(separator: "\n").count == 7)  // the bad lines before line 1100
    }

    @Test func emptyInputWritesNothing() throws {
        let run = try run([], threads: [2])[0]
        #expect(run.output.isEmpty)
        #expect(run.accounting == Accounting())
    }
}
