#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress report on stderr (`records, MB, records/s`), redrawn at most four times
/// a second, and only when stderr is a terminal; silent otherwise, so logs stay clean.
public final class Progress {
    let stage: String
    let enabled: Bool
    let started: Double
    var lastDrawn: Double
    var calls = 0
    var drawn = false

    public init(stage: String, enabled: Bool = StandardError.isInteractiveTerminal) {
        self.stage = stage
        self.enabled = enabled
        started = Progress.now()
        lastDrawn = started
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Cheap enough to call per record: the clock is read once every 1,024 calls.
    @inline(__always)
    public func update(records: Int, bytes: Int) {
        guard enabled else { return }
        calls &+= 1
        guard calls & 1023 == 0 else { return }
        let now = Progress.now()
        guard now - lastDrawn >= 0.25 else { return }
        lastDrawn = now
        drawn = true
        let elapsed = max(now - started, 1e-9)
        let megabytes = Double(bytes) / 1_048_576
        let line = "\(stage): \(records) records, \(Int(megabytes)) MB, \(Int(Double(records) / elapsed)) records/s"
        StandardError.write("\r\u{1B}[K" + line)
    }

    /// Clears the progress line so the accounting line starts clean.
    public func finish() {
        if drawn { StandardError.write("\r\u{1B}[K") }
        drawn = false
    }
}
