/// The counts every stage prints when it finishes, so that every record in is accounted for:
///
///     in + produced by splitting = out + rejected + merged
///
/// `sluice-sanitize: 2084 in, 2084 out, 0 rejected`
public struct Accounting: Sendable, Equatable {
    public var recordsIn = 0
    public var recordsOut = 0
    public var rejected = 0
    /// Extra records a stage emitted by splitting one record into several.
    public var split = 0
    /// Records folded into another one (dedupe's `--drop` and `--merge`), or applied to rows
    /// already loaded (dedupe's merge lines in `sluice-load`).
    public var merged = 0
    /// Blank lines skipped; they are not records, so they are outside the balance.
    public var blankLines = 0
    /// What the line calls the records out: `out`, or `summarized` for a stage that writes a
    /// summary of its records instead of the records.
    public var outLabel = "out"
    /// Stage-specific phrases appended to the line (`2084 inserted`).
    public var details: [String] = []

    public init() {}

    public var balances: Bool { recordsIn + split == recordsOut + rejected + merged }

    public var summary: String {
        var parts = ["\(recordsIn) in", "\(recordsOut) \(outLabel)", "\(rejected) rejected"]
        if split > 0 { parts.append("\(split) added by splitting") }
        if merged > 0 { parts.append("\(merged) merged") }
        if blankLines > 0 { parts.append("\(blankLines) blank \(blankLines == 1 ? "line" : "lines") skipped") }
        return (parts + details).joined(separator: ", ")
    }
}
