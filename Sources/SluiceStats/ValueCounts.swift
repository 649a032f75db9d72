import SluiceCore

/// How many distinct values one field has, which are the most frequent, and the quantiles of
/// its numbers: counted exactly while the field has at most `limit` distinct values (taking at
/// most `limit` × 256 bytes), then estimated — the distinct count by a `HyperLogLog` (±0.81%,
/// one standard error), the most frequent by a `MisraGries` summary of 1,024 counters whose
/// counts are low by at most a stated amount, the quantiles by a `KLLSketch`. Without a limit
/// (`--exact`) the table grows with the field.
///
///     var counts = ValueCounts(limit: 2)
///     for word in ["a", "b", "a"] { counts.add(kind: .string, bytes: Array(word.utf8)) }
///     counts.distinct   // (2, exact: true)
///     counts.add(kind: .string, bytes: Array("c".utf8))
///     counts.distinct   // (3, exact: false): an estimate from here on
///
/// - Complexity: O(length) per value; memory bounded by the limit and the sketches.
struct ValueCounts {
    /// Counters of the Misra–Gries summary once exact counting stops.
    static let heavyCapacity = 1024
    /// Bytes of value text allowed per distinct value in the exact table, on average.
    static let bytesPerValue = 256

    /// The most distinct values counted exactly; nil: no limit.
    let limit: Int?
    private(set) var exact: ValueTable? = ValueTable()
    private(set) var distinctSketch: HyperLogLog?
    private(set) var heavy: MisraGries?
    private(set) var numberSketch: KLLSketch?
    /// Values added, repeats included.
    private(set) var total = 0

    init(limit: Int?) {
        self.limit = limit
    }

    var isExact: Bool { exact != nil }

    mutating func add(kind: ValueKind, bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, count: Int) {
        total += count
        if exact?.add(kind: kind, bytes: bytes, hash: hash, count: count) != nil {
            if let limit, let table = exact, table.count > limit || table.byteCount > limit * ValueCounts.bytesPerValue { startEstimating() }
            return
        }
        distinctSketch?.add(hash: hash)
        heavy?.add(kind: kind, bytes: bytes, hash: hash, count: count)
        if kind == .number { numberSketch?.add(NumberText.double(bytes), weight: count) }
    }

    mutating func add(kind: ValueKind, bytes: [UInt8], count: Int = 1) {
        bytes.withUnsafeBufferPointer { add(kind: kind, bytes: $0, hash: ValueTable.hash(kind: kind, bytes: $0), count: count) }
    }

    /// Moves what the exact table counted into the sketches, in the table's order.
    private mutating func startEstimating() {
        guard let table = exact else { return }
        exact = nil
        var sketch = HyperLogLog()
        var summary = MisraGries(capacity: ValueCounts.heavyCapacity)
        var numbers = KLLSketch(k: Quantiles.sketchK)
        table.arena.withUnsafeBufferPointer { arena in
            for entry in table.entries {
                sketch.add(hash: entry.hash)
                let bytes = UnsafeBufferPointer(rebasing: arena[entry.offset..<(entry.offset + Int(entry.length))])
                summary.add(kind: entry.kind, bytes: bytes, hash: entry.hash, count: entry.count)
                if entry.kind == .number { numbers.add(NumberText.double(bytes), weight: entry.count) }
            }
        }
        distinctSketch = sketch
        heavy = summary
        numberSketch = numbers
    }

    /// The number of distinct values, and whether it is exact.
    var distinct: (count: Int, exact: Bool) {
        if let exact { return (exact.count, true) }
        return (Int((distinctSketch?.estimate ?? 0).rounded()), false)
    }

    /// The most frequent values, most frequent first (equal counts: first seen first), their
    /// bytes, and how much each count may be under the truth (0 when exact).
    func top(_ n: Int) -> (values: [(kind: ValueKind, bytes: [UInt8], count: Int)], undercount: Int) {
        if let exact {
            return (ValueCounts.top(n, of: exact.entries).map { ($0.kind, Array(exact.bytes(of: $0)), $0.count) }, 0)
        }
        guard let heavy else { return ([], 0) }
        return (heavy.top(n).map { ($0.kind, Array(heavy.table.bytes(of: $0)), $0.count) }, heavy.undercount)
    }

    /// The quantiles of the field's numbers (nil: none), and whether they are exact.
    func quantiles(_ fractions: [(numerator: Int, denominator: Int)]) -> (values: [Double?], exact: Bool) {
        if let exact {
            let numbers = exact.entries.filter { $0.kind == .number }.map { entry in
                (value: Array(exact.bytes(of: entry)).withUnsafeBufferPointer(NumberText.double), count: entry.count)
            }
            return (Quantiles.exact(numbers, fractions), true)
        }
        return (numberSketch?.quantiles(fractions) ?? fractions.map { _ in nil }, false)
    }

    /// The bytes held: the exact table, or the sketches.
    var memoryBytes: Int {
        if let exact { return exact.memoryBytes }
        return HyperLogLog.registerCount + (heavy?.table.memoryBytes ?? 0) + (numberSketch?.heldCount ?? 0) * 8
    }

    /// The `n` entries with the largest counts, largest first, ties in entry order.
    static func top(_ n: Int, of entries: [ValueTable.Entry]) -> [ValueTable.Entry] {
        guard n > 0 else { return [] }
        let order = entries.indices.sorted { entries[$0].count != entries[$1].count ? entries[$0].count > entries[$1].count : $0 < $1 }
        return order.prefix(n).map { entries[$0] }
    }
}
