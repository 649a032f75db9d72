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
    /// What the value names, when it is a path (`FileRole`): the entry point refuses an output
    /// that is also an input.
    public var file: FileRole?
    /// An input beside which the stage keeps a compiled index (`SidecarIndex.path(for:)`,
    /// `FILE.sluice-index`), written unless `--no-index` is given: that path is an output too.
    public var indexed = false

    public init(_ name: String, _ arity: Arity = .flag, _ help: String, file: FileRole? = nil, indexed: Bool = false) {
        self.name = name
        self.arity = arity
        self.help = help
        self.file = file
        self.indexed = indexed
    }

    public static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name, .flag, help) }
    public static func value(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name, .value(placeholder), help)
    }

    /// `--name FILE`, a file that is read.
    public static func input(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name, .value(placeholder), help, file: .input)
    }

    /// `--name FILE`, a file that is read, with a compiled index kept beside it that the stage
    /// writes (the gazetteer, `--against KNOWN`): the index is an output no other may name.
    public static func indexedInput(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name, .value(placeholder), help, file: .input, indexed: true)
    }

    /// `--name DIR`, a folder whose files are read.
    public static func inputFolder(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name, .value(placeholder), help, file: .inputFolder)
    }

    /// `--name FILE`, a file that is written.
    public static func output(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name, .value(placeholder), help, file: .output)
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
        .output("rejects", "FILE", "write malformed records to FILE as NDJSON and keep going (default: stop at the first)"),
        .value("max-line-bytes", "N", "reject lines longer than N bytes (default 1048576)"),
        .flag("quiet", "do not print the accounting line or warnings"),
        .flag("describe-output", "print the member this stage adds to records and its fields, as JSON, and exit"),
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
