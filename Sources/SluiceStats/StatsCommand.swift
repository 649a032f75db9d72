import SluiceCore

/// `sluice-stats`: what every field path of an NDJSON file holds — presence, types, distinct and
/// most frequent values, numbers, string lengths — as a table for people or JSON for machines.
/// It reads records like every stage (rejects, accounting, `--threads`) and writes no records.
///
///     sluice-stats --fields address.kind,geo.precision build/pipeline/03-geocoded.ndjson
public struct StatsCommand: StageCommand, Sendable {
    /// What `make stats-error` measured on the bench's 1M records against `--exact` (with every
    /// field pushed through the sketches by `--exact-limit 64`), for the help and the notes.
    static let measured = (
        distinct: "within 0.71% on the bench's 1M records",
        rank: "at most 0.03% of the count on the bench's 1M records"
    )

    /// No records out (`--describe-output`): a summary.
    public static let output = OutputDescription(
        addsNothing: "writes no records: what every field holds, as a table, or as JSON with --json or --ndjson")

    public static let usage = Usage(
        name: "sluice-stats",
        overview: "what every field of NDJSON records holds: presence, types, distinct and top values, numbers, lengths",
        synopsis: ["sluice-stats [--fields PATH,...] [--top N] [--json | --ndjson] [--exact | --exact-limit N] [--threads N] [FILE ...]"],
        options: [
            .value("fields", "PATH,...", "report only these paths, in this order (address.kind; [] for array elements: address.alternatives[])"),
            .value("top", "N", "list the N most frequent values of each field (0-1000, default 10)"),
            .flag("json", "write one JSON document: {\"records\", \"rejected\", \"fields\": [one object per path]}"),
            .flag("ndjson", "write one JSON object per field path, one per line"),
            .flag("exact", "count every distinct value of every field: no estimates, memory grows with the input (MEMORY)"),
            .value("exact-limit", "N", "distinct values counted exactly per field before estimating (1-100000000, default 16384)"),
            .threads("read"),
        ],
        examples: [
            "sluice-stats build/pipeline/02-sanitized.ndjson",
            "sluice-stats --fields address.kind,geo.precision,geo.score build/pipeline/03-geocoded.ndjson",
            "sluice-stats --fields dedupe.size --top 5 build/pipeline/04-deduped.ndjson",
            "sluice-fetch --keys snake_case --infer-types data/Film_Locations_in_San_Francisco.csv | sluice-stats --ndjson | jq -c '{path, distinct}'",
            "sluice-stats --exact --json build/pipeline/01-fetched.ndjson > fetched-stats.json",
        ],
        memory: """
            bounded by the number of field paths, not by the input: per path at most --exact-limit distinct values
              (16,384 by default, with 256 bytes of text each on average: at most about 5 MB), then a 16 KiB HyperLogLog,
              a Misra-Gries summary of 1,024 to 2,048 values (strings kept to 256 bytes) and a KLL sketch of about 3,072
              numbers; plus one batch of input (about 1 MB) per thread. The bench's 1M records (17 paths): 26 MB, as at 100k.
              --exact keeps every distinct value of every path (its bytes + about 50): memory grows with the input.
              Sanitize's output of the bench's records: 32 MB at 1M and at 10M (release build, 2026-11-29).
            """,
        disk: "none: only its output.",
        sections: [
            (
                "OUTPUT",
                """
                  Paths: a top-level member is its key (title); nested members are dotted (address.kind); the
                  elements of an array are [] (address.alternatives[], then address.alternatives[].street).
                  The table (default) has four parts, fields in the order the input first shows them:
                    FIELDS   records holding the path (PRESENT, % of records), null, empty ("", [] or {}), the
                             types with counts and the first lines of each less frequent type, distinct values
                             (strings, numbers and booleans; "1" and 1 differ; numbers by their text)
                    NUMBERS  min and max as written, p1/p50/p99 (nearest rank), mean, sample standard deviation
                             (quantiles are exact while the field's values are counted exactly)
                    STRINGS  length in characters (Unicode scalars): min, mean, max; the lines of the longest
                    TOP VALUES  the --top most frequent values with counts and % of the path's values
                  Wide cells are cut with …; estimated figures start with ≈ and a note says how far off they
                  can be. Line numbers count on across several inputs, as if they were one.
                  --json and --ndjson give the same figures per path: path, records, present, values, null,
                  empty, types [{type, count, first_lines}], distinct, distinct_exact, top [{value, count}],
                  top_exact, top_undercount, number {count, min, max, mean, stddev, p1, p50, p99,
                  quantiles_exact}, string {count, min_length, max_length, mean_length, longest_lines}.
                  The accounting line on stderr says what was read: 2084 in, 2084 summarized, 0 rejected.
                """
            ),
            (
                "ESTIMATES (only past --exact-limit; below it every figure is exact)",
                """
                  distinct    HyperLogLog, 2^14 registers: ±0.81% (one standard error)
                  top values  Misra-Gries, 1,024 counters: each count is low by at most top_undercount, itself at
                              most (values − counts kept)/1,025; a value whose count does not exceed it is not listed
                  p1/p50/p99  KLL sketch, k = 1,024 (about 3,072 numbers held)
                  Measured on the bench's 1M records against --exact (`make stats-error`, also with every field
                  through the sketches): distinct counts within 0.71%; top-10 recall 1.00 wherever the top values
                  stand out from the bound (titles, at most 24 of 1M each, and row numbers list none); every count
                  within its bound; quantile rank error at most 0.03% of the count.
                  Counts, types, lengths, min, max and mean are always exact, and the same input gives the same
                  estimates on any number of threads.
                """
            ),
        ])

