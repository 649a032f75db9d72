import Foundation
import SluiceCore
import Testing

@testable import SluiceStats

@Suite struct StatsCommandTests {
    func command(_ arguments: [String]) throws(StageFailure) -> StatsCommand {
        try StatsCommand(arguments: ParsedArguments(arguments, options: StatsCommand.usage.allOptions))
    }

    /// Runs the command in this process on `input` (written to a file), returning its stdout
    /// and accounting line.
    func run(_ arguments: [String], input: String) throws -> (output: String, summary: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("in.ndjson").path
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let outputPath = directory.appendingPathComponent("out").path
        let context = StageContext(
            stage: "sluice-stats", output: try ByteSink(path: outputPath), rejects: try Rejects(stage: "stats", path: nil),
            maxLineBytes: 1 << 20, quiet: true, progress: Progress(stage: "sluice-stats", enabled: false))
        var stats = try command(arguments + [inputPath])
        try stats.run(context)
        try context.output.flush()
        return (try String(contentsOfFile: outputPath, encoding: .utf8), context.accounting.summary)
    }

    @Test func readsItsOptions() throws {
        let stats = try command(["--fields", "a.b, c[]", "--top", "3", "--ndjson", "--exact-limit", "50", "--threads", "2", "x.ndjson"])
        #expect(stats.fields == ["a.b", "c[]"] && stats.top == 3 && stats.format == .ndjson)
        #expect(stats.limits.exactValues == 50 && stats.threads == 2 && stats.inputs == ["x.ndjson"])
        #expect(try command(["--exact"]).limits.exactValues == nil)
        #expect(try command([]).limits.exactValues == StatsLimits.defaultExactValues)
        #expect(try command([]).format == .table && command([]).fields == nil)
    }

    @Test(arguments: [
        ["--json", "--ndjson"], ["--exact", "--exact-limit", "5"], ["--top", "-1"], ["--top", "1001"], ["--fields", ","], ["--exact-limit", "0"],
    ])
    func refusesBadOptions(arguments: [String]) {
        #expect(throws: StageFailure.self) { try command(arguments) }
    }

    /// Many batches, several of them past the limit: sketches, sums and first lines come out
    /// byte-identical on any number of threads, because batches are merged in input order.
    @Test func theOutputIsTheSameOnAnyNumberOfThreads() throws {
        var lines: [String] = []
        for index in 0..<9_000 {
            let kind = ["a", "b", "c"][index % 3]
            let value = index % 97 == 0 ? #""\#(index)""# : String(Double(index % 1_777) * 0.25 - 3)
            lines.append(#"{"id":\#(index),"kind":"\#(kind)","v":\#(value),"tags":["t\#(index % 5)","u\#(index)"],"o":{"w":\#(index % 13)}}"#)
        }
        let input = lines.joined(separator: "\n") + "\n"
        for format in [[], ["--ndjson"]] {
            let single = try run(["--threads", "1", "--exact-limit", "500"] + format, input: input)
            #expect(single.output.contains("≈") || format == ["--ndjson"])
            #expect(single.summary == "9000 in, 9000 summarized, 0 rejected, 7 field paths")
            for threads in ["2", "3", "5"] {
                let threaded = try run(["--threads", threads, "--exact-limit", "500"] + format, input: input)
                #expect(threaded.output == single.output, "--threads \(threads) \(format)")
            }
        }
    }

    @Test func exactStatesWhatItHeld() throws {
        let result = try run(["--exact", "--ndjson"], input: #"{"a":1}"# + "\n" + #"{"a":2}"# + "\n")
        #expect(result.summary.hasPrefix("2 in, 2 summarized, 0 rejected, 1 field path, --exact held 2 distinct values in "))
        #expect(result.output.contains(#""distinct":2,"distinct_exact":true"#))
    }

    @Test func theHelpSaysWhatItHoldsAndHowFarEstimatesGo() {
        let help = StatsCommand.usage.text
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "COMMON OPTIONS:", "OUTPUT:", "ESTIMATES", "EXAMPLES:", "MEMORY:", "EXIT STATUS:"] {
            #expect(help.contains(section), "\(section)")
        }
        #expect(help.contains("HyperLogLog") && help.contains("Misra-Gries") && help.contains("KLL"))
    }
}
