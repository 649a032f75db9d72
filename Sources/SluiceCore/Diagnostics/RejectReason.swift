/// A named reason for rejecting a record: the name written in rejects files and asserted in
/// tests, and what it means, from which every stage's REJECTS table in `--help` is written.
/// The reasons every stage shares are defined here; a stage defines its own beside its command
/// (`extension RejectReason { static let missingKey = RejectReason("missing_key", …) }`) and
/// lists them in its `Usage`.
public struct RejectReason: Hashable, Sendable, CustomStringConvertible {
    /// The name in rejects files: `invalid_json`.
    public let rawValue: String
    /// What it means, for the REJECTS table of `--help`.
    public let meaning: String
    /// How messages name it: `invalid JSON`.
    public let description: String

    /// - Parameter label: how messages name it (default: the name with spaces for underscores).
    public init(_ rawValue: String, _ meaning: String, label: String? = nil) {
        self.rawValue = rawValue
        self.meaning = meaning
        description = label ?? String(rawValue.map { $0 == "_" ? " " : $0 })
    }

    public static func == (a: RejectReason, b: RejectReason) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public static let invalidJSON = RejectReason("invalid_json", "the line is not JSON", label: "invalid JSON")
    public static let invalidUTF8 = RejectReason("invalid_utf8", "bytes that are not UTF-8", label: "invalid UTF-8")
    public static let lineTooLong = RejectReason("line_too_long", "longer than --max-line-bytes")
    /// The line is JSON but not an object (`42`, `[1,2]`).
    public static let notAnObject = RejectReason("not_an_object", "JSON, but not an object")
    public static let tooDeep = RejectReason("too_deep", "nested deeper than 256 levels", label: "nested too deeply")
    /// The input ends inside this line (no newline) and the line does not parse: it was cut.
    public static let truncatedLine = RejectReason(
        "truncated_line",
        "the input ends inside an unfinished last line: it was cut short, so the stage finishes, then exits 65 (sluice-load then commits nothing)")

    /// The reasons every stage shares, first in every REJECTS table.
    public static let common: [RejectReason] = [.invalidJSON, .invalidUTF8, .lineTooLong, .notAnObject, .tooDeep, .truncatedLine]
}
