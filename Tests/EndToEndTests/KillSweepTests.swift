import Foundation
import SluiceCore
import Testing

@testable import SluiceLoad

/// SIGKILL at random moments of a large load, in each mode: afterwards the database must hold
/// the state before the run or the whole new one (with `--batch-size`: whole batches, and a
/// `_sluice_runs` row saying `running` with as many rows), pass `PRAGMA integrity_check`, and
/// have R*Trees that hold exactly the rows with coordinates.
///
/// `make test` runs a short sweep; `make faults` the full one: `SLUICE_FAULT_KILLS` kills per
/// mode (default 2) of a load of `SLUICE_FAULT_RECORDS` records (default 20000) into a table
/// of a fifth as many, at times drawn from `SLUICE_FAULT_SEED` (default 15).
@Suite(.serialized) struct KillSweepTests {
    static let environment = ProcessInfo.processInfo.environment
    static let kills = environment["SLUICE_FAULT_KILLS"].flatMap { Int($0) } ?? 2
    static let records = max(1000, environment["SLUICE_FAULT_RECORDS"].flatMap { Int($0) } ?? 20_000)
    static let seed = environment["SLUICE_FAULT_SEED"].flatMap { UInt64($0) } ?? 15
    static let baseRecords = records / 5
    static let batchSize = records / 10
    /// The new load's ids: the second half of the table's, and new ones.
    static let newIDs = (baseRecords / 2 + 1)...(baseRecords / 2 + records)

    struct Mode: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// What the table was first loaded with.
        var baseArguments: [String]
        var testDescription: String { name }
    }

    static let modes = [
        Mode(name: "plain", arguments: [], baseArguments: []),
        Mode(name: "--pk --sweep --fts", arguments: ["--pk", "id", "--sweep", "--fts", "title"], baseArguments: ["--pk", "id", "--fts", "title"]),
        Mode(name: "--batch-size --fts", arguments: ["--batch-size", "\(batchSize)", "--fts", "title"], baseArguments: ["--fts", "title"]),
        Mode(name: "--replace", arguments: ["--replace", "--index", "title"], baseArguments: []),
        Mode(
            name: "--pk --extract --rejects", arguments: ["--pk", "id", "--extract", "geo.lat,geo.lon:places", "--rejects", "/dev/null"],
            baseArguments: ["--pk", "id", "--extract", "geo.lat,geo.lon:places", "--rejects", "/dev/null"]),
    ]

    @Test(arguments: modes)
    func aKilledLoadLeavesTheOldStateOrTheNewOne(mode: Mode) throws {
        let tally = FaultTally("SIGKILL, \(mode.name), \(KillSweepTests.records) records")
        let load = Executable("sluice-load")
        let directory = try TemporaryDirectory()
        let base = directory.file("base.db")
        let baseInput = directory.file("base.ndjson")
        try FaultHarness.writeRecords(1...KillSweepTests.baseRecords, note: "v1", to: baseInput)
        let first = try load.run([base.path, "--table", "films", "--spatial-index"] + mode.baseArguments, stdin: baseInput)
        #expect(first.status == 0, "\(first.stderrText)")
        let before = try FaultHarness.fingerprint(base.path)
        let input = directory.file("input.ndjson")
        try FaultHarness.writeRecords(KillSweepTests.newIDs, note: "v2", to: input)

        // The whole run, uninterrupted: the other state allowed, and how long a run takes.
        let db = directory.file("films.db")
        try FaultHarness.copyDatabase(base, to: db)
        let started = Date()
        let whole = try load.run([db.path, "--table", "films", "--spatial-index"] + mode.arguments, stdin: input)
        let duration = Date().timeIntervalSince(started)
        #expect(whole.status == 0, "\(whole.stderrText)")
        #expect(try FaultHarness.problems(db.path).isEmpty)
        let after = try FaultHarness.fingerprint(db.path)
        #expect(after != before)

        var random = SplitMix64(seed: KillSweepTests.seed &+ UInt64(mode.name.utf8.count))
        var midRun = 0
        for trial in 0..<KillSweepTests.kills {
            try FaultHarness.copyDatabase(base, to: db)
            let delay = duration * 0.95 * Double(random.next() % 10_000) / 10_000
            let process = Process()
            process.executableURL = load.url
            process.arguments = [db.path, "--table", "films", "--spatial-index"] + mode.arguments
            process.standardInput = try FileHandle(forReadingFrom: input)
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(delay * 1_000_000))
            if process.isRunning { midRun += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let comment = "\(mode.name), kill \(trial + 1) at \(String(format: "%.2f", delay)) s of \(String(format: "%.2f", duration)) s"
            if mode.name.hasPrefix("--batch-size") {
                try checkBatches(db.path, before: before, after: after, tally: tally, comment)
            } else {
                try tally.check(db.path, allowed: [before, after], comment)
            }
        }
        print(
            "fault-injection: \(tally.name): \(tally.tried) tried (\(midRun) while running, the rest after it finished), "
                + "\(tally.checked) states checked, \(tally.intact) intact")
    }

    /// A batched load killed after k commits: the table holds the first rows and k whole
    /// batches of the input (their ids add up), and `_sluice_runs` says `running` with them.
    func checkBatches(_ path: String, before: String, after: String, tally: FaultTally, _ comment: String) throws {
        let state = try FaultHarness.fingerprint(path)
        guard state != before, state != after else {
            try tally.check(path, allowed: [before, after], comment)
            return
        }
        let rows = Int(try FaultHarness.query(path, "SELECT count(*) FROM films").first ?? "") ?? -1
        let added = rows - KillSweepTests.baseRecords
        let ids = KillSweepTests.newIDs.prefix(max(0, added))
        let expectedSum = (1...KillSweepTests.baseRecords).reduce(0, +) + ids.reduce(0, +)
        let sum = Int(try FaultHarness.query(path, "SELECT sum(id) FROM films").first ?? "") ?? -1
        let run = try FaultHarness.query(path, "SELECT status || ' ' || rows_written FROM _sluice_runs ORDER BY id DESC LIMIT 1")
        let whole = added > 0 && added % KillSweepTests.batchSize == 0 && sum == expectedSum && run == ["running \(added)"]
        #expect(whole, "\(comment): \(added) rows added, ids sum \(sum) (expected \(expectedSum)), last run \(run)")
        let problems = try FaultHarness.problems(path)
        #expect(problems.isEmpty, "\(comment): \(problems)")
        tally.record(intact: whole && problems.isEmpty)
    }
}
