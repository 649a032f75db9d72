/// The exact sum of doubles, kept as a few non-overlapping partial sums (Shewchuk's algorithm,
/// the one Python's `math.fsum` uses), so the mean of a field is its correctly rounded sum
/// divided by the count: the same double whatever the order of the values or the number of
/// threads, and the same as `math.fsum(values) / len(values)`.
///
///     var sum = ExactSum()
///     for value in [0.1, 0.2, 0.3] { sum.add(value) }
///     sum.value   // 0.6 (a running sum of doubles gives 0.6000000000000001)
///
/// - Complexity: O(partials) per value, and the partials are few (one for integers).
struct ExactSum: Sendable {
    private(set) var partials: [Double] = []
    /// Set when a value was infinite (a number too large for a double): the sum is then too.
    private var special: Double = 0

    @inline(__always)
    mutating func add(_ value: Double) {
        guard value.isFinite else {
            special += value
            return
        }
        var x = value
        var kept = 0
        let count = partials.count
        for index in 0..<count {
            var y = partials[index]
            if abs(x) < abs(y) { swap(&x, &y) }
            let high = x + y
            let low = y - (high - x)
            if low != 0 {
                partials[kept] = low
                kept += 1
            }
            x = high
        }
        // In place: the common case (integers, one partial) neither grows nor shrinks the array.
        if kept < count {
            partials[kept] = x
            if kept + 1 < count { partials.removeLast(count - kept - 1) }
        } else {
            partials.append(x)
        }
    }

    mutating func add(_ other: ExactSum) {
        for partial in other.partials { add(partial) }
        special += other.special
    }

    mutating func removeAll() {
        partials.removeAll(keepingCapacity: true)
        special = 0
    }

    /// The sum, correctly rounded (round half to even).
    var value: Double {
        if special != 0 || special.isNaN { return special }
        var index = partials.count
        guard index > 0 else { return 0 }
        index -= 1
        var high = partials[index]
        var low = 0.0
        while index > 0 {
            let x = high
            index -= 1
            let y = partials[index]
            high = x + y
            low = y - (high - x)
            if low != 0 { break }
        }
        // Halfway cases: the partials below decide which way to round.
        if index > 0, (low < 0 && partials[index - 1] < 0) || (low > 0 && partials[index - 1] > 0) {
            let y = low * 2
            let x = high + y
            if y == x - high { high = x }
        }
        return high
    }
}
