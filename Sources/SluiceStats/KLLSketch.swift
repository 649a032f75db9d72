import SluiceCore

/// Quantiles of a stream of numbers in a few thousand doubles whatever its length (Karnin, Lang
/// and Liberty's KLL sketch, "Optimal quantile approximation in streams", 2016). Level `h` holds
/// numbers standing for 2^h each; a level over its capacity is sorted and every other number,
/// starting at a random one of the first two, moves up a level. Capacities shrink by 2/3 per
/// level below the top, so memory is about 3 × `k` numbers.
///
///     var sketch = KLLSketch(k: 1024)
///     for value in 0..<1_000_000 { sketch.add(Double(value)) }
///     sketch.quantiles([(1, 2)])   // [500,000 give or take a few hundred ranks]
///
/// The coin is a SplitMix64 with a fixed seed, so the same numbers added in the same order give
/// the same sketch. The rank error measured on the bench's 1M records is stated in `--help`.
/// - Complexity: amortised O(log k) per number; `quantile` sorts the ~3k numbers held.
struct KLLSketch {
    let k: Int
    private(set) var levels: [[Double]] = [[]]
    private(set) var count = 0
    private var held = 0
    private var capacityTotal: Int
    private var random = SplitMix64(seed: 0x4B4C_4C53)

    init(k: Int) {
        self.k = k
        capacityTotal = k
    }

    /// The most numbers level `level` may hold before it is compacted.
    func capacity(_ level: Int) -> Int {
        let depth = levels.count - 1 - level
        var capacity = Double(k)
        for _ in 0..<depth { capacity *= 2.0 / 3.0 }
        return max(2, Int(capacity.rounded(.up)))
    }

    mutating func add(_ value: Double) {
        levels[0].append(value)
        count += 1
        held += 1
        if held >= capacityTotal { compact() }
    }

    /// Adds `weight` copies of a number: one item on each level whose bit is set in `weight`
    /// (a level-h item stands for 2^h numbers), so a counted value costs O(log weight).
    mutating func add(_ value: Double, weight: Int) {
        guard weight > 1 else {
            if weight == 1 { add(value) }
            return
        }
        var rest = weight
        var level = 0
        while rest > 0 {
            if rest & 1 == 1 {
                while levels.count <= level { addLevel() }
                levels[level].append(value)
                held += 1
            }
            rest >>= 1
            level += 1
        }
        count += weight
        while held >= capacityTotal, compact() {}
    }

    private mutating func addLevel() {
        levels.append([])
        capacityTotal = levels.indices.reduce(0) { $0 + capacity($1) }
    }

    /// Compacts the lowest level that is full: sorted, half of it moves up a level. False when
    /// no level is full.
    @discardableResult
    private mutating func compact() -> Bool {
        guard let level = levels.indices.first(where: { levels[$0].count >= capacity($0) }) else { return false }
        if level + 1 == levels.count { addLevel() }
        var items = levels[level]
        items.sort()
        // An odd number leaves its first item behind, so every number moved up stands for two.
        let keepOne = items.count % 2 == 1
        let start = (keepOne ? 1 : 0) + Int(random.next() & 1)
        var promoted = 0
        for index in stride(from: start, to: items.count, by: 2) {
            levels[level + 1].append(items[index])
            promoted += 1
        }
        levels[level] = keepOne ? [items[0]] : []
        held -= items.count - (keepOne ? 1 : 0) - promoted
        return true
    }

    /// The smallest numbers whose estimated ranks reach ⌈numerator/denominator × count⌉.
    func quantiles(_ fractions: [(numerator: Int, denominator: Int)]) -> [Double?] {
        var weighted: [(value: Double, count: Int)] = []
        weighted.reserveCapacity(held)
        for (level, items) in levels.enumerated() {
            for value in items { weighted.append((value, 1 << level)) }
        }
        return Quantiles.exact(weighted, fractions)
    }

    /// The numbers held, for memory reports.
    var heldCount: Int { held }
}
