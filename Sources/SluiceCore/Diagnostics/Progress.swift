#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress report on stderr (`records, MB, records/s`), redrawn at most four times
/// a second, and only when stderr is a terminal; silent otherwise, so logs stay clean. A stage
/// whose work goes on after its input is read names each later phase (`phase(_:count:of:unit:)`:
/// `sluice-dedupe: comparing: 41000000 pairs, 2310000 pairs/s`), so the line does not stand
/// still on the last record read through minutes of work.
public final class Progress {
    let stage: String
    let enabled: Bool
    let started: Double
    var lastDrawn: Double
    var calls = 0
    var drawn = false
    /// The phase being reported, and when it began (for its rate).
    var currentPhase: (name: String, started: Double)?

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

    /// Reports `count` of `unit` done in phase `name`, of `total` when known. Reads the clock
    /// at each call: call it per batch of work, not per item.
    public func phase(_ name: String, count: Int, of total: Int? = nil, unit: String) {
        guard enabled else { return }
        let now = Progress.now()
        if currentPhase?.name != name { currentPhase = (name, now) }
        guard now - lastDrawn >= 0.25, let phase = currentPhase else { return }
        lastDrawn = now
        drawn = true
        let line = Self.phaseLine(stage: stage, phase: name, count: count, of: total, unit: unit, seconds: now - phase.started)
        StandardError.write("\r\u{1B}[K" + line)
    }

    /// The text of a phase's line (see `phase(_:count:of:unit:)`).
    static func phaseLine(stage: String, phase: String, count: Int, of total: Int?, unit: String, seconds: Double) -> String {
        let rate = Int(Double(count) / max(seconds, 1e-9))
        return "\(stage): \(phase): \(count)\(total.map { " of \($0)" } ?? "") \(unit), \(rate) \(unit)/s"
    }

    /// Clears the progress line so the accounting line starts clean.
    public func finish() {
        if drawn { StandardError.write("\r\u{1B}[K") }
        drawn = false
    }
}
