/// How `sluice-bench run` is set up: sizes, runs, where the binaries and outputs are.
public struct BenchOptions: Sendable {
    public var sizes = [DataSize(records: 10_000), DataSize(records: 100_000), DataSize(records: 1_000_000)]
    /// Sizes at which the peers (jq, usaddress, sqlite-utils) run beside Sluice.
    public var peerSizes = [DataSize(records: 100_000)]
    /// The size on which dedupe peers run and F1 is scored.
    public var dedupeSize = DataSize(records: 100_000)
    public var runs = 5
    /// Runs of Splink and recordlinkage, which take a minute or more at 100k (one: no warm-up).
    public var dedupePeerRuns = 1
    /// Stop starting cases that would end past this many seconds from the start (nil: no limit):
    /// a case whose warm-up shows its runs would not fit is skipped and listed, never cut short.
    public var budgetSeconds: Double?
    public var seed: UInt64 = 20_260_401
    public var binDirectory = ".build/release"
    public var outDirectory = "build/bench"
    public var gazetteer = "data/sf-gazetteer.csv"
    /// The stages to time alone (default: all found); the pipeline runs unless excluded.
    public var only: Set<String>?
    /// Blocking on the location only: inside a title block "the same film" dominates the pairs
    /// and the unsupervised model learns it as the match (F1 0.05 on 10k, against 0.88 here).
    public var dedupeArguments = ["--compare", "title,locations:tokens,director,release_year:num", "--block", "locations:fingerprint"]

    public init() {}

    public var workDirectory: String { outDirectory + "/work" }

    func includes(_ stage: String) -> Bool { only.map { $0.contains(stage) } ?? true }
}
