import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a plan: generates (or reuses) the data, prepares each stage's input once with the
/// stage before it, then times every case: one warm-up run, then `runs` measured runs.
public final class BenchRunner {
    public let plan: BenchPlan
    let log: (String) -> Void
    var options: BenchOptions { plan.options }

    public init(plan: BenchPlan, log: @escaping (String) -> Void) {
        self.plan = plan
        self.log = log
    }

    /// Cases not measured, with the reason (over the time budget, or failed).
    public private(set) var notMeasured: [String] = []
    let start = ChildProcess.now()

    struct OverBudget: Error, CustomStringConvertible {
        var description: String
    }

    /// Times every case: first the sizes at which peers run (Sluice and its peers side by side,
    /// smallest size first), then Sluice alone at the larger sizes, so that a time budget cuts
    /// the largest sizes rather than the comparisons.
    public func run() throws -> [BenchResult] {
        try makeDirectory(options.outDirectory)
        try makeDirectory(options.workDirectory)
        var planned: [(BenchCase, truth: String)] = []
        for size in options.sizes {
            let data = try dataset(size)
            let inputs = try prepare(size, data: data)
            planned += cases(size, data: data, inputs: inputs).map { ($0, data.truth) }
        }
        let compared = Set(options.peerSizes.map(\.records) + [options.dedupeSize.records])
        planned = planned.filter { compared.contains($0.0.size.records) } + planned.filter { !compared.contains($0.0.size.records) }
        var results: [BenchResult] = []
        // Seconds per record of each tool at the sizes done, to skip a case before its warm-up
        // when even that would not fit (a 1M run of a slow peer takes minutes).
        var pace: [String: Double] = [:]
        for (benchCase, truth) in planned {
            let tool = benchCase.stage + " " + benchCase.tool
            if let budget = options.budgetSeconds {
                // Unknown pace (first size, or dedupe peers): start it if any time is left.
                let runs = runCount(benchCase)
                let expected = pace[tool].map { $0 * Double(benchCase.records) * Double(runs.measured + (runs.warmUp ? 1 : 0)) } ?? 0
                if ChildProcess.now() - start + expected > budget {
                    let reason =
                        expected > 0
                        ? "skipped: its runs, expected to take \(Int(expected)) s (from the smaller size) would pass the --budget"
                        : "skipped: the --budget of \(fixed(budget / 60, 1)) min is used up"
                    notMeasured.append("\(benchCase.key) \(benchCase.tool): \(reason)")
                    log("  \(benchCase.key)  \(benchCase.tool): \(reason)")
                    continue
                }
            }
            let runs = runCount(benchCase)
            log(
                "  \(benchCase.key)  \(benchCase.tool)  (\(runs.measured) run\(runs.measured == 1 ? "" : "s")\(runs.warmUp ? " + warm-up" : "")): \(benchCase.commandLine)"
            )
            do {
                let result = try measure(benchCase, truth: truth)
                pace[tool] = result.timing.median / Double(max(benchCase.records, 1))
                results.append(result)
            } catch {
                let reason = error is OverBudget ? "skipped" : "failed"
                notMeasured.append("\(benchCase.key) \(benchCase.tool): \(reason): \(error)")
                log("  \(benchCase.key)  \(benchCase.tool): \(reason): \(error)")
            }
        }
        // Back in the order of the table: by size, then stage, Sluice before its peers.
        let order = Dictionary(planned.enumerated().map { ($0.element.0.key + " " + $0.element.0.tool, $0.offset) }, uniquingKeysWith: { a, _ in a })
        func rank(_ result: BenchResult) -> (Int, Int, Int) {
            let stage = BenchRunner.stageOrder.firstIndex(of: result.benchCase.stage) ?? 99
            return (result.benchCase.size.records, stage, order[result.benchCase.key + " " + result.benchCase.tool] ?? 0)
        }
        return results.sorted { rank($0) < rank($1) }
    }

    static let stageOrder = [
        "fetch", "sanitize", "geocode", "dedupe", "load", "load --pk", "load --pk (pipeline output)", "stats", "pipeline", "pipeline (dedupe --key)",
    ]

    /// The generated file and its truth, made unless a file from the same seed and size exists.
    public func dataset(_ size: DataSize) throws -> (path: String, truth: String) {
        let base = "\(options.outDirectory)/films-\(size.label)"
        let stamp = "seed \(options.seed) records \(size.records) generator 1\n"
        let paths = (path: base + ".ndjson", truth: base + ".truth.csv")
        if readFile(base + ".stamp") == stamp, access(paths.path, R_OK) == 0, access(paths.truth, R_OK) == 0 {
            log("data: reusing \(paths.path)")
            return paths
        }
        log("data: generating \(paths.path) (\(size.records) records, seed \(options.seed))")
        let start = ChildProcess.now()
        try DatasetGenerator(records: size.records, seed: options.seed).write(to: paths.path, truth: paths.truth)
        try writeFile(base + ".stamp", stamp)
        log("data: \(fileSize(paths.path) / 1_000_000) MB in \(fixed(ChildProcess.now() - start, 1)) s")
        return paths
    }

