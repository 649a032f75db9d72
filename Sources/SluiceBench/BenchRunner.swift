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

    public func run() throws -> [BenchResult] {
        try makeDirectory(options.outDirectory)
        try makeDirectory(options.workDirectory)
        var results: [BenchResult] = []
        for size in options.sizes {
            let data = try dataset(size)
            let inputs = try prepare(size, data: data)
            for benchCase in cases(size, data: data, inputs: inputs) {
                log("  \(benchCase.key)  \(benchCase.tool)  (\(options.runs) runs + warm-up): \(benchCase.commandLine)")
                do {
                    results.append(try measure(benchCase, truth: data.truth))
                } catch {
                    log("  \(benchCase.key)  \(benchCase.tool): failed: \(error)")
                }
            }
        }
        return results
    }

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
    }

    func prepare(_ size: DataSize, data: (path: String, truth: String)) throws -> Inputs {
        let work = options.workDirectory
        var inputs = Inputs(fetched: "\(work)/fetched-\(size.label).ndjson")
        let database = "\(work)/prepare.db"
        try ChildProcess.run([[plan.binary("fetch")] + plan.arguments("fetch", database: database)], stdin: data.path, stdout: inputs.fetched, stderr: "\(work)/prepare-fetch.log")
        if plan.stages.contains("sanitize"), plan.stages.contains("geocode") {
            let sanitized = "\(work)/sanitized-\(size.label).ndjson"
            try ChildProcess.run([[plan.binary("sanitize")] + plan.arguments("sanitize", database: database)], stdin: inputs.fetched, stdout: sanitized, stderr: "\(work)/prepare-sanitize.log")
            inputs.sanitized = sanitized
        }
        return inputs
    }

    func measure(_ benchCase: BenchCase, truth: String) throws -> BenchResult {
        var seconds: [Double] = []
        var peaks: [Int] = []
        let stderr = "\(options.workDirectory)/\(benchCase.stage.replacing(" ", with: "-"))-\(benchCase.tool.split(separator: " ")[0]).log"
        for run in 0...options.runs {
            for path in benchCase.removeBeforeRun { unlink(path) }
            let result = try ChildProcess.run(benchCase.commands, stdin: benchCase.stdin, stdout: benchCase.stdout, stderr: stderr)
            // Run 0 is the warm-up: caches, page cache, lazy loading.
            if run > 0 {
                seconds.append(result.seconds)
                peaks.append(contentsOf: result.peakRSSBytes)
            }
        }
        var quality: DedupeQuality?
        if benchCase.scoresDuplicates, let predicted = readFile(benchCase.stdout), let truthText = readFile(truth) {
            quality = DedupeQuality(truth: DedupeQuality.readTruth(truthText), predicted: DedupeQuality.readPredicted(predicted))
        }
        return BenchResult(benchCase: benchCase, timing: Timing(seconds: seconds, peakRSSBytes: peaks), quality: quality)
    }
}
