import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sluice-bench`: generates the benchmark data and times the stages against their peers.
public enum BenchCommand {
    public static let tool = Subcommands(
        name: "sluice-bench",
        overview: "generate SF-Film-Locations-like data and time every Sluice stage against its peers",
        [("run", BenchRun.self), ("generate", BenchGenerate.self)])
}

/// `sluice-bench generate`: the seeded records, and which are duplicates of which.
struct BenchGenerate: ToolCommand {
    static let usage = Usage.tool(
        name: "sluice-bench generate",
        overview: "write seeded SF-Film-Locations-like records, and which are duplicates of which",
        synopsis: ["sluice-bench generate --records N [--seed S] --out FILE.ndjson   (the truth goes to FILE.truth.csv)"],
        options: [
            .value("records", "N", "how many records (default 10000)"),
            .value("seed", "S", "the generator's seed (default 20260401)"),
            .value("out", "FILE.ndjson", "where the records go; FILE.truth.csv gets each duplicate's original"),
        ],
        examples: ["sluice-bench generate --records 10000 --out films-10k.ndjson"],
        memory: "the vocabularies, and one record at a time.")

    var records: Int
    var seed: UInt64
    var out: String

    init(arguments: ParsedArguments) throws(StageFailure) {
        guard let out = arguments["out"], out.hasSuffix(".ndjson") else { throw .usage("generate needs --out FILE.ndjson") }
        self.out = out
        records = try arguments.int("records", default: 10_000, range: 1...100_000_000)
        seed = try UInt64(arguments.int("seed", default: 20_260_401))
    }

    mutating func run(_ context: ToolContext) throws {
        try DatasetGenerator(records: records, seed: seed).write(to: out, truth: String(out.dropLast(7)) + ".truth.csv")
    }
}

/// `sluice-bench run`: every built stage and the installed peers timed on generated data.
struct BenchRun: ToolCommand {
    static let usage = Usage.tool(
        name: "sluice-bench run",
        overview: "time every Sluice stage against its peers on generated SF-Film-Locations-like data",
        synopsis: ["sluice-bench run [options]"],
        options: [
            .value("sizes", "LIST", "record counts to generate and time (default 10k,100k,1M; env BENCH_SIZES)"),
            .value("peer-sizes", "LIST", "sizes at which the peers (jq, usaddress, sqlite-utils) run (default 100k)"),
            .value("dedupe-size", "SIZE", "the size at which dedupe is scored (F1) and its peers run (default 100k)"),
            .value("runs", "N", "measured runs per case, after one warm-up (default 5, at least 5 for reported figures)"),
            .value(
                "dedupe-peer-runs", "N",
                "runs of Splink and recordlinkage (default 1, without a warm-up: each takes a minute or more at 100k; their F1 does not depend on it)"
            ),
            .value("budget", "MINUTES", "skip (and list) cases whose runs would end later than this (env BENCH_BUDGET; default none)"),
            .value("stages", "LIST", "only these: fetch,sanitize,geocode,dedupe,load,pipeline (default all found)"),
            .value("bin", "DIR", "where the sluice-* executables are (default .build/release)"),
            .value("out", "DIR", "data, work files and results (default build/bench)"),
            .value("gazetteer", "FILE", "the gazetteer for sluice-geocode (default data/sf-gazetteer.csv)"),
            .value("dedupe-args", "ARGS", "the sluice-dedupe options, one string (default: --compare title,locations:tokens,…)"),
            .value("seed", "S", "the generator's seed (default 20260401)"),
        ],
        examples: [
            "sluice-bench run --sizes 10k --runs 5",
            "sluice-bench run --sizes 100k,1M --peer-sizes 100k,1M --stages fetch,load",
        ],
        memory: "the table of results; each case runs as a child process (its peak RSS is measured).",
        sections: [
            (
                "OUTPUT",
                """
                  A table on stdout, DIR/results.md (the table and the commands) and DIR/ratios.svg (peer
                  time / Sluice time). Stages missing from --bin and peers not installed are skipped with
                  a line saying how to get them. Peak RSS is each command's ru_maxrss from wait4, taken by
                  a small launcher (sluice-bench re-executed) so that it is the command's own, not the
                  bench's. time / jq -c . is each row's median over jq's at the same size (blank
                  without jq).
                """
            ),
            (
                "ENVIRONMENT",
                """
                  BENCH_SIZES   the sizes, when --sizes is not given
                  BENCH_BUDGET  the budget in minutes, when --budget is not given
                """
            ),
        ])

    var options: BenchOptions

    init(arguments: ParsedArguments) throws(StageFailure) {
        try arguments.expectNoPositionals()
        options = try BenchRun.options(arguments, seed: UInt64(arguments.int("seed", default: 20_260_401)))
    }

    static func options(_ parsed: ParsedArguments, seed: UInt64) throws(StageFailure) -> BenchOptions {
        var options = BenchOptions()
        options.seed = seed
        func sizes(_ name: String, _ fallback: String?) throws(StageFailure) -> [DataSize]? {
            guard let text = parsed[name] ?? fallback, !text.isEmpty else { return nil }
            guard let list = DataSize.list(text) else { throw .usage("option '--\(name)' needs sizes like 10k,100k,1M, got '\(text)'") }
            return list
        }
        let environment = getenv("BENCH_SIZES").map { String(cString: $0) }
        if let list = try sizes("sizes", environment) { options.sizes = list }
        if let list = try sizes("peer-sizes", nil) { options.peerSizes = list }
        if let list = try sizes("dedupe-size", nil) { options.dedupeSize = list[0] }
        options.runs = try parsed.int("runs", default: 5, range: 1...100)
        options.dedupePeerRuns = try parsed.int("dedupe-peer-runs", default: 1, range: 1...100)
        if let text = parsed["budget"] ?? getenv("BENCH_BUDGET").map({ String(cString: $0) }), !text.isEmpty {
            guard let minutes = Double(text), minutes > 0 else { throw .usage("option '--budget' needs minutes, got '\(text)'") }
            options.budgetSeconds = minutes * 60
        }
        if let stages = parsed["stages"] { options.only = Set(stages.split(separator: ",").map(String.init)) }
        if let value = parsed["bin"] { options.binDirectory = value }
        if let value = parsed["out"] { options.outDirectory = value }
        if let value = parsed["gazetteer"] { options.gazetteer = value }
        if let value = parsed["dedupe-args"] { options.dedupeArguments = value.split(separator: " ").map(String.init) }
        return options
    }

    mutating func run(_ context: ToolContext) throws {
        let plan = BenchPlan(options: options)
        for line in plan.skipped { context.note(line) }
        let runner = BenchRunner(plan: plan, log: context.note)
        let results = try runner.run()
        let report = BenchReport(results: results)
        let skipped = plan.skipped + runner.notMeasured
        context.output.append(report.table)
        if !report.stageMarkdown.isEmpty { context.output.append("\n" + report.stageMarkdown) }
        try context.write(skipped)
        try writeFile("\(options.outDirectory)/results.md", BenchRun.resultsFile(report, options: options, skipped: skipped))
        try writeFile("\(options.outDirectory)/ratios.svg", report.svg)
        context.note("wrote \(options.outDirectory)/results.md and \(options.outDirectory)/ratios.svg")
        if results.isEmpty { throw StageFailure(.internalError, "no case was measured") }
    }

    /// The results file: the table, what was skipped, and every command that was timed.
    static func resultsFile(_ report: BenchReport, options: BenchOptions, skipped: [String]) -> String {
        var text = "# sluice-bench results\n\n"
        let peerRuns = options.dedupePeerRuns == 1 ? "1 run, no warm-up" : "\(options.dedupePeerRuns) runs"
        text += "Median of \(options.runs) runs after one warm-up (Splink and recordlinkage: \(peerRuns); the stats peers: at most 3 runs); "
        text += "min–max of the same runs; "
        text += "peak RSS from wait4 of each command under its own launcher (largest command of a pipeline); "
        text += "time / jq -c .: the row's median over that of `jq -c .` on the generated file at the same size.\n"
        text += "records/s and MB/s are the input's records and bytes over the median wall time.\n\n"
        text += report.markdown + "\n"
        let stages = report.stageMarkdown
        if !stages.isEmpty {
            text += "## The pipelines stage by stage\n\n"
            text += "Each piped pipeline and `jq -c .` at the same size were run in turn (jq, then each pipeline, then again), "
            text += "\(options.runs) measured runs each after one warm-up. wall s: the median (min–max); CPU s: user + system "
            text += "of all the stages together; per stage: the median of its CPU seconds and the largest of its peak RSS "
            text += "(`wait4` of each command under its own launcher). The stages share the machine's cores, so a stage's "
            text += "CPU is its own work while the wall time is the pipeline's.\n\n"
            text += stages + "\n"
        }
        if !skipped.isEmpty { text += "Skipped:\n\n" + skipped.map { "- \($0)\n" }.joined() + "\n" }
        text += "Commands:\n\n" + report.results.map { "- `\($0.benchCase.key)` \($0.benchCase.tool): `\($0.benchCase.commandLine)`\n" }.joined()
        return text
    }
}
