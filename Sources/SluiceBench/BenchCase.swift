import SluiceCore

/// One thing to time: a stage or a peer on one input size, as the commands to run (piped when
/// several), what they read, and how much work that is (records, bytes) for the rates.
///
///     BenchCase(stage: "fetch", tool: "jq -c .", size: DataSize(records: 100_000),
///               commands: [["jq", "-c", "."]], stdin: "build/bench/films-100k.ndjson", …)
public struct BenchCase: Sendable {
    /// The stage measured: fetch, sanitize, geocode, dedupe, load, load --pk, or pipeline.
    public var stage: String
    /// The tool as the table names it: `sluice-fetch`, `jq -c .`, `sqlite-utils insert`, …
    public var tool: String
    public var isPeer: Bool
    public var size: DataSize
    public var commands: [[String]]
    public var stdin: String?
    /// Where stdout goes: /dev/null, or a file read afterwards (dedupe quality).
    public var stdout = "/dev/null"
    /// Bytes and records read, for MB/s and records/s.
    public var inputBytes: Int
    public var records: Int
    /// Files removed before every run (a database loaded from scratch each time).
    public var removeBeforeRun: [String] = []
    /// Whether stdout holds clusters to score against the duplicate truth.
    public var scoresDuplicates = false
    /// Measured runs when not `--runs` (the slow dedupe peers); a single run has no warm-up.
    public var runs: Int?

    /// The row label: `fetch 100k`.
    public var key: String { "\(stage) \(size.label)" }

    /// The command line as a shell would show it, for the log and the results file.
    public var commandLine: String {
        var words = commands.map { $0.map(BenchCase.quoted).joined(separator: " ") }
        if let stdin { words[0] += " < " + BenchCase.quoted(stdin) }
        return words.joined(separator: " | ")
    }

    static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./,:=+@%".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

/// What a case gave: its timing, and the F1 of its clusters when it scored duplicates.
public struct BenchResult: Sendable {
    public var benchCase: BenchCase
    public var timing: Timing
    public var quality: PairwiseScore?

    public var recordsPerSecond: Double { Double(benchCase.records) / max(timing.median, 1e-9) }
    public var megabytesPerSecond: Double { Double(benchCase.inputBytes) / 1e6 / max(timing.median, 1e-9) }
}
