/// The exit statuses every stage uses (from BSD's sysexits, as documented in each `--help`).
public enum ExitCode: Int32, Sendable, CaseIterable {
    case ok = 0
    /// Bad command line: unknown option, missing value.
    case usage = 64
    /// Malformed input: a bad record without `--rejects`, or a bad auxiliary file.
    case dataError = 65
    /// An input file (or URL) does not exist.
    case noInput = 66
    /// A remote source could not be reached or answered with an error.
    case unavailable = 69
    /// A bug in Sluice.
    case internalError = 70
    /// Reading or writing failed (disk full, permission, database error).
    case ioError = 74

    /// What the status means, for the EXIT STATUS table of every `--help`.
    public var meaning: String {
        switch self {
        case .ok: "success (also when the reader of stdout closes early, as `| head` does)"
        case .usage: "usage error: unknown option, missing or bad option value"
        case .dataError:
            "data error: a malformed record (without --rejects), an input cut short in mid-line, or a malformed auxiliary file"
        case .noInput: "an input file or URL does not exist"
        case .unavailable: "a remote source is unreachable or answered with an error"
        case .internalError: "internal error (a bug: please report it)"
        case .ioError: "I/O error: reading, writing or the database failed, or stdout is closed (>&-)"
        }
    }

    /// The EXIT STATUS section shared by every `--help`.
    public static var helpText: String { Usage.definitions(allCases.map { ("\($0.rawValue)", $0.meaning) }) }
}

/// An error that stops a stage: the message printed after `sluice-<stage>: ` and the exit code.
public struct StageFailure: Error, Sendable, CustomStringConvertible {
    public var exitCode: ExitCode
    public var message: String

    public init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    /// A malformed record or file, located compiler-style: `file:line: error: reason`.
    public static func data(source: String, line: Int?, _ reason: String) -> StageFailure {
        StageFailure(.dataError, Diagnostic.location(source, line) + "error: " + reason)
    }

    public static func usage(_ message: String) -> StageFailure { StageFailure(.usage, message) }

    public var description: String { message }
}

/// The reader of our stdout went away (`| head`): stop quietly and successfully.
public struct BrokenPipe: Error {}

/// Writes diagnostics in the one format all stages share: `sluice-<stage>: <file>:<line>: …`.
public enum Diagnostic {
    /// `file:12: ` (or `file: ` without a line); the prefix of a located message.
    public static func location(_ source: String, _ line: Int?) -> String {
        line.map { "\(source):\($0): " } ?? "\(source): "
    }

    /// Messages quote data (values, field and file names): its control characters are shown
    /// escaped, never sent to the terminal (`TerminalText`).
    public static func print(_ stage: String, _ message: String) {
        StandardError.write("\(stage): \(TerminalText.escaped(message))\n")
    }

    public static func warning(_ stage: String, _ message: String) {
        print(stage, "warning: " + message)
    }
}
