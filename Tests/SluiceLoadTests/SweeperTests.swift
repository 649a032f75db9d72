import Testing

@testable import SluiceLoad

/// `--sweep`'s refusals and its delete, on a table of its own.
@Suite struct SweeperTests {
    func table() throws -> Database {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2), (3), (4)")
        return database
    }

    @Test func deletesTheRowsNotSeen() throws {
        let database = try table()
        let sweeper = try Sweeper(database: database, table: "t", primaryKey: ["id"], mode: .delete, minimumFraction: 0.5)
        for id in 1...3 { try sweeper.saw([.integer(Int64(id))]) }
        #expect(try sweeper.sweep(rowsWritten: 3, rowsBefore: 4, now: "2026-01-01T00:00:00Z") == .swept(1))
        #expect(try database.column("SELECT id FROM t ORDER BY id") == ["1", "2", "3"])
    }

    /// A rejected line's row cannot be told from a row gone from the source. Before, it was
    /// deleted.
    @Test func refusesWhenALineWasRejected() throws {
        let database = try table()
        let sweeper = try Sweeper(database: database, table: "t", primaryKey: ["id"], mode: .delete, minimumFraction: 0.5)
        for id in 1...3 { try sweeper.saw([.integer(Int64(id))]) }
        #expect(
            try sweeper.sweep(rowsWritten: 3, rowsBefore: 4, rejected: 1, now: "2026-01-01T00:00:00Z")
                == .refused(
                    "1 line was rejected, and the rows they stand for cannot be told from rows gone from the source; fix them (--rejects keeps them) and load again"
                ))
        #expect(try database.column("SELECT id FROM t ORDER BY id") == ["1", "2", "3", "4"])
        #expect(try sweeper.sweep(rowsWritten: 0, rowsBefore: 4, rejected: 2, now: "") == .refused("the run wrote no rows"))
    }
}
