import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct RunLogTests {
    func entry(status: RunLog.Status = .complete, batches: Int? = nil) -> RunLog.Entry {
        var accounting = Accounting()
        accounting.recordsIn = 3
        accounting.recordsOut = 2
        accounting.rejected = 1
        return RunLog.Entry(
            startedAt: "2026-11-25T10:00:00Z", table: "t", sources: ["a.ndjson"], accounting: accounting, options: ["--pk", "id"], status: status,
            batches: batches)
    }

    func rows(_ database: Database) throws -> [String?] {
        try database.column(
            "SELECT id || ' ' || status || ' ' || rows_written || ' ' || coalesce(batches, '-') || ' ' || coalesce(error, '-') FROM _sluice_runs ORDER BY id"
        )
    }

    @Test func insertsThenUpdatesARunsRow() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try RunLog.prepare(in: database)
        let id = try RunLog.write(entry(status: .running, batches: 1), in: database)
        #expect(try rows(database) == ["1 running 2 1 -"])
        #expect(try RunLog.write(entry(batches: 2), id: id, in: database) == id)
        #expect(try rows(database) == ["1 complete 2 2 -"])
        try RunLog.markFailed(id, error: "disk full", in: database)
        #expect(try rows(database) == ["1 failed 2 2 disk full"])
    }

    /// Only this run holds the write lock, so a row still `running` belongs to a dead process.
    @Test func marksRunsLeftRunningAsInterrupted() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try RunLog.prepare(in: database)
        _ = try RunLog.write(entry(status: .running, batches: 3), in: database)
        _ = try RunLog.write(entry(), in: database)
        try RunLog.markInterrupted(in: database)
        #expect(try rows(database) == ["1 interrupted 2 3 -", "2 complete 2 - -"])
    }

    /// A `_sluice_runs` made before statuses gets the new columns; its rows keep theirs.
    @Test func addsTheNewColumnsToAnOlderTable() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute(
            """
            CREATE TABLE _sluice_runs (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT NOT NULL, table_name TEXT NOT NULL,
              sources TEXT NOT NULL, records_in INTEGER, rows_written INTEGER, rejected INTEGER, inserted INTEGER, updated INTEGER,
              unchanged INTEGER, swept INTEGER, options TEXT, sluice_version TEXT);
            INSERT INTO _sluice_runs (started_at, finished_at, table_name, sources, rows_written) VALUES ('x', 'y', 't', '[]', 7)
            """)
        try RunLog.prepare(in: database)
        try RunLog.prepare(in: database)
        #expect(
            try database.column("SELECT name FROM pragma_table_info('_sluice_runs')").suffix(7) == [
                "status", "batches", "error", "merges", "merged_rows", "linked", "created",
            ])
        _ = try RunLog.write(entry(), in: database)
        #expect(
            try database.column("SELECT coalesce(status, 'NULL') || ' ' || rows_written FROM _sluice_runs ORDER BY id") == ["NULL 7", "complete 2"])
    }
}
