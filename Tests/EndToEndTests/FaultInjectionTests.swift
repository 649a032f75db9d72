import Foundation
import Testing

@testable import SluiceLoad

/// The faults an operator meets — a full disk, a read-only directory, another writer, a stream
/// cut mid-line, a rejects file that cannot be written, a closed stdout, a kill between batches —
/// each done to a real run, then the database checked: the state before the run or the whole
/// new one (or, with `--batch-size`, whole batches), `PRAGMA integrity_check` ok, no stale
/// R*Tree, and a message saying what was and was not committed. The SIGKILL sweep over large
/// loads is `KillSweepTests` (`make faults`).
@Suite struct FaultInjectionTests {
    static let load = Executable("sluice-load")
    static let nothingCommitted = "nothing was committed: the database is as it was before the run"

    /// A database holding records 1...200 of a first load, and its fingerprint.
    static func baseDatabase(at url: URL, arguments: [String] = []) throws -> String {
        let input = try TemporaryFile()
        try FaultHarness.writeRecords(1...200, note: "v1", to: input.url)
        let result = try load.run([url.path, "--table", "films", "--spatial-index"] + arguments, stdin: input.url)
        #expect(result.status == 0, "\(result.stderrText)")
        return try FaultHarness.fingerprint(url.path)
    }

