import Foundation
import SluiceCore

/// A folder in the temporary directory for one test's files, removed when released.
public final class ScratchDirectory {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A stage's command run in this process as `Stage.main` runs it (`Stage.run`), on input written to a file:
/// what it wrote, its rejects and its counts. A failure (`StageFailure`) is thrown.
///
///     let run = try StageRun(SanitizeCommand.self, ["--field", "locations"], input: #"{"locations":"Pier 39"}"#)
///     run.lines   // [#"{"locations":"Pier 39","address":{…}}"#]
public struct StageRun {
    public var output: String
    public var rejects: String
    public var accounting: Accounting

    public var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// - Parameters:
    ///   - input: the lines, each ended with a newline; the input file is the last argument.
    ///   - scratch: where the files go (a new folder when nil); keep it to read what the stage wrote.
    ///   - keepRejects: with `--rejects` (else the first bad record stops the stage).
    public init<Command: StageCommand>(
        _ command: Command.Type, _ arguments: [String], input: [UInt8], in scratch: ScratchDirectory? = nil, keepRejects: Bool = false
    ) throws {
        let scratch = try scratch ?? ScratchDirectory()
        let (inputPath, outputPath, rejectsPath) = (scratch.file("in.ndjson"), scratch.file("out.ndjson"), scratch.file("rejects.ndjson"))
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        var instance = try Command(arguments: ParsedArguments(arguments + [inputPath], options: Command.usage.allOptions))
        let name = Command.usage.name
        let context = StageContext(
            stage: name, output: try ByteSink(path: outputPath),
            rejects: try Rejects(stage: String(name.dropFirst("sluice-".count)), path: keepRejects ? rejectsPath : nil),
            maxLineBytes: 1 << 20, quiet: true, progress: Progress(stage: name, enabled: false))
        try Stage.run(&instance, in: context)
        output = try String(contentsOfFile: outputPath, encoding: .utf8)
        rejects = keepRejects ? try String(contentsOfFile: rejectsPath, encoding: .utf8) : ""
        accounting = context.accounting
    }

    /// The same with the input as text.
    public init<Command: StageCommand>(
        _ command: Command.Type, _ arguments: [String], input: String, in scratch: ScratchDirectory? = nil, keepRejects: Bool = false
    ) throws {
        try self.init(command, arguments, input: Array(input.utf8), in: scratch, keepRejects: keepRejects)
    }
}
