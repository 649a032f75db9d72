import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one entry point of every `sluice-*` executable, stage or tool: parse, run, account,
/// exit. Only these functions exit, so exit codes have a single source of truth.
public enum Stage {
    public static let version = "0.1.0"

    public static func main<Command: StageCommand>(_ command: Command.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        // A closed pipe must surface as EPIPE on write (a quiet stop), not kill us; a file grown
        // past `ulimit -f` as EFBIG (an error naming it, a file being replaced left whole and its
        // temporary removed), not kill us with the temporary left beside it.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // Before any file is opened: a closed stdout's descriptor must not go to the rejects file.
        StandardStreams.secure()
        StandardStreams.widenPipes()
        let usage = Command.usage
        let name = usage.name
        do {
            let parsed = try ParsedArguments(arguments, options: usage.allOptions)
            if answeredHelpOrVersion(parsed, usage) { exit(ExitCode.ok.rawValue) }
            if parsed.has("describe-output") {
                try describeOutput(Command.output, parsed, name: name)
                exit(ExitCode.ok.rawValue)
            }
            try parsed.refuseOutputsOverInputs(usage, standardInput: true)
            if Command.writesRecords(parsed) {
                try parsed.refuseStandardOutputOverInputs(usage, standardInput: true, mayAppend: Command.readsInputsBeforeWriting(parsed))
            }
            var instance = try Command(arguments: parsed)
            if StandardStreams.outputWasClosed, Command.writesRecords(parsed) {
                // Writing nowhere would drop every record without a word.
                throw StageFailure(
                    .ioError, "<stdout>: error: standard output is closed (>&-): the records would be lost; send them to /dev/null to discard them")
            }
            let context = StageContext(
                stage: name,
                output: ByteSink(fd: 1),
                rejects: try Rejects(stage: name.hasPrefix("sluice-") ? String(name.dropFirst(7)) : name, path: parsed["rejects"]),
                maxLineBytes: try parsed.int("max-line-bytes", default: LineReader.defaultMaxLineBytes, range: 1...LineReader.defaultRetainLimit),
                quiet: parsed.has("quiet"),
                progress: Progress(stage: name))
            try run(&instance, in: context)
            for warning in context.namedFields.warnings { context.warn(warning) }
            if !context.quiet { Diagnostic.print(name, context.accounting.summary) }
            // An input cut short: what could be done is done and counted, but the run is not whole.
            if let failure = context.inputCutFailure { throw failure }
            exit(ExitCode.ok.rawValue)
        } catch {
            exit(report(error, name: name).rawValue)
        }
    }

    /// Runs a stage's command in `context` to its end: its records written and flushed, its
    /// rejects finished; on an error what was already processed is flushed, then it is thrown.
    /// `main` runs every stage through it, and so does the `Sluice` library (`StageRunner`), so a
    /// stage called from Swift does what its executable does.
    public static func run<Command: StageCommand>(_ instance: inout Command, in context: StageContext) throws {
        do {
            try instance.run(context)
            try context.output.flush()
            try context.rejects.finish()
        } catch {
            // Keep what was already processed visible, then report the error.
            try? context.output.flush()
            try? context.rejects.finish()
            context.progress.finish()
            throw error
        }
        context.progress.finish()
    }

    /// A tool (`ToolCommand`): the same parsing, help, errors and exit codes as a stage; what it
    /// writes to stdout is flushed at the end, or before its error is reported.
    public static func main<Tool: ToolCommand>(tool: Tool.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        exit(run(Tool.self, arguments).rawValue)
    }

    /// A tool of subcommands: `sluice-eval sanitize …` runs that subcommand as `main(tool:)`
    /// would; `--help` or `--version` before any lists them or names the version.
    public static func main(_ tools: Subcommands, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        if let first = arguments.first, !first.hasPrefix("-") {
            guard let chosen = tools.commands.first(where: { $0.name == first }) else {
                let names = tools.commands.map(\.name)
                let near = EditDistance.closest(to: first, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                let failure = StageFailure.usage("unknown subcommand '\(first)'\(near): expected one of \(names.joined(separator: ", "))")
                exit(report(failure, name: tools.name).rawValue)
            }
            exit(run(chosen.command, Array(arguments.dropFirst())).rawValue)
        }
        let usage = tools.usage
        do {
            let parsed = try ParsedArguments(arguments, options: usage.allOptions)
            if answeredHelpOrVersion(parsed, usage) { exit(ExitCode.ok.rawValue) }
            throw StageFailure.usage("expected a subcommand: \(tools.commands.map(\.name).joined(separator: ", "))")
        } catch {
            exit(report(error, name: tools.name).rawValue)
        }
    }

    static func run<Tool: ToolCommand>(_ tool: Tool.Type, _ arguments: [String]) -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        StandardStreams.secure()
        let usage = Tool.usage
        do {
            let parsed = try ParsedArguments(arguments, options: usage.allOptions)
            if answeredHelpOrVersion(parsed, usage) { return .ok }
            try parsed.refuseOutputsOverInputs(usage, standardInput: false)
            var instance = try Tool(arguments: parsed)
            let context = ToolContext(name: usage.executable, output: ByteSink(fd: 1), quiet: parsed.has("quiet"))
            do {
                try instance.run(context)
                try context.output.flush()
            } catch {
                try? context.output.flush()
                throw error
            }
            return .ok
        } catch {
            return report(error, name: usage.executable, command: usage.name)
        }
    }

    /// Prints the help or the version when asked for; true when it did.
    static func answeredHelpOrVersion(_ parsed: ParsedArguments, _ usage: Usage) -> Bool {
        if parsed.has("help") {
            print(usage.text, terminator: "")
            return true
        }
        if parsed.has("version") {
            print("\(usage.executable) \(version)")
            return true
        }
        return false
    }

    /// `--describe-output`: the stage's `OutputDescription` as one line of JSON, its member named
    /// as `--as` names it, so a program reading the output learns the name in use. Answered
    /// before the stage's own options are checked (a `--key` or `--field` is not needed).
    static func describeOutput(_ output: OutputDescription, _ parsed: ParsedArguments, name: String) throws(StageFailure) {
        var member: String?
        if let name = output.member { member = try ResultMember.name(in: parsed, default: name) }
        print(JSONWriter.string(output.json(stage: name, member: member)))
    }

    /// Reports an error the way every `sluice-*` executable does, and gives the exit status:
    /// a `StageFailure` prints its message (usage errors add the pointer to `--help`), a closed
    /// pipe is a quiet success, a failed read or write is an I/O error, anything else a bug.
    /// `command` is what the pointer to `--help` names (`sluice-eval sanitize`; default `name`).
    public static func report(_ error: any Error, name: String, command: String? = nil) -> ExitCode {
        switch error {
        case let failure as StageFailure:
            Diagnostic.print(name, failure.message)
            if failure.exitCode == .usage { StandardError.write("See '\(command ?? name) --help'.\n") }
            return failure.exitCode
        case is BrokenPipe:
            return .ok
        case let failure as IOFailure:
            Diagnostic.print(name, failure.message)
            return .ioError
        case let failure as CocoaError where failure.isFileError:
            // Foundation's file reading (the tools' labelled data and reports).
            let path = failure.filePath.map { "\($0): " } ?? ""
            let missing = failure.code == .fileReadNoSuchFile || failure.code == .fileNoSuchFile
            Diagnostic.print(name, path + (missing ? "cannot open: \(String(cString: strerror(ENOENT)))" : "error: \(failure.localizedDescription)"))
            return missing ? .noInput : .ioError
        default:
            Diagnostic.print(name, "internal error: \(error)")
            return .internalError
        }
    }
}
