import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sluice-bench`: generates the benchmark data and times the stages against their peers.
public enum BenchCommand {
    public static let usage = """
        OVERVIEW: sluice-bench — generate SF-Film-Locations-like data and time every Sluice stage against its peers

        USAGE:
          sluice-bench run [options]
          sluice-bench generate --records N [--seed S] --out FILE.ndjson   (the truth goes to FILE.truth.csv)

        OPTIONS (run):
          --sizes LIST        record counts to generate and time (default 10k,100k,1M; env BENCH_SIZES)
          --peer-sizes LIST   sizes at which the peers (jq, usaddress, sqlite-utils, mlr, csvstat) run (default 100k)
          --dedupe-size SIZE  the size at which dedupe is scored (F1) and its peers run (default 100k)
          --runs N            measured runs per case, after one warm-up (default 5, at least 5 for reported figures)
          --dedupe-peer-runs N  runs of Splink and recordlinkage (default 1, without a warm-up: each takes a
                              minute or more at 100k; their F1 does not depend on it)
          --budget MINUTES    skip (and list) cases whose runs would end later than this (env BENCH_BUDGET; default none)
          --stages LIST       only these: fetch,sanitize,geocode,dedupe,load,stats,pipeline (default all found)
          --bin DIR           where the sluice-* executables are (default .build/release)
          --out DIR           data, work files and results (default build/bench)
          --gazetteer FILE    the gazetteer for sluice-geocode (default data/sf-gazetteer.csv)
          --dedupe-args ARGS  the sluice-dedupe options, one string (default: --compare title,locations:tokens,…)
          --seed S            the generator's seed (default 20260401)

        OUTPUT:
          A table on stdout, DIR/results.md (the table and the commands) and DIR/ratios.svg (peer
          time / Sluice time). Stages missing from --bin and peers not installed are skipped with
          a line saying how to get them. Peak RSS is each child's ru_maxrss from wait4.

        EXAMPLES:
          sluice-bench run --sizes 10k --runs 5
          sluice-bench run --sizes 100k,1M --peer-sizes 100k,1M --stages fetch,load
          sluice-bench run --sizes 100k,1M --peer-sizes 100k --stages stats
          sluice-bench generate --records 10000 --out /tmp/films-10k.ndjson

        EXIT STATUS:
          0 success, 64 usage error, 70 a case or the generator failed

        """

    static let options: [OptionSpec] = [
        .value("sizes", "LIST", ""), .value("peer-sizes", "LIST", ""), .value("dedupe-size", "SIZE", ""),
        .value("runs", "N", ""), .value("dedupe-peer-runs", "N", ""), .value("budget", "MINUTES", ""), .value("stages", "LIST", ""),
        .value("bin", "DIR", ""), .value("out", "DIR", ""),
        .value("gazetteer", "FILE", ""), .value("dedupe-args", "ARGS", ""), .value("seed", "S", ""),
        .value("records", "N", ""), .flag("help", ""),
    ]

    public static func main(_ arguments: [String]) -> Int32 {
        do {
            let parsed = try ParsedArguments(arguments, options: options)
            if parsed.has("help") || parsed.positionals.isEmpty {
                print(usage, terminator: "")
                return parsed.has("help") ? 0 : ExitCode.usage.rawValue
            }
            let seed = try UInt64(parsed.int("seed", default: 20_260_401))
            switch parsed.positionals[0] {
            case "generate":
                guard let out = parsed["out"], out.hasSuffix(".ndjson") else { throw StageFailure.usage("generate needs --out FILE.ndjson") }
                let records = try parsed.int("records", default: 10_000, range: 1...100_000_000)
                try DatasetGenerator(records: records, seed: seed).write(to: out, truth: String(out.dropLast(7)) + ".truth.csv")
                return 0
            case "run":
                return try run(options(parsed, seed: seed))
            default:
                throw StageFailure.usage("unknown command '\(parsed.positionals[0])': use run or generate")
            }
        } catch {
            return Stage.report(error, name: "sluice-bench").rawValue
        }
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

    static func run(_ options: BenchOptions) throws -> Int32 {
        let plan = BenchPlan(options: options)
        let log = { (line: String) in StandardError.write("sluice-bench: \(line)\n") }
        for line in plan.skipped { log(line) }
        let runner = BenchRunner(plan: plan, log: log)
        let results = try runner.run()
        let report = BenchReport(results: results)
        let skipped = plan.skipped + runner.notMeasured
        print(report.table, terminator: "")
        for line in skipped { print(line) }
        try writeFile("\(options.outDirectory)/results.md", resultsFile(report, options: options, skipped: skipped))
        try writeFile("\(options.outDirectory)/ratios.svg", report.svg)
        log("wrote \(options.outDirectory)/results.md and \(options.outDirectory)/ratios.svg")
        return results.isEmpty ? ExitCode.internalError.rawValue : 0
    }

    /// The results file: the table, what was skipped, and every command that was timed.
    static func resultsFile(_ report: BenchReport, options: BenchOptions, skipped: [String]) -> String {
        var text = "# sluice-bench results\n\n"
        let peerRuns = options.dedupePeerRuns == 1 ? "1 run, no warm-up" : "\(options.dedupePeerRuns) runs"
        text += "Median of \(options.runs) runs after one warm-up (Splink and recordlinkage: \(peerRuns); the stats peers: at most 3 runs); "
        text += "min–max of the same runs; "
        text += "peak RSS from wait4 (largest child).\n"
        text += "records/s and MB/s are the input's records and bytes over the median wall time.\n\n"
        text += report.markdown + "\n"
        if !skipped.isEmpty { text += "Skipped:\n\n" + skipped.map { "- \($0)\n" }.joined() + "\n" }
        text += "Commands:\n\n" + report.results.map { "- `\($0.benchCase.key)` \($0.benchCase.tool): `\($0.benchCase.commandLine)`\n" }.joined()
        return text
    }
}
