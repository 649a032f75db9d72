/// The quantiles of a field's numbers, by nearest rank: the quantile q of n numbers is the one
/// of rank ⌈q·n⌉, always one of the numbers (p50 of 1, 2, 3, 4 is 2). Exact from the field's
/// counted values while they are counted exactly (each distinct number with its count), else
/// read from the `KLLSketch` the counts were poured into.
///
///     Quantiles.exact([(3, 1), (1, 1), (2, 2)], [(1, 2)])   // [2]: ranks 1, 2-3, 4 → rank 2
enum Quantiles {
    /// The sketch's size parameter: about 3 × 1,024 numbers held.
    static let sketchK = 1024

    /// p1, p50 and p99 as fractions.
    static let reported: [(name: String, numerator: Int, denominator: Int)] = [("p1", 1, 100), ("p50", 50, 100), ("p99", 99, 100)]

    /// ⌈numerator/denominator × count⌉, at least 1: the rank of a quantile.
    static func rank(numerator: Int, denominator: Int, of count: Int) -> Int {
        max(1, (numerator * count + denominator - 1) / denominator)
    }

    /// The quantiles of numbers given as (value, how many times), in any order; nil when none.
    static func exact(_ counted: [(value: Double, count: Int)], _ fractions: [(numerator: Int, denominator: Int)]) -> [Double?] {
        let total = counted.reduce(0) { $0 + $1.count }
        guard total > 0 else { return fractions.map { _ in nil } }
        let sorted = counted.sorted { $0.value < $1.value }
        return fractions.map { fraction in
            let target = rank(numerator: fraction.numerator, denominator: fraction.denominator, of: total)
            var seen = 0
            for item in sorted {
                seen += item.count
                if seen >= target { return item.value }
            }
            return sorted.last?.value
        }
    }
}
