/// One command-line option as declared by a stage: its name, the placeholder of its value (nil
/// for a flag) and one line of help.
public struct OptionSpec: Sendable {
    public enum Arity: Sendable {
        case flag
        /// `--name VALUE` or `--name=VALUE`.
        case value(String)
        /// `--name` alone or `--name=VALUE` (never takes the next argument).
        case optionalValue(String)
    }

    public var name: String
    public var arity: Arity
    public var help: String

    public init(_ name: String, _ arity: Arity = .flag, _ help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }

    public static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name, .flag, help) }
    public static func value(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name, .value(placeholder), help)
    }

    /// `--threads N`, as every stage that has it says it: `work` is what runs on them
    /// (`parse`, `geocode`, `read`).
    public static func threads(_ work: String) -> OptionSpec {
        .value(
            "threads", "N",
            "\(work) on N threads (1-64; default $SLUICE_THREADS, else one per core up to 8, half of them between two pipes); the output is the same for any N"
        )
    }

    /// The left column in `--help`: `--rejects FILE`.
    var signature: String {
        switch arity {
        case .flag: "--\(name)"
        case .value(let placeholder): "--\(name) \(placeholder)"
        case .optionalValue(let placeholder): "--\(name)[=\(placeholder)]"
        }
    }

    /// Options every stage understands, handled by the shared entry point.
    public static let common: [OptionSpec] = [
        .value("rejects", "FILE", "write malformed records to FILE as NDJSON and keep going (default: stop at the first)"),
        .value("max-line-bytes", "N", "reject lines longer than N bytes (default 1048576)"),
        .flag("quiet", "do not print the accounting line or warnings"),
        .flag("help", "show this help"),
        .flag("version", "show the version"),
    ]

    /// Options every tool understands (`sluice-gazetteer`, `sluice-eval`, `sluice-bench`).
    public static let toolCommon: [OptionSpec] = [
        .flag("quiet", "do not print notes or warnings on stderr"),
        .flag("help", "show this help"),
        .flag("version", "show the version"),
    ]
}
