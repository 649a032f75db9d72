/// Counts of distinct strings with a bound on how many it keeps: beyond `capacity` distinct
/// values, new ones are only counted in `untallied`, so memory stays bounded whatever the input.
/// Each value keeps the first `note` it came with (a reason, a kind).
///
///     var tally = Tally(capacity: 2)
///     ["a", "b", "a", "c"].forEach { tally.add($0) }
///     tally.top(5)      // [("a", 2), ("b", 1)];  tally.untallied == 1 ("c")
struct Tally {
    struct Entry: Equatable {
        var value: String
        var count: Int
        var note: String?
    }

    let capacity: Int
    private var index: [String: Int] = [:]
    private(set) var entries: [Entry] = []
    /// Occurrences of values that came after the table was full.
    private(set) var untallied = 0
    private(set) var total = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func add(_ value: String, note: String? = nil, count: Int = 1) {
        total += count
        if let position = index[value] {
            entries[position].count += count
        } else if entries.count < capacity {
            index[value] = entries.count
            entries.append(Entry(value: value, count: count, note: note))
        } else {
            untallied += count
        }
    }

    /// Adds another tally's counts (merging places): its values, then what it could not keep.
    mutating func add(_ other: Tally) {
        for entry in other.entries { add(entry.value, note: entry.note, count: entry.count) }
        untallied += other.untallied
        total += other.untallied
    }

    var distinct: Int { entries.count }
    var isEmpty: Bool { total == 0 }

    /// The `limit` most frequent values, most first, ties by value: the same for any input order.
    func top(_ limit: Int) -> [Entry] {
        Array(entries.sorted { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }.prefix(limit))
    }

    /// How many times `value` was added (0 for a value never seen or not kept).
    func count(of value: String) -> Int { index[value].map { entries[$0].count } ?? 0 }
}
