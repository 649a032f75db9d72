import Foundation
import Testing

@testable import SluiceLoad

/// What `sluice-load` promises about the database whatever happens to the run.
@Suite struct LoadReliabilityTests {
    static func records(_ range: ClosedRange<Int>, note: String = "first") -> Data {
        Data(range.map { #"{"id":\#($0),"title":"Film \#($0)","note":"\#(note)","geo":{"lat":37.7\#($0 % 10),"lon":-122.4}}"# + "\n" }.joined().utf8)
    }

    static func query(_ path: String, _ sql: String) throws -> [String] {
        let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
        let statement = try database.prepare(sql)
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(at: 0) ?? "NULL") }
        return rows
    }

    @Test func loadingTheSameInputTwiceWithAKeyChangesNothing() throws {
        let db = try TemporaryFile(suffix: ".db")
        let load = Executable("sluice-load")
        let input = LoadReliabilityTests.records(1...50)
        let first = try load.run([db.path, "--table", "films", "--pk", "id"], input: input)
        let second = try load.run([db.path, "--table", "films", "--pk", "id"], input: input)
        #expect(first.stderrText == "sluice-load: 50 in, 50 out, 0 rejected, 50 inserted, 0 updated, 0 unchanged\n")
        #expect(second.stderrText == "sluice-load: 50 in, 50 out, 0 rejected, 0 inserted, 0 updated, 50 unchanged\n")
        #expect(try LoadReliabilityTests.query(db.path, "SELECT count(*) FROM films") == ["50"])
        let changed = try load.run([db.path, "--table", "films", "--pk", "id"], input: LoadReliabilityTests.records(41...60, note: "second"))
        #expect(changed.stderrText == "sluice-load: 20 in, 20 out, 0 rejected, 10 inserted, 10 updated, 0 unchanged\n")
        #expect(try LoadReliabilityTests.query(db.path, "SELECT count(*) FROM films") == ["60"])
    }

    @Test func appendsWithoutAKey() throws {
        let db = try TemporaryFile(suffix: ".db")
        let load = Executable("sluice-load")
        _ = try load.run([db.path, "--table", "films"], input: LoadReliabilityTests.records(1...5))
        _ = try load.run([db.path, "--table", "films"], input: LoadReliabilityTests.records(1...5))
        #expect(try LoadReliabilityTests.query(db.path, "SELECT count(*) FROM films") == ["10"])
    }

    @Test func aFailedRunLeavesTheTableAsItWas() throws {
        let db = try TemporaryFile(suffix: ".db")
        let load = Executable("sluice-load")
        _ = try load.run([db.path, "--table", "films", "--pk", "id"], input: LoadReliabilityTests.records(1...5))
        var input = LoadReliabilityTests.records(6...500)
        input.append(Data("{broken\n".utf8))
        let failed = try load.run([db.path, "--table", "films", "--pk", "id"], input: input)
        #expect(failed.status == 65)
        #expect(try LoadReliabilityTests.query(db.path, "SELECT count(*) FROM films") == ["5"])
    }

    /// SIGKILL in the middle of a large load: the transaction never commits, so the database
    /// is exactly as before the run, and intact.
    @Test func aKilledLoadLeavesTheDatabaseAsBefore() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try Executable("sluice-load").run([db.path, "--table", "films", "--pk", "id"], input: LoadReliabilityTests.records(1...10))

        let process = Process()
        process.executableURL = Executable("sluice-load").url
        process.arguments = [db.path, "--table", "films", "--pk", "id"]
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Feed records until SQLite has spilled part of the open transaction into the WAL,
        // proving the load is well under way, then kill it without warning.
        let wal = db.path + "-wal"
        var next = 11
        var walSize = 0
        while walSize < 4 << 20, next < 2_000_000 {
            try stdin.fileHandleForWriting.write(contentsOf: LoadReliabilityTests.records(next...(next + 4999)))
            next += 5000
            walSize = ((try? FileManager.default.attributesOfItem(atPath: wal)[.size]) as? Int) ?? 0
        }
        #expect(walSize >= 4 << 20, "the load never reached the WAL")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)

        #expect(try LoadReliabilityTests.query(db.path, "PRAGMA integrity_check") == ["ok"])
        #expect(try LoadReliabilityTests.query(db.path, "SELECT count(*) FROM films") == ["10"])
        #expect(try LoadReliabilityTests.query(db.path, "SELECT max(id) FROM films") == ["10"])
    }

    @Test func aLockedDatabaseWaitsThenFailsClearly() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try Executable("sluice-load").run([db.path, "--table", "films"], input: LoadReliabilityTests.records(1...2))
        let holder = try Database(path: db.path, busyTimeoutMilliseconds: 0)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let result = try Executable("sluice-load").run(
            [db.path, "--table", "films", "--busy-timeout", "200"], input: LoadReliabilityTests.records(3...4))
        #expect(result.status == 74)
        #expect(result.stderrText.contains("database is locked"))
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let notADatabase = try TemporaryFile(contents: Data(repeating: 0x41, count: 8192), suffix: ".db")
        let result = try Executable("sluice-load").run([notADatabase.path, "--table", "films"], input: LoadReliabilityTests.records(1...2))
        #expect(result.status == 74)
        #expect(result.stderrText.contains("file is not a database"))
    }
}
