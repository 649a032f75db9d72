/// What is counted of one field path in a part of the input (a batch, on a worker) and merged
/// into the whole: presence, types, empties, string lengths and number statistics.
struct FieldCounts {
    /// Records holding the path at least once (a path under an array can hold several values).
    var records = 0
    /// Values that are `""`, `[]` or `{}`.
    var empty = 0
    var types = TypeCounts()
    var strings = StringLengths()
    var numbers = NumberStats()

    /// Values at the path, of every type.
    var values: Int { types.total }

    /// Adds another part's counts, which came after this part's.
    mutating func merge(_ other: FieldCounts) {
        records += other.records
        empty += other.empty
        types.merge(other.types)
        strings.merge(other.strings)
        numbers.merge(other.numbers)
    }

    mutating func removeAll() {
        records = 0
        empty = 0
        types.removeAll()
        strings.removeAll()
        numbers.removeAll()
    }
}

/// Everything known of one field path over the whole input: its counts, and its distinct and
/// most frequent values and numbers' quantiles, within the limit of `StatsLimits`.
///
///     var field = FieldStats(limits: StatsLimits(exactValues: 16_384))
///     field.counts.merge(batchCounts)                                  // once per batch, in input order
///     field.values.add(kind: .string, bytes: …, hash: …, count: 3)    // each distinct value of the batch
///
/// - Complexity: memory bounded by the limit (unbounded with `--exact`).
struct FieldStats {
    var counts = FieldCounts()
    var values: ValueCounts

    init(limits: StatsLimits) {
        values = ValueCounts(limit: limits.exactValues)
    }

    /// The bytes held by the values (the counts take a few hundred).
    var memoryBytes: Int { values.memoryBytes }
}

/// How much each field may hold exactly before sketches take over; nil: no limit (`--exact`).
struct StatsLimits: Sendable {
    static let defaultExactValues = 16_384

    var exactValues: Int?
}
