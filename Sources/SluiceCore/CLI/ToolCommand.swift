/// A command beside the stages, not an NDJSON stage: the gazetteer builder, the evaluations,
/// the benchmark. It has the stages' shape (usage text, options parsed into its properties,
/// `run`) and goes through the same entry point (`Stage.main(tool:)`), which handles help,
/// `--version`, errors and exit codes; it reads and writes what it likes, reports on stdout
/// and notes on stderr, and prints no accounting line.
public protocol ToolCommand: SendableMetatype {
    static var usage: Usage { get }
    /// Reads and checks the tool's options; a bad one throws a usage failure.
    init(arguments: ParsedArguments) throws(StageFailure)
    mutating func run(_ context: ToolContext) throws
}

/// What a running tool works with: stdout, and its name for notes on stderr.
public final class ToolContext {
    /// The name in messages: `sluice-eval`.
    public let name: String
    public let output: ByteSink
    public let quiet: Bool

    public init(name: String, output: ByteSink, quiet: Bool) {
        self.name = name
        self.output = output
        self.quiet = quiet
    }

    /// Writes lines of a report to stdout, each ended with a newline, at once (a long
    /// evaluation shows its tables as it goes).
    public func write(_ lines: [String]) throws {
        for line in lines {
            // Reports quote the data they read (texts, names): shown escaped, lines kept.
            output.append(TerminalText.escaped(line, keepingNewlines: true))
            output.buffer.append(0x0A)
        }
        try output.flush()
    }

    public func write(_ line: String) throws { try write([line]) }

    /// A note on stderr (`sluice-gazetteer: wrote 240112 rows …`), unless `--quiet`.
    public func note(_ message: String) {
        if !quiet { Diagnostic.print(name, message) }
    }

    public func warn(_ message: String) {
        if !quiet { Diagnostic.warning(name, message) }
    }
}

/// A tool made of subcommands (`sluice-eval sanitize`, `sluice-gazetteer build`): the first
/// argument names one, whose own usage (named `sluice-eval sanitize`) and options then apply.
public struct Subcommands: Sendable {
    public var name: String
    public var overview: String
    public var commands: [(name: String, command: any ToolCommand.Type)]

    public init(name: String, overview: String, _ commands: [(name: String, command: any ToolCommand.Type)]) {
        self.name = name
        self.overview = overview
        self.commands = commands
    }

    /// `sluice-eval --help`: every subcommand's synopsis and overview, in the commands' layout.
    public var usage: Usage {
        Usage.tool(
            name: name, overview: overview, synopsis: commands.flatMap { $0.command.usage.synopsis }, options: [],
            examples: commands.flatMap { $0.command.usage.examples.prefix(1) },
            memory: "as each subcommand says (\(name) SUBCOMMAND --help)",
            sections: [
                (
                    "SUBCOMMANDS",
                    Usage.definitions(commands.map { ($0.name, $0.command.usage.overview) })
                )
            ])
    }
}
