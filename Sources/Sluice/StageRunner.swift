import Foundation
import SluiceCore

/// A stage run from Swift: its own command, parsed from the options its executable takes, run
/// by `Stage.run` (what `Stage.main` runs) over records in a temporary folder, quietly (no
/// progress, no warnings: a library does not write to stderr). The records are written to a
/// file and the stage's output read back from one, since the stages read and write files (and
/// dedupe reads its input twice); the folder is removed at the end.
enum StageRunner {
    /// The output lines (without their newlines) and the counts of `Command` run with
    /// `arguments` (the options of its `--help`) on `records`, given as the last input. The
    /// folder is handed to `arguments` for the files a stage reads besides (dedupe's model), and
    /// to `finish`, once the stage has ended, for the files it wrote besides.
    static func run<Command: StageCommand>(
        _ command: Command.Type, records: [String], arguments: (_ folder: URL) throws -> [String],
        finish: (_ folder: URL) throws -> Void = { _ in }
    ) throws -> (lines: [String], accounting: Accounting) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("records.ndjson").path
        let output = folder.appendingPathComponent("output.ndjson").path
        try write(records, to: input)
        let name = Command.usage.name
        let parsed = try ParsedArguments(try arguments(folder) + ["--", input], options: Command.usage.allOptions)
        var instance = try Command(arguments: parsed)
        let context = StageContext(
            stage: name, output: try ByteSink(path: output), rejects: try Rejects(stage: String(name.dropFirst("sluice-".count)), path: nil),
            maxLineBytes: LineReader.defaultMaxLineBytes, quiet: true, progress: Progress(stage: name, enabled: false))
        try Stage.run(&instance, in: context)
        if let failure = context.inputCutFailure { throw failure }
        try finish(folder)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return (text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), context.accounting)
    }

    /// The records as an NDJSON file; a record holding a line break would be read as two lines,
    /// so it is refused with its index.
    static func write(_ records: [String], to path: String) throws {
        var bytes: [UInt8] = []
        for (index, record) in records.enumerated() {
            if record.utf8.contains(0x0A) {
                throw StageFailure.data(
                    source: "records[\(index)]", line: nil, "a line break inside a record: give each record as one line of JSON")
            }
            bytes += record.utf8
            bytes.append(0x0A)
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw StageFailure(.ioError, "\(path): cannot write the records")
        }
    }
}
