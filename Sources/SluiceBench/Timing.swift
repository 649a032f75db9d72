/// The measured runs of one benchmark case: wall times and peak memory, with the median and
/// range the report shows, and per command of a pipeline its CPU time and peak memory.
///
///     let timing = Timing(seconds: [2.0, 1.0, 3.0], peakRSSBytes: [10, 30, 20])
///     timing.median   // 2.0
///     timing.peakRSSBytes   // 30
///
///     // two runs of `a | b`: per run, per command
///     let piped = Timing(seconds: [2.0, 2.2], commandCPU: [[1.0, 1.5], [1.2, 1.7]], commandPeaks: [[10, 40], [12, 40]])
///     piped.commands[1]   // CPU median 1.6 s, peak 40 bytes
public struct Timing: Sendable {
    /// Wall seconds of each measured run (the warm-up is not included).
    public var seconds: [Double]
    /// The largest peak resident set of any command in any run, in bytes.
    public var peakRSSBytes: Int
    /// Each command of the case (one, or each stage of a pipeline), in order; empty when not measured per command.
    public var commands: [Command] = []

    /// One command across the runs: the median of its CPU seconds (user + system) and the
    /// largest of its peak resident sets.
    public struct Command: Sendable, Equatable {
        public var cpuSeconds: Double
        public var peakRSSBytes: Int
    }

    public init(seconds: [Double], peakRSSBytes: [Int]) {
        self.seconds = seconds
        self.peakRSSBytes = peakRSSBytes.max() ?? 0
    }

    /// Runs measured per command: `commandCPU[run][command]`, `commandPeaks[run][command]`.
    public init(seconds: [Double], commandCPU: [[Double]], commandPeaks: [[Int]]) {
        self.init(seconds: seconds, peakRSSBytes: commandPeaks.flatMap { $0 })
        let count = commandPeaks.map(\.count).min() ?? 0
        commands = (0..<count).map { command in
            Command(
                cpuSeconds: Timing.median(commandCPU.compactMap { command < $0.count ? $0[command] : nil }),
                peakRSSBytes: commandPeaks.map { $0[command] }.max() ?? 0)
        }
    }

    public var median: Double { Timing.median(seconds) }

    /// CPU seconds of every command together (median of each, summed).
    public var cpuSeconds: Double { commands.reduce(0) { $0 + $1.cpuSeconds } }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    public var min: Double { seconds.min() ?? 0 }
    public var max: Double { seconds.max() ?? 0 }
}
