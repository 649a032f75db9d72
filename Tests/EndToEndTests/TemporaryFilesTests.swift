import Foundation
import Testing

/// Issue 32: a stage leaves nothing in `$TMPDIR` (nor beside its inputs and outputs) however
/// it ends: an error exit, SIGINT or SIGTERM while it reads, or a reader that goes away
/// (`| head`: EPIPE). Each run gets a fresh `TMPDIR`; while `sluice-dedupe` reads, its spool
/// is there (an open, already unlinked file of that folder), and afterwards the folder is empty.
@Suite(.serialized) struct TemporaryFilesTests {
    /// A stage as the tests run it: its arguments (`GAZ`, `DB` stand for files of the run's folder).
    struct Stage: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// Whether it spools its input to `$TMPDIR` (seen while it reads).
        var spools = false
        var testDescription: String { ([name] + arguments).joined(separator: " ") }
    }

    static let stages = [
        Stage(name: "sluice-fetch", arguments: ["--format", "ndjson"]),
        Stage(name: "sluice-sanitize", arguments: ["--field", "locations"]),
        Stage(name: "sluice-geocode", arguments: ["--gazetteer", "GAZ", "--field", "locations"]),
        Stage(name: "sluice-dedupe", arguments: ["--key", "locations"], spools: true),
        Stage(name: "sluice-dedupe", arguments: ["--compare", "title,locations:tokens", "--block", "locations:fingerprint"], spools: true),
        Stage(name: "sluice-load", arguments: ["DB", "--table", "films", "--pk", "id"]),
        Stage(name: "sluice-stats", arguments: []),
    ]

    static let record = #"{"id":1,"title":"Vertigo","locations":"Mason & California Streets"}"#

    /// A run's folders: a fresh `TMPDIR`, and the folder of its gazetteer and database.
    struct Run {
        let tmp: TemporaryDirectory
        let work: TemporaryDirectory

        init() throws {
            tmp = try TemporaryDirectory()
            work = try TemporaryDirectory()
            let gazetteer = Executable.packageRoot.appendingPathComponent("data/sf-gazetteer.csv")
            try FileManager.default.copyItem(at: gazetteer, to: work.file("gaz.csv"))
        }

        func arguments(_ stage: Stage) -> [String] {
            stage.arguments.map { $0 == "GAZ" ? work.file("gaz.csv").path : $0 == "DB" ? work.file("films.db").path : $0 }
        }

        /// What is left in `TMPDIR`, and beside the gazetteer and database (their own files
        /// aside: the input, the gazetteer's index, the database and SQLite's rollback journal, which a
        /// killed load leaves for the next open to roll back).
        func leftovers() throws -> [String] {
            let kept: Set<String> = ["gaz.csv", "gaz.csv.sluice-index", "films.db", "films.db-journal", "in.ndjson"]
            let inWork = try FileManager.default.contentsOfDirectory(atPath: work.url.path).filter { !kept.contains($0) }
            return try FileManager.default.contentsOfDirectory(atPath: tmp.url.path) + inWork
        }

        /// Starts `stage` with this run's TMPDIR, its stdin a pipe, stdout `output`; through a
        /// shell that clears the signal mask the test runner's children inherit (SIGTERM blocked).
        func start(_ stage: Stage, stdout output: FileHandle) throws -> (process: Process, input: Pipe) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            let command = [Executable(stage.name).url.path] + arguments(stage)
            process.arguments =
                [
                    "python3", "-c",
                    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                ] + command
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = tmp.url.path
            process.environment = environment
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (process, input)
        }
    }

    /// The files a process holds open in `folder`, as `/proc` names them (an unlinked one ends
    /// with ` (deleted)`).
    static func openFiles(of pid: Int32, in folder: URL) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
            .filter { $0.hasPrefix(folder.path + "/") }
    }

    /// Waits (up to 20 s) until `condition` holds.
    static func wait(_ condition: () -> Bool) -> Bool {
        for _ in 0..<400 {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    @Test(arguments: stages, [SIGINT, SIGTERM])
    func aSignalWhileReadingLeavesNothing(stage: Stage, signal: Int32) throws {
        let run = try Run()
        let started = try run.start(stage, stdout: FileHandle.nullDevice)
        let records = String(repeating: TemporaryFilesTests.record + "\n", count: 200)
        started.input.fileHandleForWriting.write(Data(records.utf8))
        // Reading: the spool is open in TMPDIR (already unlinked), or the records' first
        // batch has been taken from the pipe.
        if stage.spools {
            let spooled = TemporaryFilesTests.wait {
                TemporaryFilesTests.openFiles(of: started.process.processIdentifier, in: run.tmp.url).contains { $0.hasSuffix(" (deleted)") }
            }
            #expect(spooled, "\(stage.name): no unlinked spool open in TMPDIR")
        } else {
            usleep(500_000)
        }
        #expect(started.process.isRunning, "\(stage.name) ended before the signal")
        kill(started.process.processIdentifier, signal)
        started.process.waitUntilExit()
        #expect(started.process.terminationReason == .uncaughtSignal && started.process.terminationStatus == signal, "\(stage.name)")
        #expect(try run.leftovers() == [], "\(stage.testDescription)")
    }

    /// An error exit (a missing input file after stdin's records: 66) and a reader that has
    /// gone (stdout a pipe closed at its far end: a quiet stop).
    @Test(arguments: stages)
    func anErrorOrAGoneReaderLeavesNothing(stage: Stage) throws {
        let run = try Run()
        let input = run.work.file("in.ndjson")
        try Data(String(repeating: TemporaryFilesTests.record + "\n", count: 2000).utf8).write(to: input)
        let missing = try Executable(stage.name).run(
            run.arguments(stage) + [input.path, run.work.file("missing.ndjson").path], environment: ["TMPDIR": run.tmp.url.path])
        #expect(missing.status == 66, "\(stage.testDescription): \(missing.stderrText)")
        #expect(try run.leftovers() == [], "\(stage.testDescription), error exit")

        let output = Pipe()
        let started = try run.start(stage, stdout: output.fileHandleForWriting)
        try output.fileHandleForWriting.close()
        try output.fileHandleForReading.close()
        started.input.fileHandleForWriting.write(try Data(contentsOf: input))
        try started.input.fileHandleForWriting.close()
        started.process.waitUntilExit()
        #expect(started.process.terminationReason == .exit, "\(stage.testDescription): \(started.process.terminationStatus)")
        #expect(try run.leftovers() == [], "\(stage.testDescription), reader gone")
    }

    /// A file input is read a second time rather than spooled: nothing goes to `TMPDIR` (one that
    /// cannot be written is no obstacle), and the output is what the same records give through
    /// a pipe, which is spooled, blank lines and rejected lines between them included.
    @Test(arguments: stages.filter(\.spools))
    func aFileInputIsReadAgainNotSpooled(stage: Stage) throws {
        let run = try Run()
        let record = { (id: Int, title: String) in #"{"id":\#(id),"title":"\#(title)","locations":"Mason & California Streets"}"# }
        let first = run.work.file("in.ndjson"), second = run.work.file("more.ndjson")
        try Data((record(1, "Vertigo") + "\n\n{not json\n " + record(2, "Vertigo") + " \t\r\n" + record(3, "Bullitt") + "\n").utf8).write(to: first)
        try Data(("   \n" + record(4, "Bullit") + "\n[1]\n" + record(5, "Vertigo")).utf8).write(to: second)
        let fromFiles = try Executable(stage.name).run(
            run.arguments(stage) + ["--rejects", "/dev/null", first.path, second.path],
            environment: ["TMPDIR": run.tmp.url.appendingPathComponent("missing").path])
        #expect(fromFiles.status == 0, "\(stage.testDescription): \(fromFiles.stderrText)")
        #expect(fromFiles.stderrText.contains("7 in, 5 out, 2 rejected"), "\(fromFiles.stderrText)")

        let piped = run.work.file("piped.ndjson")
        FileManager.default.createFile(atPath: piped.path, contents: nil)
        let output = try FileHandle(forWritingTo: piped)
        let started = try run.start(Stage(name: stage.name, arguments: stage.arguments + ["--rejects", "/dev/null"]), stdout: output)
        started.input.fileHandleForWriting.write(try Data(contentsOf: first) + Data(contentsOf: second))
        try started.input.fileHandleForWriting.close()
        started.process.waitUntilExit()
        try output.close()
        #expect(started.process.terminationStatus == 0)
        #expect(fromFiles.stdoutText == (try String(contentsOf: piped, encoding: .utf8)))
        #expect(fromFiles.stdoutLines.count == 5)
        #expect(try run.leftovers().filter { $0 != "more.ndjson" && $0 != "piped.ndjson" } == [])
    }

    /// An input that stdout appends to (`>> input`) is not read twice, since the output changes
    /// it: it is spooled, and the file ends with its records and then the stage's (3 MB of
    /// them: more than the output's buffer, so output is written while the input would be
    /// read again).
    @Test func anInputTheOutputAppendsToIsSpooled() throws {
        let run = try Run()
        let input = run.work.file("in.ndjson")
        let records = (1...20_000).map { #"{"id":\#($0),"title":"Vertigo","locations":"Mason & California Streets"}"# + "\n" }.joined()
        try Data(records.utf8).write(to: input)
        let process = Process()
        process.executableURL = Executable("sluice-dedupe").url
        process.arguments = ["--key", "locations", "--quiet", input.path]
        let output = try FileHandle(forWritingTo: input)
        try output.seekToEnd()
        (process.standardOutput, process.standardError) = (output, FileHandle.nullDevice)
        try process.run()
        process.waitUntilExit()
        try output.close()
        #expect(process.terminationStatus == 0)
        let lines = try String(contentsOf: input, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 40_000 && lines[20_000].hasPrefix(#"{"id":1,"#) && lines[39_999].contains(#""dedupe":{"#))
    }
}
