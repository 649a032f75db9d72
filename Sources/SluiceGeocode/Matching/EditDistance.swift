/// Levenshtein distance with an early stop, for typo-tolerant names.
public enum EditDistance {
    /// The edit distance between `a` and `b` when it is at most `limit`, else nil.
    ///
    ///     EditDistance.bounded("kearney", "kearny", limit: 1)   // 1
    public static func bounded(_ a: String, _ b: String, limit: Int) -> Int? {
        bounded(Array(a.utf8), Array(b.utf8), limit: limit)
    }

    /// The set of bytes a word holds, folded into 64 bits (`byte % 64`).
    public static func mask(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0) { $0 | (1 << UInt64($1 % 64)) }
    }

    /// False when two words cannot be within `limit` edits: one edit adds or removes at most
    /// two members of the byte set, so more differences rule the pair out without the table.
    public static func mayBeWithin(_ limit: Int, _ a: UInt64, _ b: UInt64) -> Bool {
        (a ^ b).nonzeroBitCount <= 2 * limit
    }

    /// True when `b` is `a` with two adjacent bytes swapped: `misison` / `mission`.
    ///
    ///     EditDistance.isOneTransposition(Array("misison".utf8), Array("mission".utf8))   // true
    public static func isOneTransposition(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count, let first = a.indices.first(where: { a[$0] != b[$0] }), first + 1 < a.count else { return false }
        return a[first] == b[first + 1] && a[first + 1] == b[first] && a[(first + 2)...] == b[(first + 2)...]
    }

    /// The same on bytes, with its two rows on the stack (no allocation per call).
    public static func bounded(_ x: [UInt8], _ y: [UInt8], limit: Int) -> Int? {
        if Swift.abs(x.count - y.count) > limit { return nil }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) <= limit ? max(x.count, y.count) : nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (y.count + 1)) { rows in
            var previous = UnsafeMutableBufferPointer(rebasing: rows[0...y.count])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(y.count + 1)...])
            for j in 0...y.count { previous[j] = j }
            for i in 1...x.count {
                current[0] = i
                var rowMinimum = i
                for j in 1...y.count {
                    let cost = x[i - 1] == y[j - 1] ? 0 : 1
                    current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    rowMinimum = Swift.min(rowMinimum, current[j])
                }
                if rowMinimum > limit { return nil }
                swap(&previous, &current)
            }
            return previous[y.count] <= limit ? previous[y.count] : nil
        }
    }
}
