extension Accounting {
    /// Reads back an accounting line as `summary` writes it, so that tools reading a stage's log
    /// (`sluice-report`) share the one definition of its wording.
    ///
    ///     Accounting.parse(line: "sluice-dedupe: 9 in, 7 out, 0 rejected, 2 merged, 5 clusters")
    ///     // ("sluice-dedupe", in 9, out 7, merged 2, details ["5 clusters"])
    ///
    /// Returns nil for any other line (a warning, an error, a progress line).
    public static func parse(line: some StringProtocol) -> (stage: String, accounting: Accounting)? {
        guard let colon = line.range(of: ": ") else { return nil }
        let stage = String(line[..<colon.lowerBound])
        guard !stage.isEmpty, !stage.contains(" "), let accounting = Accounting(summary: line[colon.upperBound...]) else { return nil }
        return (stage, accounting)
    }

    /// The counts of a `summary` text (`2084 in, 2084 out, 0 rejected, …`); nil when it does not
    /// start with the three counts every stage prints.
    public init?(summary: some StringProtocol) {
        self.init()
        var parts = summary.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }[...]
        // The records out are `out`, or what the stage calls them (`summarized`).
        guard let first = parts.popFirst(), let read = Self.count(first, label: "in"), let second = parts.popFirst(),
            let label = Self.outLabels.first(where: { Self.count(second, label: $0) != nil }), let written = Self.count(second, label: label),
            let third = parts.popFirst(), let rejected = Self.count(third, label: "rejected")
        else { return nil }
        (recordsIn, recordsOut, outLabel, self.rejected) = (read, written, label, rejected)
        // The optional counts come in `summary`'s order, before the stage's own phrases.
        if let count = parts.first.flatMap({ Self.count($0, label: "added by splitting") }) {
            split = count
            parts.removeFirst()
        }
        if let count = parts.first.flatMap({ Self.count($0, label: "merged") }) {
            merged = count
            parts.removeFirst()
        }
        if let part = parts.first, let count = Self.count(part, label: "blank line skipped") ?? Self.count(part, label: "blank lines skipped") {
            blankLines = count
            parts.removeFirst()
        }
        details = Array(parts)
    }

    /// The words `summary` may call the records out (`outLabel`).
    static let outLabels = ["out", "summarized"]

    /// `12` from `12 in` when the label is `in`.
    static func count(_ part: String, label: String) -> Int? {
        guard part.hasSuffix(" " + label) else { return nil }
        return Int(part.dropLast(label.count + 1))
    }
}
