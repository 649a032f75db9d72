/// A named reason for rejecting a record, written in rejects files and asserted in tests.
/// Stages add their own (`extension RejectReason { static let missingKey = … }`).
public struct RejectReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The line is not JSON.
    public static let invalidJSON = RejectReason(rawValue: "invalid_json")
    /// The line holds bytes that are not UTF-8.
    public static let invalidUTF8 = RejectReason(rawValue: "invalid_utf8")
    /// The line is longer than `--max-line-bytes`.
    public static let lineTooLong = RejectReason(rawValue: "line_too_long")
    /// The line is JSON but not an object (`42`, `[1,2]`).
    public static let notAnObject = RejectReason(rawValue: "not_an_object")
    /// Arrays or objects nested too deeply.
    public static let tooDeep = RejectReason(rawValue: "too_deep")
    /// The input ends inside this line (no newline) and the line does not parse: it was cut.
    public static let truncatedLine = RejectReason(rawValue: "truncated_line")

    public var description: String {
        switch self {
        case .invalidJSON: "invalid JSON"
        case .invalidUTF8: "invalid UTF-8"
        case .lineTooLong: "line too long"
        case .notAnObject: "not an object"
        case .tooDeep: "nested too deeply"
        case .truncatedLine: "truncated line"
        default: rawValue.replacingUnderscores()
        }
    }

    /// The reasons every stage shares, for the REJECTS section of `--help`.
    public static let commonHelpText = """
          invalid_json    the line is not JSON          invalid_utf8   bytes that are not UTF-8
          line_too_long   longer than --max-line-bytes  not_an_object  JSON, but not an object
          too_deep        nested deeper than 256 levels
          truncated_line  the input ends inside an unfinished last line: it was cut short, so the stage
                          finishes, then exits 65 (sluice-load then commits nothing)
        """
}

extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
