import SluiceCore
import SluiceSanitize

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a run will time, and what it skips and why: Sluice's stages found in the bin
/// directory, and the peers found on this machine.
///
///     let plan = BenchPlan(options: options)
///     plan.skipped   // ["sluice-dedupe: not built on this branch (…)", "splink: install with …"]
public struct BenchPlan {
    public var options: BenchOptions
    /// The stages built in the bin directory, in pipeline order.
    public var stages: [String] = []
    /// The tools beside the pipeline built in the bin directory (`stats`).
    public var tools: [String] = []
    /// Peers found on this machine, by name (`jq`, `sqlite-utils`, `usaddress`, …).
    public var peers: Set<String> = []
    /// One line per thing skipped, saying how to get it.
    public var skipped: [String] = []

    /// Package.swift's `stages` (StageListTests checks that they agree).
    static let pipelineOrder = ["fetch", "sanitize", "geocode", "dedupe", "load"]
    /// Tools beside the pipeline, timed on fetch's output (found like the stages).
    static let tools = ["stats"]

    /// Peers and how to install them.
    static let peerInstall: [(name: String, install: String)] = [
        ("jq", "apt-get install jq"),
        ("sqlite-utils", "pip install sqlite-utils"),
        ("usaddress", "pip install usaddress"),
        ("splink", "pip install splink"),
        ("recordlinkage", "pip install recordlinkage"),
        ("mlr", "apt-get install miller"),
        ("csvstat", "pip install csvkit"),
    ]

    public init(options: BenchOptions) {
        self.options = options
        for stage in BenchPlan.pipelineOrder {
            if access(binary(stage), X_OK) == 0 {
                stages.append(stage)
            } else {
                skipped.append("sluice-\(stage): skipped: not found in \(options.binDirectory) (not built on this branch yet)")
            }
        }
        for tool in BenchPlan.tools where options.includes(tool) {
            if access(binary(tool), X_OK) == 0 {
                tools.append(tool)
            } else {
                skipped.append("sluice-\(tool): skipped: not found in \(options.binDirectory) (not built on this branch yet)")
            }
        }
        if stages.contains("geocode"), access(options.gazetteer, R_OK) != 0 {
            stages.removeAll { $0 == "geocode" }
            skipped.append("sluice-geocode: skipped: no gazetteer at \(options.gazetteer) (--gazetteer FILE)")
        }
        for (name, install) in BenchPlan.peerInstall {
            if BenchPlan.isInstalled(name) {
                peers.insert(name)
            } else {
                skipped.append("\(name): skipped: install with `\(install)`")
            }
        }
    }

    public func binary(_ stage: String) -> String { "\(options.binDirectory)/sluice-\(stage)" }

    /// A command-line tool on PATH, or a Python module python3 can import.
    static func isInstalled(_ peer: String) -> Bool {
        switch peer {
        case "jq", "sqlite-utils", "mlr", "csvstat": return ChildProcess.which(peer) != nil
        default:
            guard ChildProcess.which("python3") != nil else { return false }
            let result = try? ChildProcess.run([["python3", "-c", "import \(peer)"]], stdin: nil, stdout: "/dev/null", stderr: "/dev/null")
            return result != nil
        }
    }

    /// Dedupe as the pipeline runs it on sanitized, geocoded records: exact, on the
    /// address key, marking (what the wide load row and the exact pipeline row use).
    static let exactDedupeArguments = ["--key", AddressFields.member + "." + AddressFields.key, "--mark", "--quiet"]

    /// The arguments each Sluice stage runs with, alone and in the pipeline.
    func arguments(_ stage: String, database: String) -> [String] {
        switch stage {
        case "fetch": return ["--format", "ndjson", "--quiet"]
        case "sanitize": return ["--field", "locations", "--city", "San Francisco", "--state", "CA", "--quiet"]
        case "geocode":
            return ["--gazetteer", options.gazetteer, "--quiet"] + (stages.contains("sanitize") ? [] : ["--field", "locations"])
        case "dedupe": return options.dedupeArguments + ["--quiet"]
        default: return [database, "--table", "films", "--pk", "provenance_source,provenance_row", "--quiet"]
        }
    }
}