    /// Each stage's input, made once with the stages before it (not timed).
    public struct Inputs {
        public var fetched: String
        public var sanitized: String?
        /// Fetch's output as CSV (nested members flattened), for csvstat, at the peer sizes.
        public var csv: String?
        /// What the pipeline hands sluice-load: geocoded and marked by `dedupe --key
        /// address.key` (records with `address`, `geo` and `dedupe` objects, 40-odd columns).
        public var deduped: String?
    }

    func prepare(_ size: DataSize, data: (path: String, truth: String)) throws -> Inputs {
        let work = options.workDirectory
        var inputs = Inputs(fetched: "\(work)/fetched-\(size.label).ndjson")
        let database = "\(work)/prepare.db"
        try ChildProcess.run(
            [[plan.binary("fetch")] + plan.arguments("fetch", database: database)], stdin: data.path, stdout: inputs.fetched,
            stderr: "\(work)/prepare-fetch.log")
        if plan.stages.contains("sanitize"), plan.stages.contains("geocode") {
            let sanitized = "\(work)/sanitized-\(size.label).ndjson"
            try ChildProcess.run(
                [[plan.binary("sanitize")] + plan.arguments("sanitize", database: database)], stdin: inputs.fetched, stdout: sanitized,
                stderr: "\(work)/prepare-sanitize.log")
            inputs.sanitized = sanitized
            if plan.stages.contains("dedupe"), plan.stages.contains("load"), options.includes("load") {
                let deduped = "\(work)/deduped-\(size.label).ndjson"
                try ChildProcess.run(
                    [
                        [plan.binary("geocode")] + plan.arguments("geocode", database: database),
                        [plan.binary("dedupe")] + BenchPlan.exactDedupeArguments,
                    ], stdin: sanitized, stdout: deduped, stderr: "\(work)/prepare-deduped.log")
                inputs.deduped = deduped
            }
        }
        if plan.tools.contains("stats"), plan.peers.contains("csvstat"), options.peerSizes.contains(size) {
            let csv = "\(work)/fetched-\(size.label).csv"
            try ChildProcess.run(
                [["python3", "scripts/bench/ndjson_to_csv.py"]], stdin: inputs.fetched, stdout: csv, stderr: "\(work)/prepare-csv.log")
            inputs.csv = csv
        }
        return inputs
    }

    /// How often a case runs: `--runs` times after a warm-up, or its own count (one run: none).
    func runCount(_ benchCase: BenchCase) -> (measured: Int, warmUp: Bool) {
        let measured = benchCase.runs ?? options.runs
        return (measured, measured > 1)
    }

    func measure(_ benchCase: BenchCase, truth: String) throws -> BenchResult {
        var seconds: [Double] = []
        var peaks: [Int] = []
        let stderr = "\(options.workDirectory)/\(benchCase.stage.replacing(" ", with: "-"))-\(benchCase.tool.split(separator: " ")[0]).log"
        let runs = runCount(benchCase)
        for run in (runs.warmUp ? 0 : 1)...runs.measured {
            for path in benchCase.removeBeforeRun { unlink(path) }
            let result = try ChildProcess.run(benchCase.commands, stdin: benchCase.stdin, stdout: benchCase.stdout, stderr: stderr)
            // Run 0 is the warm-up: caches, page cache, lazy loading. It also tells whether the
            // measured runs fit in the budget.
            if run == 0, let budget = options.budgetSeconds {
                let end = ChildProcess.now() - start + result.seconds * Double(runs.measured)
                if end > budget {
                    throw OverBudget(
                        description: "\(runs.measured) runs of \(fixed(result.seconds, 1)) s would pass the --budget of \(fixed(budget / 60, 1)) min")
                }
            }
            if run > 0 {
                seconds.append(result.seconds)
                peaks.append(contentsOf: result.peakRSSBytes)
            }
        }
        var quality: PairwiseScore?
        if benchCase.scoresDuplicates, let predicted = readFile(benchCase.stdout), let truthText = readFile(truth) {
            quality = DedupeQuality.score(truth: DedupeQuality.readTruth(truthText), predicted: DedupeQuality.readPredicted(predicted))
        }
        return BenchResult(benchCase: benchCase, timing: Timing(seconds: seconds, peakRSSBytes: peaks), quality: quality)
    }
}
