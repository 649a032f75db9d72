import Foundation
import SluiceTestSupport
import Testing

@testable import SluiceLoad

@Suite struct DatabaseTests {
    func memory() throws -> Database { try Database(path: ":memory:", busyTimeoutMilliseconds: 0) }

    @Test func executesAndAnswersScalarQuestions() throws {
        let database = try memory()
        try database.execute("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2), (NULL)")
        #expect(try database.scalarInt("SELECT count(*) FROM t") == 3)
        #expect(try database.scalarInt("SELECT a FROM t WHERE a > 5") == nil)
        #expect(try database.column("SELECT a FROM t ORDER BY rowid") == ["1", "2", nil])
        #expect(try database.column("SELECT a FROM t WHERE a = ?", [.integer(2)]) == ["2"])
        #expect(database.changes == 3 && database.lastInsertRowID == 3)
        #expect(database.columnLimit >= 2000)
    }

    @Test func anErrorCarriesItsCodeMessageAndSQL() throws {
        let database = try memory()
        do {
            try database.execute("SELECT * FROM missing")
            Issue.record("no error")
        } catch {
            #expect(error.message == "no such table: missing" && error.sql == "SELECT * FROM missing")
            #expect(error.primaryCode == 1 && error.description.hasSuffix("(SQLite code 1, in: SELECT * FROM missing)"))
        }
        #expect(throws: SQLiteError.self) { try Database(path: "/nonexistent-folder/x.db", busyTimeoutMilliseconds: 0) }
    }

    /// Committed when the body returns, rolled back when it throws, and the body's error is the
    /// one that comes out.
    @Test func aTransactionCommitsOrRollsBack() throws {
        let database = try memory()
        try database.execute("CREATE TABLE t (a INTEGER)")
        #expect(
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (1)"); return 7
            } == 7)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (2)")
                throw Stop()
            }
        }
        #expect(try database.column("SELECT a FROM t") == ["1"])
        // After a rollback the connection is usable and outside any transaction.
        try database.transaction { try database.execute("INSERT INTO t VALUES (3)") }
        #expect(try database.column("SELECT a FROM t ORDER BY a") == ["1", "3"])
    }

    /// `--batch-size`: what a batch commits stays when a later one fails.
    @Test func commitAndBeginKeepsTheBatchesBeforeAFailure() throws {
        let scratch = try ScratchDirectory()
        let database = try Database(path: scratch.file("b.db"), busyTimeoutMilliseconds: 0)
        try database.execute("CREATE TABLE t (a INTEGER)")
        var committed = 0
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (1)")
                try database.commitAndBegin { committed += 1 }
                try database.execute("INSERT INTO t VALUES (2)")
                throw Stop()
            }
        }
        #expect(committed == 1)
        let reopened = try Database(path: scratch.file("b.db"), busyTimeoutMilliseconds: 0)
        #expect(try reopened.column("SELECT a FROM t") == ["1"])
    }

    /// A new database is written with a rollback journal and 16 KiB pages, then switched to WAL;
    /// an existing one keeps its pages and is used in WAL mode.
    @Test func aNewDatabaseGetsLargerPagesAndEndsInWAL() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("new.db")
        let journal = Database.Journal(forLoading: path)
        #expect(journal == .rollbackUntilDone)
        let database = try Database(path: path, busyTimeoutMilliseconds: 0)
        try database.execute(journal.pragmas + " CREATE TABLE t (a INTEGER)")
        #expect(try database.column("PRAGMA journal_mode") == ["delete"])
        journal.finish(database) { Issue.record("warned: \($0)") }
        #expect(try database.column("PRAGMA journal_mode") == ["wal"])
        #expect(try database.scalarInt("PRAGMA page_size") == 16384)

        let older = scratch.file("older.db")
        try Database(path: older, busyTimeoutMilliseconds: 0).execute("PRAGMA page_size = 4096; CREATE TABLE t (a INTEGER)")
        let existing = Database.Journal(forLoading: older)
        #expect(existing == .wal)
        let reopened = try Database(path: older, busyTimeoutMilliseconds: 0)
        try reopened.execute(existing.pragmas + " INSERT INTO t VALUES (1)")
        #expect(try reopened.scalarInt("PRAGMA page_size") == 4096)
        #expect(try reopened.column("PRAGMA journal_mode") == ["wal"])
    }

    @Test func quotesEveryIdentifier() {
        #expect(Database.quote("plain") == #""plain""#)
        #expect(Database.quote(#"x"y"#) == #""x""y""#)
        #expect(Database.quote("") == #""""#)
    }
}
