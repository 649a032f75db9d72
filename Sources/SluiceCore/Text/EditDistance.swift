/// Levenshtein distance (insertions, deletions and substitutions of cost 1), the one of every
/// stage: with an early stop for typo-tolerant names (the geocoder), in full on Unicode scalars
/// for similarity scores (dedupe's `lev`), and the closest of a list of names (suggestions for a
/// misspelt option or field).
public enum EditDistance {
    /// The edit distance between `a` and `b` when it is at most `limit`, else nil.
    ///
    ///     EditDistance.bounded("kearney", "kearny", limit: 1)   // 1
    public static func bounded(_ a: String, _ b: String, limit: Int) -> Int? {
        bounded(Array(a.utf8), Array(b.utf8), limit: limit)
    }

    /// The same on bytes, with its two rows on the stack (no allocation per call).
    public static func bounded(_ x: [UInt8], _ y: [UInt8], limit: Int) -> Int? {
        x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in dynamic(x, y, limit: limit) } }
    }

    /// The edit distance between two texts as Unicode scalars, in full.
    ///
    ///     EditDistance.distance("kitten" as scalars, "sitting" as scalars)   // 3
    ///
    /// - Complexity: O(n) for a shorter text of at most 64 ASCII scalars, else O(n·m).
    /// Any unsigned code units: dedupe's `lev` compares an ASCII text's UTF-8 bytes (its
    /// scalars) as they are stored; inlinable, so its caller gets a specialised copy.
    @inlinable
    public static func distance<Unit: FixedWidthInteger & UnsignedInteger>(_ a: UnsafeBufferPointer<Unit>, _ b: UnsafeBufferPointer<Unit>) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if let distance = bitParallel(a, b) { return distance }
        return dynamic(a, b, limit: Int.max) ?? Int.max
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

    /// The name of `names` nearest to `name`, for a "did you mean" after a misspelling: case
    /// ignored, at most a third of the longer name's letters edited (at least one, two for names
    /// of five letters or more, at most three), or two adjacent letters swapped. Ties go to the
    /// first listed. Failing that, the one name that begins with `name` (three letters or more).
    /// Nil when none is near or `name` is itself listed.
    ///
    ///     EditDistance.closest(to: "feild", among: ["field", "as", "city"])          // "field"
    ///     EditDistance.closest(to: "location", among: ["title", "locations"])       // "locations"
    ///     EditDistance.closest(to: "parsed", among: ["address", "parsed_address"])  // "parsed_address"
    ///
    /// - Complexity: O(k·n·m) for k names; meant for option and field names, not for data.
    public static func closest(to name: String, among names: [String]) -> String? {
        guard !name.isEmpty, !names.contains(name) else { return nil }
        let wanted = Array(name.lowercased().utf8)
        var best: (name: String, distance: Int)?
        for candidate in names where !candidate.isEmpty {
            let other = Array(candidate.lowercased().utf8)
            let longer = max(wanted.count, other.count)
            let limit = min(3, max(longer >= 5 ? 2 : 1, longer / 3))
            let found = isOneTransposition(wanted, other) ? 1 : bounded(wanted, other, limit: min(limit, (best?.distance ?? Int.max) - 1))
            if let found, found < (best?.distance ?? Int.max) { best = (candidate, found) }
        }
        if let best { return best.name }
        guard wanted.count >= 3 else { return nil }
        let extended = names.filter { $0.lowercased().utf8.starts(with: wanted) }
        return extended.count == 1 ? extended[0] : nil
    }

    /// The textbook dynamic programme, with its two rows on the stack; nil as soon as a whole
    /// row is over `limit` (`Int.max`: never).
    @usableFromInline
    static func dynamic<Element: Equatable>(_ x: UnsafeBufferPointer<Element>, _ y: UnsafeBufferPointer<Element>, limit: Int) -> Int? {
        if Swift.abs(x.count - y.count) > limit { return nil }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) <= limit ? max(x.count, y.count) : nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (y.count + 1)) { rows in
            var previous = UnsafeMutableBufferPointer(rebasing: rows[0...y.count])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(y.count + 1)...])
            for j in 0...y.count { previous[j] = j }
            for i in 1...x.count {
                current[0] = i
                var rowMinimum = i
                let element = x[i - 1]
                for j in 1...y.count {
                    let cost = element == y[j - 1] ? 0 : 1
                    current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    rowMinimum = Swift.min(rowMinimum, current[j])
                }
                if rowMinimum > limit { return nil }
                swap(&previous, &current)
            }
            return previous[y.count] <= limit ? previous[y.count] : nil
        }
    }

    /// Myers' bit-parallel edit distance (Hyyrö's formulation): one column of the dynamic
    /// programme per machine word, O(n) for a pattern of at most 64 ASCII scalars, which covers
    /// nearly every field value. Nil when the shorter text is empty, longer or not ASCII.
    @inlinable
    static func bitParallel<Unit: FixedWidthInteger & UnsignedInteger>(_ a: UnsafeBufferPointer<Unit>, _ b: UnsafeBufferPointer<Unit>) -> Int? {
        let (pattern, text) = a.count <= b.count ? (a, b) : (b, a)
        guard !pattern.isEmpty, pattern.count <= 64, !pattern.contains(where: { $0 >= 128 }) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { positions in
            positions.initialize(repeating: 0)
            for (index, scalar) in pattern.enumerated() { positions[Int(scalar)] |= 1 << UInt64(index) }
            let last: UInt64 = 1 << UInt64(pattern.count - 1)
            var plus = UInt64.max, minus: UInt64 = 0
            var distance = pattern.count
            for scalar in text {
                let equal = scalar < 128 ? positions[Int(scalar)] : 0
                let vertical = equal | minus
                let horizontal = (((equal & plus) &+ plus) ^ plus) | equal
                var horizontalPlus = minus | ~(horizontal | plus)
                var horizontalMinus = plus & horizontal
                if horizontalPlus & last != 0 { distance += 1 } else if horizontalMinus & last != 0 { distance -= 1 }
                horizontalPlus = (horizontalPlus << 1) | 1
                horizontalMinus <<= 1
                plus = horizontalMinus | ~(vertical | horizontalPlus)
                minus = horizontalPlus & vertical
            }
            return distance
        }
    }
}
