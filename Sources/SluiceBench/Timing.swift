/// The measured runs of one benchmark case: wall times and peak memory, with the median and
/// range the report shows.
///
///     let timing = Timing(seconds: [2.0, 1.0, 3.0], peakRSSBytes: [10, 30, 20])
///     timing.median   // 2.0
///     timing.peakRSSBytes   // 30
public struct Timing: Sendable {
    /// Wall seconds of each measured run (the warm-up is not included).
    public var seconds: [Double]
    /// The largest peak resident set of any command in any run, in bytes.
    public var peakRSSBytes: Int

    public init(seconds: [Double], peakRSSBytes: [Int]) {
        self.seconds = seconds
        self.peakRSSBytes = peakRSSBytes.max() ?? 0
    }

    public var median: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    public var min: Double { seconds.min() ?? 0 }
    public var max: Double { seconds.max() ?? 0 }
}
