/// The figures reported for one field path, worked out once from its `FieldStats` for both the
/// table and the JSON: presence, types, distinct and top values, numbers and string lengths,
/// each saying whether it is exact.
///
///     let report = FieldReport(path: "geo.precision", records: 2084, stats: stats, top: 10)
///     report.present   // 2084
///     report.top[0]    // (kind: .string, bytes: "address", count: 707)
struct FieldReport {
    struct TypeLine {
        var type: JSONType
        var count: Int
        var firstLines: [Int]
    }

    struct TopValue {
        var kind: ValueKind
        var bytes: [UInt8]
        var count: Int
    }

    struct Numbers {
        var count: Int
        var minimum: String
        var maximum: String
        var mean: Double?
        var standardDeviation: Double?
        /// p1, p50, p99.
        var percentiles: [Double?]
        var exact: Bool
    }

    struct Strings {
        var count: Int
        var minimumLength: Int
        var maximumLength: Int
        var meanLength: Double?
        var longestLines: [Int]
    }

    var path: String
    /// Records read in all.
    var records: Int
    /// Records holding the path.
    var present: Int
    /// Values at the path (more than `present` under arrays).
    var values: Int
    var nulls: Int
    var empty: Int
    var types: [TypeLine]
    /// Distinct strings, numbers and booleans (nil: the path held none).
    var distinct: Int?
    var distinctExact: Bool
    var top: [TopValue]
    var topExact: Bool
    /// How far below the truth a top count may be (0 when exact).
    var topUndercount: Int
    var numbers: Numbers?
    var strings: Strings?

    init(path: String, records: Int, stats: FieldStats, top count: Int) {
        let counts = stats.counts
        self.path = path
        self.records = records
        present = counts.records
        values = counts.values
        nulls = counts.types.count(.null)
        empty = counts.empty
        types = counts.types.ranked.map { TypeLine(type: $0.type, count: $0.count, firstLines: counts.types.firstLines($0.type)) }
        let scalars = stats.values.total
        distinct = scalars > 0 ? stats.values.distinct.count : nil
        distinctExact = stats.values.isExact
        let top = stats.values.top(count)
        // An estimated count no larger than its possible error says nothing: such values are
        // left out rather than listed as if they were frequent.
        self.top = top.values.filter { $0.count > top.undercount }.map { TopValue(kind: $0.kind, bytes: $0.bytes, count: $0.count) }
        // A summary that never had to drop a value still holds exact counts.
        topExact = stats.values.isExact || top.undercount == 0
        topUndercount = top.undercount
        if counts.numbers.count > 0 {
            let numbers = counts.numbers
            let quantiles = stats.values.quantiles(Quantiles.reported.map { ($0.numerator, $0.denominator) })
            self.numbers = Numbers(
                count: numbers.count, minimum: String(decoding: numbers.minimumText, as: UTF8.self),
                maximum: String(decoding: numbers.maximumText, as: UTF8.self), mean: numbers.mean,
                standardDeviation: numbers.standardDeviation,
                percentiles: quantiles.values, exact: quantiles.exact)
        }
        if counts.strings.count > 0 {
            let strings = counts.strings
            self.strings = Strings(
                count: strings.count, minimumLength: strings.minimum, maximumLength: strings.maximum, meanLength: strings.mean,
                longestLines: strings.longestLines)
        }
    }

    /// A double as JSON and the table write it: integers without a fraction (`2004`, not
    /// `2004.0`), others in the shortest form that reads back to the same double; nil when not
    /// finite.
    static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
