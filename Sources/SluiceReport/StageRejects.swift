import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A summary of one stage's `--rejects` file: how many lines were rejected for each reason, and
/// the first few as they stand in the file (shown escaped in the report).
///
///     {"stage":"load","source":"in.ndjson","line":3,"reason":"invalid_json","detail":"…","raw":"{\"a\":}"}
///     // StageRejects(stage: "load", reasons: ["invalid_json": 1], first: [in.ndjson:3 …])
struct StageRejects {
    struct Line {
        var location: String
        var reason: String
        var detail: String
        /// The rejected line (`raw`), or `raw_base64` marked as such, cut to `rawShown` characters.
        var raw: String
    }

    var path: String
    /// The `stage` the lines name (the first line's), else the file's name.
    var stage: String
    var reasons = Tally(capacity: 1000)
    var first: [Line] = []

    static let linesShown = 5
    static let rawShown = 300

    /// Reads a rejects file line by line. A line that is not a rejects object is a malformed
    /// auxiliary file: exit 65 with its file and line. A missing file exits 66.
    static func read(_ path: String) throws -> StageRejects {
        var summary = StageRejects(path: path, stage: StageLog.fileName(path))
        let (fd, _) = try StageContext.openInput(path)
        defer { if fd != 0 { close(fd) } }
        let reader = LineReader(fd: fd, maxLineBytes: LineReader.defaultRetainLimit)
        while let line = try reader.nextLine() {
            if line.isBlank { continue }
            let value: JSONValue
            do {
                value = try JSONParser.parse(line.bytes)
            } catch {
                throw StageFailure.data(source: path, line: line.number, "not a rejects file: \(error)")
            }
            guard let reason = value["reason"]?.stringValue else {
                throw StageFailure.data(source: path, line: line.number, "not a rejects file: a line without a \"reason\"")
            }
            if summary.reasons.isEmpty, let stage = value["stage"]?.stringValue { summary.stage = stage }
            summary.reasons.add(reason)
            guard summary.first.count < linesShown else { continue }
            let source = value["source"]?.stringValue ?? "?"
            let location = value["line"].map { source + ":" + JSONWriter.string($0) } ?? source
            let raw = value["raw"]?.stringValue ?? value["raw_base64"]?.stringValue.map { "(not UTF-8, base64) " + $0 } ?? ""
            summary.first.append(
                Line(location: location, reason: reason, detail: value["detail"]?.stringValue ?? "", raw: HTML.clipped(raw, to: rawShown)))
        }
        return summary
    }
}
