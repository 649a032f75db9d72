/// The most frequent values of a field with too many distinct values to count them all, in
/// `capacity` counters (Misra–Gries, in the mergeable form of Agarwal et al., "Mergeable
/// summaries", 2012). When more than twice `capacity` values are held, the (capacity+1)-th
/// largest count is subtracted from every count and the values left at zero or below are
/// dropped. Each count is then under its value's true count by at most `undercount` (the sum of
/// what was subtracted), and `undercount` ≤ (values added − counts kept) / (capacity + 1):
/// a value more frequent than that is never lost.
///
///     var heavy = MisraGries(capacity: 2)
///     for word in ["a", "b", "a", "c", "a", "d", "b"] { heavy.add(kind: .string, bytes: Array(word.utf8)) }
///     heavy.top(1)   // "a", counted 3 - undercount or more
///
/// The result depends on the order of the adds, so callers add in input order.
/// - Complexity: O(length) per add, amortised O(log capacity) per distinct value for the
///   reductions; memory `capacity` × 2 counters with at most `storedBytes` of each value.
struct MisraGries {
    /// Longer strings are told apart by their hash and shown by their first bytes.
    static let storedBytes = 256

    let capacity: Int
    private(set) var table: ValueTable
    private(set) var undercount = 0

    init(capacity: Int) {
        self.capacity = capacity
        table = ValueTable(capacity: capacity * 2 + 1)
    }

    /// Adds `count` occurrences; `hash` is the value's hash over all of its bytes.
    mutating func add(kind: ValueKind, bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, count: Int) {
        let stored = kind == .string && bytes.count > MisraGries.storedBytes ? UnsafeBufferPointer(rebasing: bytes[..<MisraGries.storedBytes]) : bytes
        table.add(kind: kind, bytes: stored, hash: hash, count: count)
        if table.count > capacity * 2 { reduce() }
    }

    mutating func add(kind: ValueKind, bytes: [UInt8], count: Int = 1) {
        bytes.withUnsafeBufferPointer { add(kind: kind, bytes: $0, hash: ValueTable.hash(kind: kind, bytes: $0), count: count) }
    }

    /// Brings the counters down to `capacity`.
    mutating func reduce() {
        guard table.count > capacity else { return }
        let cut = table.entries.map(\.count).sorted(by: >)[capacity]
        undercount += cut
        table.filter { $0.count > cut ? $0.count - cut : nil }
    }

    /// The `n` largest counts, largest first; equal counts in the order their values came.
    func top(_ n: Int) -> [ValueTable.Entry] {
        ValueCounts.top(n, of: table.entries)
    }
}