    let fields: [String]?
    let top: Int
    let format: Format
    let limits: StatsLimits
    let threads: Int
    let inputs: [String]

    enum Format { case table, json, ndjson }

    public init(arguments: ParsedArguments) throws(StageFailure) {
        let names = arguments.list("fields")
        fields = arguments.has("fields") ? names : nil
        if arguments.has("fields"), names.isEmpty { throw .usage("option '--fields' needs at least one path") }
        top = try arguments.int("top", default: 10, range: 0...1000)
        if arguments.has("json"), arguments.has("ndjson") { throw .usage("--json and --ndjson cannot be used together") }
        format = arguments.has("json") ? .json : arguments.has("ndjson") ? .ndjson : .table
        if arguments.has("exact"), arguments.has("exact-limit") { throw .usage("--exact and --exact-limit cannot be used together") }
        let limit = try arguments.int("exact-limit", default: StatsLimits.defaultExactValues, range: 1...100_000_000)
        limits = StatsLimits(exactValues: arguments.has("exact") ? nil : limit)
        threads = try StageContext.threads(arguments)
        inputs = arguments.positionals
    }

    public mutating func run(_ context: StageContext) throws {
        let selection = fields.map(Set.init)
        if limits.exactValues == nil {
            context.warn("--exact keeps every distinct value of every field (its bytes + about 50): memory grows with the input")
        }
        var collector = StatsCollector(limits: limits, selection: selection)
        var nextID = 0
        try context.summarize(
            inputs, threads: threads,
            makeSummarizer: {
                nextID += 1
                return StatsSummarizer(id: nextID - 1, selection: selection)
            },
            merge: { collector.merge(&$0) })
        var accounting = context.accounting
        accounting.outLabel = "summarized"
        accounting.recordsOut = accounting.recordsIn - accounting.rejected
        let reports = collector.reports(records: accounting.recordsOut, fields: fields, top: top)
        accounting.details.append("\(reports.count) field \(reports.count == 1 ? "path" : "paths")")
        if limits.exactValues == nil {
            accounting.details.append("--exact held \(collector.heldValues) distinct values in \(megabytes(collector.memoryBytes)) MB")
        }
        context.accounting = accounting
        switch format {
        case .table: context.output.append(StatsTable.render(reports, records: accounting.recordsOut, limits: limits))
        case .json: StatsJSON.writeJSON(reports, records: accounting.recordsOut, rejected: accounting.rejected, to: &context.output.buffer)
        case .ndjson: StatsJSON.writeNDJSON(reports, to: &context.output.buffer)
        }
    }

    func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
