/// How far apart two short names are, for the name a user probably meant:
///
///     EditDistance.closest(to: "releas_year", among: ["title", "release_year"])   // "release_year"
///
/// (SluiceDedupe's `StringSimilarity.levenshtein` is the fast one over field values; this one is
/// for the few names of a command line, in the core so every stage can suggest one.)
public enum EditDistance {
    /// Levenshtein's distance over Unicode scalars: insertions, deletions and substitutions of one.
    /// - Complexity: O(n·m).
    public static func between(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 0..<a.count {
            current[0] = i + 1
            for j in 0..<b.count {
                current[j + 1] = min(previous[j] + (a[i] == b[j] ? 0 : 1), previous[j + 1] + 1, current[j] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `name` ignoring ASCII case (the first of equals), when it is near
    /// enough to be a slip: at most a third of the name's length apart, and at least 2 allowed.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let wanted = name.lowercased()
        let limit = max(2, wanted.unicodeScalars.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = between(wanted, candidate.lowercased())
            if distance <= limit, distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.name
    }
}