    static func input(_ range: ClosedRange<Int>, then tail: String = "") throws -> TemporaryFile {
        let file = try TemporaryFile()
        try FaultHarness.writeRecords(range, note: "v2", to: file.url)
        if !tail.isEmpty {
            let handle = try FileHandle(forWritingTo: file.url)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(tail.utf8))
            try handle.close()
        }
        return file
    }

    // MARK: the rejects file cannot be written

    /// Before: exit 74 naming no file, the load committed and its rejected line lost. Now the
    /// rejects are synced before the commit, and a failure rolls the load back.
    @Test func rejectsThatCannotBeWrittenRollTheLoadBack() throws {
        let tally = FaultTally("rejects file on a full device")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        let before = try FaultInjectionTests.baseDatabase(at: db, arguments: ["--pk", "id"])
        // The last record has no id: with --pk it is rejected, and its line must not be lost.
        let input = try FaultInjectionTests.input(100...300, then: #"{"title":"no key"}"# + "\n")
        let result = try FaultInjectionTests.load.run(
            [db.path, "--table", "films", "--spatial-index", "--pk", "id", "--rejects", "/dev/full"], stdin: input.url)
        #expect(result.status == 74)
        #expect(
            result.stderrText == "sluice-load: /dev/full: error: write failed: No space left on device; \(FaultInjectionTests.nothingCommitted)\n")
        try tally.check(db.path, allowed: [before], "rejects on /dev/full")
    }

    /// With `--batch-size`, the batches before the one with the reject stay committed (their
    /// rejects, none, are on disk), and the message and `_sluice_runs` say how many.
    @Test func rejectsThatCannotBeWrittenStopABatchedLoad() throws {
        let tally = FaultTally("rejects file on a full device, --batch-size")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        _ = try FaultInjectionTests.baseDatabase(at: db, arguments: ["--pk", "id"])
        let input = try FaultInjectionTests.input(1001...2500, then: #"{"title":"no key"}"# + "\n")
        let result = try FaultInjectionTests.load.run(
            [db.path, "--table", "films", "--spatial-index", "--pk", "id", "--batch-size", "1000", "--rejects", "/dev/full"], stdin: input.url)
        #expect(result.status == 74)
        #expect(
            result.stderrText
                == "sluice-load: /dev/full: error: write failed: No space left on device; 1000 rows in 1 batch of 1000 were committed, "
                + "through <stdin>:1000; the rest of the run was rolled back (_sluice_runs row 2 says failed)\n")
        let afterOneBatch = try FaultHarness.fingerprint(db.path)
        #expect(afterOneBatch.hasPrefix("films=1200,"))
        try tally.check(db.path, allowed: [afterOneBatch], "one batch committed")
        #expect(
            try FaultHarness.query(db.path, "SELECT status || ' ' || rows_written || ' ' || coalesce(batches, '-') FROM _sluice_runs ORDER BY id")
                == ["complete 200 -", "failed 1000 1"])
    }

    @Test(.enabled(if: SmallFilesystem.canMount, SmallFilesystem.whyNot))
    func rejectsOnAFullFilesystemRollTheLoadBack() throws {
        let tally = FaultTally("rejects file on a full tmpfs")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        let before = try FaultInjectionTests.baseDatabase(at: db, arguments: ["--pk", "id"])
        let disk = try SmallFilesystem(kilobytes: 64)
        disk.fill()
        let rejects = disk.file("rejects.ndjson")
        let input = try FaultInjectionTests.input(100...300, then: #"{"title":"no key"}"# + "\n")
        let result = try FaultInjectionTests.load.run(
            [db.path, "--table", "films", "--spatial-index", "--pk", "id", "--rejects", rejects.path], stdin: input.url)
        #expect(result.status == 74)
        #expect(
            result.stderrText
                == "sluice-load: \(rejects.path): error: write failed: No space left on device; \(FaultInjectionTests.nothingCommitted)\n")
        try tally.check(db.path, allowed: [before], "rejects on a full tmpfs")
    }

    // MARK: stdout closed

    /// Before: the rejects file took descriptor 1 and received every output record, exit 0.
    /// Now a stage that writes records refuses a closed stdout before opening anything.
    @Test(arguments: [
        ("sluice-sanitize", "--field title"), ("sluice-geocode", "--gazetteer data/sf-gazetteer.csv --field title"),
        ("sluice-dedupe", "--key title"), ("sluice-fetch", "--format ndjson"),
    ])
    func aClosedStdoutIsAnErrorNotTheRejectsFile(stage: String, arguments: String) throws {
        let tally = FaultTally("closed stdout, \(stage)")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let input = try FaultInjectionTests.input(1...20)
        let rejects = directory.file("rejects.ndjson")
        let result = try FaultHarness.shell(
            "cd '\(Executable.packageRoot.path)' && \(stage) \(arguments) --rejects '\(rejects.path)' '\(input.path)' >&-")
        #expect(result.status == 74)
        #expect(
            result.stderrText
                == "\(stage): <stdout>: error: standard output is closed (>&-): the records would be lost; send them to /dev/null to discard them\n")
        let written = (try? Data(contentsOf: rejects)) ?? Data()
        #expect(written.isEmpty, "records went to the rejects file")
        tally.record(intact: result.status == 74 && written.isEmpty)
    }

    /// `sluice-load --export` writes the table's rows to stdout: a closed one is refused as any
    /// stage's. Before: "2 in, 2 exported", exit 0, the rows lost.
    @Test func sluiceLoadExportRefusesAClosedStdout() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        let input = try FaultInjectionTests.input(1...2)
        #expect(try FaultHarness.shell("sluice-load '\(db.path)' --table films --quiet '\(input.path)'").status == 0)
        let result = try FaultHarness.shell("sluice-load '\(db.path)' --export films >&-")
        #expect(result.status == 74)
        #expect(
            result.stderrText
                == "sluice-load: <stdout>: error: standard output is closed (>&-): the records would be lost; send them to /dev/null to discard them\n"
        )
    }

    /// sluice-load writes nothing to stdout, so a closed one does not matter; its rejects file
    /// gets its rejects only.
    @Test func sluiceLoadRunsWithAClosedStdout() throws {
        let tally = FaultTally("closed stdout, sluice-load")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        let rejects = directory.file("rejects.ndjson")
        let input = try FaultInjectionTests.input(1...20, then: "[1]\n")
        let result = try FaultHarness.shell("sluice-load '\(db.path)' --table films --spatial-index --rejects '\(rejects.path)' '\(input.path)' >&-")
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = try String(contentsOf: rejects, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(#""reason":"not_an_object""#))
        #expect(try FaultHarness.query(db.path, "SELECT count(*) FROM films") == ["20"])
        try tally.check(db.path, allowed: [try FaultHarness.fingerprint(db.path)], "closed stdout")
    }

    @Test func aClosedStdinIsAnError() throws {
        let result = try FaultHarness.shell("sluice-sanitize --field title <&- >/dev/null")
        #expect(result.status == 66)
        #expect(
            result.stderrText == "sluice-sanitize: <stdin>: cannot read: standard input is closed (<&-); give the input as a file or pipe it in\n")
    }

    // MARK: a stream cut mid-line

    static let cut = #"{"id":9999,"title":"Film 9999","no"#

    /// Before: without --rejects, exit 65 and a rollback the message did not mention.
    @Test func aCutStreamCommitsNothingAndSaysSo() throws {
        let tally = FaultTally("truncated final line")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        let before = try FaultInjectionTests.baseDatabase(at: db)
        let input = try FaultInjectionTests.input(201...400, then: FaultInjectionTests.cut)
        let result = try FaultInjectionTests.load.run([db.path, "--table", "films", "--spatial-index"], stdin: input.url)
        #expect(result.status == 65)
        #expect(
            result.stderrText
                == "sluice-load: <stdin>:201: error: truncated line: the input ends in the middle of this line (34 bytes, no newline; invalid JSON: "
                + "unterminated string at column 35): the stream was cut short; \(FaultInjectionTests.nothingCommitted)\n")
        try tally.check(db.path, allowed: [before], "cut, no rejects")
    }

    /// Before: with --rejects, exit 0 and the cut line an ordinary invalid_json reject. Now it
    /// is `truncated_line`, and the load — whose input was not whole — commits nothing.
    @Test func aCutStreamWithRejectsIsATruncatedLineAndNoCommit() throws {
        let tally = FaultTally("truncated final line, --rejects")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        let rejects = directory.file("rejects.ndjson")
        let before = try FaultInjectionTests.baseDatabase(at: db)
        let input = try FaultInjectionTests.input(201...400, then: FaultInjectionTests.cut)
        let result = try FaultInjectionTests.load.run([db.path, "--table", "films", "--spatial-index", "--rejects", rejects.path], stdin: input.url)
        #expect(result.status == 65)
        #expect(
            result.stderrText
                == "sluice-load: <stdin>:201: error: the input was cut short in the middle of this line (kept in the rejects as truncated_line), "
                + "so whatever followed it is missing; \(FaultInjectionTests.nothingCommitted)\n")
        let kept = try String(contentsOf: rejects, encoding: .utf8)
        #expect(kept.hasPrefix(#"{"stage":"load","source":"<stdin>","line":201,"reason":"truncated_line","#))
        #expect(kept.hasSuffix(#""raw":"{\"id\":9999,\"title\":\"Film 9999\",\"no"}"# + "\n"))
        try tally.check(db.path, allowed: [before], "cut, --rejects")
    }

    /// With `--batch-size` the whole batches before the cut stay, and the message says so.
    @Test func aCutStreamInABatchedLoadKeepsWholeBatches() throws {
        let tally = FaultTally("truncated final line, --batch-size")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        _ = try FaultInjectionTests.baseDatabase(at: db)
        let input = try FaultInjectionTests.input(201...2700, then: FaultInjectionTests.cut)
        let result = try FaultInjectionTests.load.run([db.path, "--table", "films", "--spatial-index", "--batch-size", "1000"], stdin: input.url)
        #expect(result.status == 65)
        #expect(result.stderrText.hasPrefix("sluice-load: <stdin>:2501: error: truncated line:"))
        #expect(
            result.stderrText.hasSuffix(
                "; 2000 rows in 2 batches of 1000 were committed, through <stdin>:2000; the rest of the run was rolled back (_sluice_runs row 2 says failed)\n"
            ))
        #expect(try FaultHarness.query(db.path, "SELECT count(*) FROM films") == ["2200"])
        #expect(try FaultHarness.query(db.path, "SELECT max(id) FROM films") == ["2200"])
        try tally.check(db.path, allowed: [try FaultHarness.fingerprint(db.path)], "cut after two batches")
    }

    /// A streaming stage writes what it could, keeps the cut line, counts it, and exits 65.
    @Test func aStreamingStageFinishesThenFailsOnACutStream() throws {
        let rejects = try TemporaryFile()
        let input = try FaultInjectionTests.input(1...3, then: FaultInjectionTests.cut)
        let result = try Executable("sluice-sanitize").run(["--field", "title", "--rejects", rejects.path], stdin: input.url)
        #expect(result.status == 65)
        #expect(result.stdoutLines.count == 3)
        #expect(
            result.stderrText
                == "sluice-sanitize: 4 in, 3 out, 1 rejected\nsluice-sanitize: <stdin>:4: error: the input was cut short in the middle of this line "
                + "(kept in the rejects as truncated_line), so whatever followed it is missing\n")
        #expect(String(decoding: try rejects.contents(), as: UTF8.self).contains(#""reason":"truncated_line""#))
    }

    /// A last line without a newline that is a whole record is a file written that way, not a cut.
    @Test func aWholeLastLineWithoutANewlineIsFine() throws {
        let db = try TemporaryFile(suffix: ".db")
        let input = try FaultInjectionTests.input(1...3, then: FaultHarness.record(4, note: "v2"))
        let result = try FaultInjectionTests.load.run([db.path, "--table", "films", "--spatial-index"], stdin: input.url)
        #expect(result.status == 0)
        #expect(try FaultHarness.query(db.path, "SELECT count(*) FROM films") == ["4"])
    }

    // MARK: the database's own faults

    @Test(.enabled(if: SmallFilesystem.canMount, SmallFilesystem.whyNot))
    func aFullDiskCommitsNothing() throws {
        let tally = FaultTally("full disk")
        defer { tally.report() }
        let disk = try SmallFilesystem(kilobytes: 512)
        let db = disk.file("films.db")
        let before = try FaultInjectionTests.baseDatabase(at: db)
        let input = try FaultInjectionTests.input(201...20_000)
        let result = try FaultInjectionTests.load.run([db.path, "--table", "films", "--spatial-index", "--index", "title"], stdin: input.url)
        #expect(result.status == 74)
        #expect(result.stderrText.contains("database or disk is full"))
        #expect(result.stderrText.hasSuffix("; \(FaultInjectionTests.nothingCommitted)\n"))
        try tally.check(db.path, allowed: [before], "full disk")
    }

    /// Before: no count of what was committed, a stale R*Tree and no `_sluice_runs` row.
    @Test(.enabled(if: SmallFilesystem.canMount, SmallFilesystem.whyNot))
    func aFullDiskInABatchedLoadKeepsWholeBatchesAndSaysHowMany() throws {
        let tally = FaultTally("full disk, --batch-size")
        defer { tally.report() }
        let disk = try SmallFilesystem(kilobytes: 1024)
        let db = disk.file("films.db")
        _ = try FaultInjectionTests.baseDatabase(at: db)
        let input = try FaultInjectionTests.input(201...40_000)
        let result = try FaultInjectionTests.load.run([db.path, "--table", "films", "--spatial-index", "--batch-size", "1000"], stdin: input.url)
        #expect(result.status == 74)
        let message = result.stderrText
        #expect(message.contains("database or disk is full"))
        let committed = Int(try FaultHarness.query(db.path, "SELECT count(*) - 200 FROM films").first ?? "") ?? -1
        #expect(committed > 0 && committed % 1000 == 0, "\(committed) rows committed")
        #expect(
            message.contains(
                "; \(committed) rows in \(committed / 1000) batches of 1000 were committed, through <stdin>:\(committed); the rest of the run"))
        // Marked failed when the full disk allowed it; else still running, for the next run to mark.
        let status = try FaultHarness.query(db.path, "SELECT status || ' ' || rows_written FROM _sluice_runs WHERE id = 2")
        #expect(status == ["failed \(committed)"] || status == ["running \(committed)"])
        try tally.check(db.path, allowed: [try FaultHarness.fingerprint(db.path)], "full disk after \(committed) rows")
    }

    @Test func aReadOnlyDirectoryCommitsNothing() throws {
        let tally = FaultTally("read-only directory")
        defer { tally.report() }
        let input = try FaultInjectionTests.input(201...400)
        if SmallFilesystem.canMount {
            let disk = try SmallFilesystem(kilobytes: 1024)
            let db = disk.file("films.db")
            let before = try FaultInjectionTests.baseDatabase(at: db)
            try disk.remountReadOnly()
            let result = try FaultInjectionTests.load.run([db.path, "--table", "films", "--spatial-index"], stdin: input.url)
            #expect(result.status == 74)
            #expect(result.stderrText.hasSuffix("; \(FaultInjectionTests.nothingCommitted)\n"), "\(result.stderrText)")
            _ = try Program.run(["mount", "-o", "remount,rw", disk.url.path])
            try tally.check(db.path, allowed: [before], "read-only tmpfs")
        } else {
            // Not root: permissions are enough.
            let directory = try TemporaryDirectory()
            let db = directory.file("films.db")
            let before = try FaultInjectionTests.baseDatabase(at: db)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path) }
            let result = try FaultInjectionTests.load.run([db.path, "--table", "films", "--spatial-index"], stdin: input.url)
            #expect(result.status == 74)
            #expect(result.stderrText.hasSuffix("; \(FaultInjectionTests.nothingCommitted)\n"), "\(result.stderrText)")
            try tally.check(db.path, allowed: [before], "read-only directory")
        }
    }

    @Test func aDatabaseHeldByAnotherWriterCommitsNothing() throws {
        let tally = FaultTally("database held by another writer")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        let before = try FaultInjectionTests.baseDatabase(at: db)
        let input = try FaultInjectionTests.input(201...400)
        do {
            let holder = try Database(path: db.path, busyTimeoutMilliseconds: 0)
            try holder.execute("BEGIN IMMEDIATE")
            defer { try? holder.execute("ROLLBACK") }
            let result = try FaultInjectionTests.load.run(
                [db.path, "--table", "films", "--spatial-index", "--busy-timeout", "100"], stdin: input.url)
            #expect(result.status == 74)
            #expect(result.stderrText.contains("database is locked"))
            #expect(result.stderrText.hasSuffix("; \(FaultInjectionTests.nothingCommitted)\n"))
        }
        try tally.check(db.path, allowed: [before], "locked")
    }

    // MARK: kills between batches; an upstream stage killed

    /// A batched load killed after some commits leaves whole batches, an R*Tree that matches
    /// them, and its `_sluice_runs` row `running`; the next run marks that row `interrupted`.
    @Test func aKilledBatchedLoadIsFoundInterruptedByTheNextRun() throws {
        let tally = FaultTally("SIGKILL between batches")
        defer { tally.report() }
        let directory = try TemporaryDirectory()
        let db = directory.file("films.db")
        _ = try FaultInjectionTests.baseDatabase(at: db)
        let process = Process()
        process.executableURL = FaultInjectionTests.load.url
        process.arguments = [db.path, "--table", "films", "--spatial-index", "--batch-size", "500"]
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Two batches and a half, then wait until both commits show in _sluice_runs.
        var text = ""
        for id in 201...1450 { text += FaultHarness.record(id, note: "v2") + "\n" }
        try stdin.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        var committed = 0
        for _ in 0..<600 where committed < 1000 {
            usleep(20_000)
            committed = Int((try? FaultHarness.query(db.path, "SELECT rows_written FROM _sluice_runs WHERE id = 2").first) ?? "0") ?? 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        #expect(committed == 1000)
        #expect(try FaultHarness.query(db.path, "SELECT count(*) FROM films") == ["1200"])
        #expect(try FaultHarness.query(db.path, "SELECT status || ' ' || batches FROM _sluice_runs WHERE id = 2") == ["running 2"])
        // The row counts what its batches settled, not the lines the reader thread had read
        // ahead of them (which a killed run never wrote nor rejected).
        #expect(
            try FaultHarness.query(db.path, "SELECT records_in || ' ' || rows_written || ' ' || rejected FROM _sluice_runs WHERE id = 2") == [
                "1000 1000 0"
            ])
        try tally.check(db.path, allowed: [try FaultHarness.fingerprint(db.path)], "killed after two batches")

        let next = try FaultInjectionTests.load.run(
            [db.path, "--table", "films", "--spatial-index"], input: Data((FaultHarness.record(5000, note: "v2") + "\n").utf8))
        #expect(next.status == 0)
        #expect(
            try FaultHarness.query(db.path, "SELECT id || ' ' || status FROM _sluice_runs ORDER BY id") == [
                "1 complete", "2 interrupted", "3 complete",
            ])
    }

    /// What stays true when an upstream stage dies on a line boundary: the load cannot tell (its
    /// input is well-formed NDJSON) and commits it; only the shell's `set -o pipefail`, which
    /// the README asks for and `make pipeline` uses, makes the pipeline fail.
    @Test func anUpstreamStageKilledOnALineBoundaryShowsOnlyWithPipefail() throws {
        let directory = try TemporaryDirectory()
        let input = try FaultInjectionTests.input(1...50)
        let pipeline =
            "{ head -n 20 '\(input.path)'; kill -9 $BASHPID; } | sluice-load '\(directory.file("films.db").path)' --table films --spatial-index"
        let plain = try FaultHarness.shell(pipeline)
        #expect(plain.status == 0)
        let safe = try FaultHarness.shell("set -o pipefail; " + pipeline)
        #expect(safe.status == 137)
        let script = try String(contentsOf: Executable.packageRoot.appendingPathComponent("scripts/pipeline.sh"), encoding: .utf8)
        #expect(script.contains("set -euo pipefail"))
        let readme = try String(contentsOf: Executable.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("set -o pipefail"))
    }
}
