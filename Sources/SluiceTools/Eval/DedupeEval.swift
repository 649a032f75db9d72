import Foundation
import SluiceCore
import SluiceDedupe

/// `sluice-eval dedupe`: pairwise precision, recall and F1 of `sluice-dedupe` on the Febrl data
/// sets (dedupe sets 1–3, and the 4a/4b linkage pair run as one file with cross-file pairs
/// counted). It runs the built `sluice-dedupe` next to this executable, as a user would;
/// `scripts/eval_dedupe_peers.py` runs it first, then the peers, measured the same way.
struct DedupeEval: ToolCommand {
    static let usage = Usage.tool(
        name: "sluice-eval dedupe",
        overview: "sluice-dedupe's pairwise precision, recall and F1 on the Febrl data sets",
        synopsis: ["sluice-eval dedupe [--data DIR] [-- SLUICE-DEDUPE-OPTION ...]"],
        options: [.inputFolder("data", "DIR", "the Febrl sets (default $SLUICE_FEBRL, else ../shared/data/febrl)")],
        examples: ["sluice-eval dedupe", "sluice-eval dedupe -- --threshold 0.8"],
        memory: "one Febrl set at a time (10,000 records at most), and sluice-dedupe's output for it.",
        sections: [
            ("SETUP", "  Every set is deduplicated with " + DedupeEval.commandLine(DedupeEval.febrlArguments) + ", then the options after --."),
            ("ENVIRONMENT", "  SLUICE_FEBRL  where the Febrl sets are, when --data is not given"),
        ],
        // The operands are sluice-dedupe's options, not paths.
        operands: [])

    /// The fuzzy setup used for every Febrl set: each field compared, four blocking rules.
    static let febrlArguments = [
        "--compare", "given_name,surname,street_number:lev,address_1,address_2,suburb,postcode:lev,state:exact,date_of_birth:date,soc_sec_id:lev",
        "--block", "given_name", "--block", "surname", "--block", "date_of_birth", "--block", "soc_sec_id",
    ]

    var dataDirectory: String
    /// sluice-dedupe's options: the Febrl setup, then any given after `--`.
    var options: [String]

    init(arguments: ParsedArguments) throws(StageFailure) {
        dataDirectory = arguments["data"] ?? ProcessInfo.processInfo.environment["SLUICE_FEBRL"] ?? "../shared/data/febrl"
        options = DedupeEval.febrlArguments + arguments.positionals
    }

    static func commandLine(_ options: [String]) -> String {
        "sluice-dedupe " + options.map { $0.contains(" ") || $0.contains(",") ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    mutating func run(_ context: ToolContext) throws {
        try context.write(DedupeEval.commandLine(options))
        try context.write(row(["set", "records", "true pairs", "predicted", "precision", "recall", "F1", "seconds"]))
        for name in ["dataset1", "dataset2", "dataset3"] {
            let set = try FebrlSet(path: "\(dataDirectory)/\(name).csv")
            let run = try clusters(of: set.lines)
            try context.write(row(name, records: set.lines.count, PairwiseScore(predicted: run.clusters, truth: set.entities), seconds: run.seconds))
        }
        // Linkage: both files in one run; only pairs across the files count, and only
        // rec-N-org (4a) with rec-N-dup-0 (4b) are true links.
        let a = try FebrlSet(path: "\(dataDirectory)/dataset4a.csv"), b = try FebrlSet(path: "\(dataDirectory)/dataset4b.csv")
        let run = try clusters(of: a.lines + b.lines)
        let files = [Int](repeating: 0, count: a.lines.count) + [Int](repeating: 1, count: b.lines.count)
        let score = PairwiseScore(predicted: run.clusters, truth: a.entities + b.entities, sides: files)
        try context.write(row("dataset4a+4b", records: a.lines.count + b.lines.count, score, seconds: run.seconds))
    }

    /// Runs sluice-dedupe on NDJSON lines and returns each output record's cluster id.
    func clusters(of lines: [String]) throws -> (clusters: [String], seconds: Double) {
        let executable =
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("sluice-dedupe") ?? URL(fileURLWithPath: "sluice-dedupe")
        let directory = FileManager.default.temporaryDirectory
        let input = directory.appendingPathComponent("sluice-dedupe-eval-\(getpid()).ndjson")
        let output = directory.appendingPathComponent("sluice-dedupe-eval-\(getpid()).out")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let start = ChildProcess.now()
        let status: Int32
        do {
            status = try ChildProcess.run([executable.path] + options + ["--quiet", input.path], stdout: output.path)
        } catch {
            throw StageFailure(.internalError, "\(error)")
        }
        let seconds = ChildProcess.now() - start
        guard status == 0 else { throw StageFailure(.internalError, "sluice-dedupe exited with \(status)") }
        let text = try String(contentsOf: output, encoding: .utf8)
        let ids = try text.split(separator: "\n").map { line in
            guard let cluster = try JSONParser.parse(String(line))[DedupeFields.member]?[DedupeFields.cluster]?.stringValue else {
                throw StageFailure(.internalError, "an output record of sluice-dedupe has no dedupe.cluster")
            }
            return cluster
        }
        guard ids.count == lines.count else { throw StageFailure(.internalError, "sluice-dedupe wrote \(ids.count) records for \(lines.count)") }
        return (ids, seconds)
    }

    /// One set's line of the table.
    func row(_ name: String, records: Int, _ score: PairwiseScore, seconds: Double) -> String {
        func format(_ value: Double) -> String { String(format: "%.4f", value) }
        return row([
            name, "\(records)", "\(score.truePairs)", "\(score.predictedPairs)",
            format(score.precision), format(score.recall), format(score.f1), String(format: "%.2f", seconds),
        ])
    }

    /// The set's name on the left, the figures right-aligned in their columns.
    func row(_ cells: [String]) -> String {
        let widths = [15, 8, 11, 10, 10, 8, 8, 8]
        return zip(cells, widths).enumerated().map { index, cell in
            index == 0 ? cell.0.padded(to: cell.1) : cell.0.padded(leftTo: cell.1)
        }.joined(separator: " ")
    }
}
