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
        for group in BenchRunner.interleavedGroups(planned.map(\.0)) {
            let members = group.map { planned[$0] }
            if let budget = options.budgetSeconds {
                // Unknown pace (first size, or dedupe peers): start it if any time is left.
                let expected = members.reduce(0.0) { total, member in
                    let runs = runCount(member.0)
                    let tool = member.0.stage + " " + member.0.tool
                    return total + (pace[tool].map { $0 * Double(member.0.records) * Double(runs.measured + (runs.warmUp ? 1 : 0)) } ?? 0)
                }
                if ChildProcess.now() - start + expected > budget {
                    let reason =
                        expected > 0
                        ? "skipped: its runs, expected to take \(Int(expected)) s (from the smaller size) would pass the --budget"
                        : "skipped: the --budget of \(fixed(budget / 60, 1)) min is used up"
                    for (benchCase, _) in members {
                        notMeasured.append("\(benchCase.key) \(benchCase.tool): \(reason)")
                        log("  \(benchCase.key)  \(benchCase.tool): \(reason)")
                    }
                    continue
                }
            }
            for (benchCase, _) in members {
                let runs = runCount(benchCase)
                log(
                    "  \(benchCase.key)  \(benchCase.tool)  (\(runs.measured) run\(runs.measured == 1 ? "" : "s")\(runs.warmUp ? " + warm-up" : "")\(members.count > 1 ? ", interleaved" : "")): \(benchCase.commandLine)"
                )
            }
            do {
                for result in try measure(members.map { (benchCase: $0.0, truth: $0.truth) }) {
                    pace[result.benchCase.stage + " " + result.benchCase.tool] = result.timing.median / Double(max(result.benchCase.records, 1))
                    results.append(result)
                }
            } catch {
                let reason = error is OverBudget ? "skipped" : "failed"
                for (benchCase, _) in members {
                    notMeasured.append("\(benchCase.key) \(benchCase.tool): \(reason): \(error)")
                    log("  \(benchCase.key)  \(benchCase.tool): \(reason): \(error)")
                }
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
        // Only what the cases read: at 10M each prepared file is 4–6 GB and minutes to make
        // (`--stages fetch,pipeline` reads the generated file alone).
        guard ["sanitize", "geocode", "dedupe", "load", "stats"].contains(where: options.includes) else { return inputs }
        try ChildProcess.run(
            [[plan.binary("fetch")] + plan.arguments("fetch", database: database)], stdin: data.path, stdout: inputs.fetched,
            stderr: "\(work)/prepare-fetch.log")
        if plan.stages.contains("sanitize"), plan.stages.contains("geocode"), options.includes("geocode") || options.includes("load") {
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

    /// The cases measured together (indices into `cases`, in order): each pipeline at a size
    /// with `jq -c .` at that size, run in turn (jq, fuzzy, exact, jq, …) so that a change in the
    /// machine's load falls on all of them alike; every other case alone.
    static func interleavedGroups(_ cases: [BenchCase]) -> [[Int]] {
        func joins(_ benchCase: BenchCase) -> Bool {
            benchCase.stage.hasPrefix("pipeline") || (benchCase.stage == "fetch" && benchCase.tool == "jq -c .")
        }
        var groups: [[Int]] = []
        var groupOfSize: [Int: Int] = [:]
        for (index, benchCase) in cases.enumerated() {
            let pipelines = cases.contains { $0.size == benchCase.size && $0.stage.hasPrefix("pipeline") }
            guard joins(benchCase), pipelines else {
                groups.append([index])
                continue
            }
            if let group = groupOfSize[benchCase.size.records] {
                groups[group].append(index)
            } else {
                groupOfSize[benchCase.size.records] = groups.count
                groups.append([index])
            }
        }
        return groups
    }

    /// Measures cases in turn: each one's warm-up, then run 1 of each, run 2 of each, and so on.
    func measure(_ group: [(benchCase: BenchCase, truth: String)]) throws -> [BenchResult] {
        var seconds = [[Double]](repeating: [], count: group.count)
        var cpu = [[[Double]]](repeating: [], count: group.count)
        var peaks = [[[Int]]](repeating: [], count: group.count)
        let runs = group.map { runCount($0.benchCase) }
        func once(_ member: Int) throws -> ChildProcess.Result {
            let benchCase = group[member].benchCase
            let stderr = "\(options.workDirectory)/\(benchCase.stage.replacing(" ", with: "-"))-\(benchCase.tool.split(separator: " ")[0]).log"
            for path in benchCase.removeBeforeRun { unlink(path) }
            return try ChildProcess.run(benchCase.commands, stdin: benchCase.stdin, stdout: benchCase.stdout, stderr: stderr)
        }
        // Run 0 is the warm-up: caches, page cache, lazy loading. It also tells whether the
        // measured runs fit in the budget.
        var warmUpEnd = 0.0
        for member in group.indices where runs[member].warmUp {
            warmUpEnd += try once(member).seconds * Double(runs[member].measured)
        }
        if let budget = options.budgetSeconds, warmUpEnd > 0, ChildProcess.now() - start + warmUpEnd > budget {
            throw OverBudget(
                description:
                    "\(group.count == 1 ? "its" : "their") runs, \(fixed(warmUpEnd, 1)) s, would pass the --budget of \(fixed(budget / 60, 1)) min")
        }
        for run in 1...(runs.map(\.measured).max() ?? 1) {
            for member in group.indices where run <= runs[member].measured {
                let result = try once(member)
                seconds[member].append(result.seconds)
                cpu[member].append(result.cpuSeconds)
                peaks[member].append(result.peakRSSBytes)
            }
        }
        return group.indices.map { member in
            let (benchCase, truth) = group[member]
            var quality: PairwiseScore?
            if benchCase.scoresDuplicates, let predicted = readFile(benchCase.stdout), let truthText = readFile(truth) {
                quality = DedupeQuality.score(truth: DedupeQuality.readTruth(truthText), predicted: DedupeQuality.readPredicted(predicted))
            }
            let timing = Timing(seconds: seconds[member], commandCPU: cpu[member], commandPeaks: peaks[member])
            return BenchResult(benchCase: benchCase, timing: timing, quality: quality)
        }
    }
}
