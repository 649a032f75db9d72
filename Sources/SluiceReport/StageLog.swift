import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a stage said on stderr, read from the log `make pipeline` keeps of it: its accounting
/// line (the counts per stage) and its warnings.
///
///     sluice-geocode: 2084 in, 2084 out, 0 rejected, 707 address, … 216 none
///     // StageLog(stage: "sluice-geocode", accounting: in 2084, out 2084, …, warnings: [])
struct StageLog {
    var path: String
    /// The name before the accounting line's colon; the file's name when it has no such line.
    var stage: String
    /// The last accounting line in the log (a stage prints one, at the end).
    var accounting: Accounting?
    var warnings = 0
    var firstWarnings: [String] = []
    /// Other lines: errors, a stage's own report.
    var otherLines = 0

    static let warningsShown = 5

    /// Reads a log line by line (a log of many warnings is not held in memory). A missing file
    /// exits 66, as any missing input does.
    static func read(_ path: String) throws -> StageLog {
        var log = StageLog(path: path, stage: Self.fileName(path))
        let (fd, _) = try StageContext.openInput(path)
        defer { if fd != 0 { close(fd) } }
        let reader = LineReader(fd: fd, retainLimit: 1 << 16)
        while let line = try reader.nextLine() {
            let text = String(decoding: line.bytes, as: UTF8.self)
            if let parsed = Accounting.parse(line: text) {
                log.stage = parsed.stage
                log.accounting = parsed.accounting
            } else if text.contains(": warning: ") {
                log.warnings += 1
                if log.firstWarnings.count < warningsShown { log.firstWarnings.append(text) }
            } else if !line.isBlank {
                log.otherLines += 1
            }
        }
        return log
    }

    /// `03-geocoded.log` from `build/pipeline/03-geocoded.log`.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
