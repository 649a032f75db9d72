import Foundation
import SluiceCore

// sluice-dedupe-eval: pairwise precision, recall and F1 of `sluice-dedupe` on the Febrl data
// sets (dedupe sets 1–3, and the 4a/4b linkage pair run as one file with cross-file pairs
// counted). It runs the built `sluice-dedupe` next to this executable, as a user would.
//
//     sluice-dedupe-eval [--data DIR] [-- extra sluice-dedupe options]
//
// DIR defaults to $SLUICE_FEBRL, else ../shared/data/febrl.

/// The fuzzy setup used for every Febrl set: each field compared, four blocking rules.
let febrlArguments = [
    "--compare", "given_name,surname,street_number:lev,address_1,address_2,suburb,postcode:lev,state:exact,date_of_birth:date,soc_sec_id:lev",
    "--block", "given_name", "--block", "surname", "--block", "date_of_birth", "--block", "soc_sec_id",
]

var arguments = Array(CommandLine.arguments.dropFirst())
var dataDirectory = ProcessInfo.processInfo.environment["SLUICE_FEBRL"] ?? "../shared/data/febrl"
var extra: [String] = []
if let dash = arguments.firstIndex(of: "--") {
    extra = Array(arguments[(dash + 1)...])
    arguments = Array(arguments[..<dash])
}
if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count { dataDirectory = arguments[index + 1] }

let executable =
    Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("sluice-dedupe")
    ?? URL(fileURLWithPath: "sluice-dedupe")

/// Runs sluice-dedupe on NDJSON lines and returns each output record's cluster id.
func clusters(of lines: [String], arguments: [String]) throws -> (clusters: [String], seconds: Double) {
    let directory = FileManager.default.temporaryDirectory
    let input = directory.appendingPathComponent("sluice-dedupe-eval-\(getpid()).ndjson")
    let output = directory.appendingPathComponent("sluice-dedupe-eval-\(getpid()).out")
    defer {
        try? FileManager.default.removeItem(at: input)
        try? FileManager.default.removeItem(at: output)
    }
    try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else { throw EvalError("cannot create \(output.path)") }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments + ["--quiet", input.path]
    process.standardOutput = try FileHandle(forWritingTo: output)
    let start = Date()
    try process.run()
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    guard process.terminationStatus == 0 else { throw EvalError("sluice-dedupe exited with \(process.terminationStatus)") }
    let text = try String(contentsOf: output, encoding: .utf8)
    let ids = try text.split(separator: "\n").map { line in
        guard let cluster = try JSONParser.parse(String(line))["dedupe"]?["cluster"]?.stringValue else {
            throw EvalError("an output record has no dedupe.cluster")
        }
        return cluster
    }
    guard ids.count == lines.count else { throw EvalError("sluice-dedupe wrote \(ids.count) records for \(lines.count)") }
    return (ids, seconds)
}

func row(_ cells: [String]) -> String {
    let widths = [15, 8, 11, 10, 10, 8, 8, 8]
    return zip(cells, widths).enumerated().map { index, cell in
        let fill = String(repeating: " ", count: max(0, cell.1 - cell.0.count))
        return index == 0 ? cell.0 + fill : fill + cell.0
    }.joined(separator: " ")
}

func format(_ value: Double) -> String { String(format: "%.4f", value) }

do {
    let options = febrlArguments + extra
    print("sluice-dedupe " + options.map { $0.contains(" ") || $0.contains(",") ? "'\($0)'" : $0 }.joined(separator: " "))
    print(row(["set", "records", "true pairs", "predicted", "precision", "recall", "F1", "seconds"]))
    for name in ["dataset1", "dataset2", "dataset3"] {
        let set = try FebrlSet(path: "\(dataDirectory)/\(name).csv")
        let run = try clusters(of: set.lines, arguments: options)
        let score = PairwiseScore(predicted: run.clusters, truth: set.entities)
        print(
            row([
                name, "\(set.lines.count)", "\(score.truePairs)", "\(score.predictedPairs)",
                format(score.precision), format(score.recall), format(score.f1), String(format: "%.2f", run.seconds),
            ]))
    }
    // Linkage: both files in one run; only pairs across the files count, and only
    // rec-N-org (4a) with rec-N-dup-0 (4b) are true links.
    let a = try FebrlSet(path: "\(dataDirectory)/dataset4a.csv"), b = try FebrlSet(path: "\(dataDirectory)/dataset4b.csv")
    let run = try clusters(of: a.lines + b.lines, arguments: options)
    let crossFile: (Int, Int) -> Bool = { x, y in (x < a.lines.count) != (y < a.lines.count) }
    let truth = a.entities + b.entities
    let score = PairwiseScore(predicted: run.clusters, truth: truth, include: crossFile)
    print(
        row([
            "dataset4a+4b", "\(a.lines.count + b.lines.count)", "\(score.truePairs)", "\(score.predictedPairs)",
            format(score.precision), format(score.recall), format(score.f1), String(format: "%.2f", run.seconds),
        ]))
} catch {
    exit(Stage.report(error, name: "sluice-dedupe-eval").rawValue)
}
