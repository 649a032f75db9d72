import Foundation
import SluiceTestSupport
import Testing

@testable import SluiceCore
@testable import SluiceLoad

/// `LoadSession` on its own: records held until the table's types are known, rejects in input
/// order, lookups, and `--batch-size` commits.
@Suite struct LoadSessionTests {
    /// A session of `sluice-load` with these options (after `DATABASE`) on a scratch database,
    /// with its rejects kept in the scratch folder.
    struct Run {
        let scratch: ScratchDirectory
        let database: Database
        let context: StageContext
        let work: CommittedWork
        var session: LoadSession

        /// `schema` is SQL run on the new database first (a table the user made).
        init(_ options: [String], schema sql: String? = nil) throws {
            scratch = try ScratchDirectory()
            database = try Database(path: scratch.file("t.db"), busyTimeoutMilliseconds: 0)
            if let sql { try database.execute(sql) }
            let command = try LoadCommand(arguments: ParsedArguments([scratch.file("t.db")] + options, options: LoadCommand.usage.allOptions))
            context = StageContext(
                stage: "sluice-load", output: ByteSink(fd: 1), rejects: try Rejects(stage: "load", path: scratch.file("rejects.ndjson")),
                maxLineBytes: 1 << 20, quiet: true, progress: Progress(stage: "sluice-load", enabled: false))
            work = CommittedWork(batchSize: command.batchSize)
            try database.execute("BEGIN IMMEDIATE")
            try RunLog.prepare(in: database)
            var schema = TableSchema(table: command.table)
            try schema.read(from: database)
            session = try LoadSession(
                database: database, schema: schema, command: command, context: context, sweeper: nil, work: work, startedAt: "2026-01-01T00:00:00Z")
        }

        /// Adds the records one at a time (as without a reader thread), each line valid only
        /// until the rows held are written.
        mutating func add(_ lines: [String], from first: Int = 1) throws {
            for (number, line) in lines.enumerated() { try add(batch: [line], from: first + number) }
        }

        /// Adds the records as one batch of a reader thread: every line and flat row read first
        /// and valid until the batch is settled (`writeHeld`).
        mutating func add(batch lines: [String], from first: Int = 1) throws {
            try withReadBatch(lines) { batch in
                for (number, entry) in batch.enumerated() {
                    try session.add(entry.row, line: entry.line, at: StageContext.Location(source: "in.ndjson", line: first + number))
                }
                try session.writeHeld()
            }
        }

        func rows(_ sql: String) throws -> [String?] { try database.column(sql) }

        func rejectsText() throws -> String {
            try context.rejects.finish()
            return try String(contentsOfFile: scratch.file("rejects.ndjson"), encoding: .utf8)
        }

        func rejects() throws -> [String] {
            try context.rejects.finish()
            return try String(contentsOfFile: scratch.file("rejects.ndjson"), encoding: .utf8).split(separator: "\n").map {
                try JSONParser.parse(String($0))["reason"]?.stringValue ?? ""
            }
        }
    }

    @Test func holdsRecordsUntilTheTableIsMadeThenWritesThemInOrder() throws {
        var run = try Run(["--table", "t", "--pk", "id"])
        try run.add([#"{"id":1,"n":2}"#, #"{"n":3}"#, #"{"id":2,"n":2.5}"#])
        #expect(!run.session.loader.schema.exists && run.session.pending.count == 2)
        try run.session.finish()
        #expect(try run.rows("SELECT id || ':' || n FROM t ORDER BY rowid") == ["1:2.0", "2:2.5"])
        #expect(try run.rows("SELECT type FROM pragma_table_info('t') WHERE name = 'n'") == ["REAL"])
        // The record without a key was rejected when it came, not when the table was made.
        #expect(try run.rejects() == ["missing_key"])
        #expect(run.context.accounting.recordsOut == 2 && run.context.accounting.rejected == 1)
    }

    @Test func aFullSampleMakesTheTableAtOnce() throws {
        var run = try Run(["--table", "t"])
        try run.add((0..<LoadSession.inferenceSample).map { #"{"i":\#($0)}"# })
        #expect(run.session.loader.schema.exists && run.session.pending.isEmpty)
        try run.add([#"{"i":"late text"}"#])
        #expect(try run.database.scalarInt("SELECT count(*) FROM t") == Int64(LoadSession.inferenceSample) + 1)
    }

    @Test func extractsLookupValuesAndRejectsRecordsWithNone() throws {
        var run = try Run(["--table", "t", "--extract", "title:films"])
        try run.add([#"{"title":"Vertigo","loc":"a"}"#, #"{"loc":"b"}"#, #"{"title":"Vertigo","loc":"c"}"#])
        try run.session.finish()
        #expect(try run.rows("SELECT films_id || ':' || loc FROM t ORDER BY rowid") == ["1:a", "1:c"])
        #expect(try run.rows("SELECT title FROM films") == ["Vertigo"])
        #expect(try run.rejects() == ["missing_reference"])
        #expect(run.session.lookups.first?.inserted == 1)
    }

    /// Every `--batch-size` rows are committed with the run's row, so a later failure keeps them.
    /// A merge line is held, not written, and applied once the table is made from the records
    /// held before it; it counts as merged, not out.
    @Test func appliesAMergeLineAfterTheRows() throws {
        var run = try Run(["--table", "t", "--pk", "id"])
        try run.add([
            #"{"id":1,"dedupe":{"cluster":"000000000000000a","size":1,"canonical":true}}"#,
            #"{"id":2,"dedupe":{"cluster":"000000000000000b","size":2,"canonical":true}}"#,
            #"{"id":3,"dedupe":{"cluster":"000000000000000b","size":2,"canonical":false}}"#,
            #"{"dedupe":{"merge":{"absorbed":"000000000000000a","into":"000000000000000b","records":1}}}"#,
        ])
        #expect(run.session.merges.pending.count == 1)
        try run.session.finish()
        #expect(
            try run.rows("SELECT id || dedupe_cluster || dedupe_size || dedupe_canonical FROM t ORDER BY id") == [
                "1000000000000000b30", "2000000000000000b31", "3000000000000000b30",
            ])
        let accounting = run.context.accounting
        #expect(accounting.recordsOut == 3 && accounting.merged == 1 && accounting.rejected == 0)
        #expect(run.session.merges.applied == 1 && run.session.merges.rowsMoved == 1)
    }

    @Test func commitsEveryBatch() throws {
        var run = try Run(["--table", "t", "--batch-size", "2"])
        try run.add((0..<LoadSession.inferenceSample + 5).map { #"{"i":\#($0)}"# })
        #expect(run.work.batches == (LoadSession.inferenceSample + 4) / 2)
        #expect(run.session.runID != nil)
        try run.database.execute("ROLLBACK")
        #expect(try run.database.scalarInt("SELECT count(*) FROM t") == Int64(run.work.batches * 2))
        #expect(try run.rows("SELECT status FROM _sluice_runs") == ["running"])
    }

    /// A committed batch's `_sluice_runs` row counts the records it settled: with a reader thread
    /// the loop has read (and counted in) lines past the one being written, which a killed run
    /// never wrote nor rejected (it said 181248 in, 180000 written, 181 rejected).
    @Test func aBatchRowCountsInOnlyTheRecordsItSettled() throws {
        var run = try Run(["--table", "t", "--batch-size", "2"])
        try run.add((0..<LoadSession.inferenceSample).map { #"{"i":\#($0)}"# })
        run.context.accounting.rejected = 3
        // The reader thread is a batch ahead.
        run.context.accounting.recordsIn = LoadSession.inferenceSample + 3 + 1024
        try run.add([#"{"i":-1}"#, #"{"i":-2}"#])
        let row = try run.rows("SELECT records_in || ' ' || rows_written || ' ' || rejected FROM _sluice_runs")
        #expect(row == ["\(LoadSession.inferenceSample + 5) \(LoadSession.inferenceSample + 2) 3"])
        #expect(run.work.accounting.balances)
    }

    /// A batch's records, of several shapes, among them a key already written, a key repeated in
    /// the batch, a row SQLite refuses (text in an INTEGER PRIMARY KEY) and one without a key:
    /// inserted together where they can be, stored, rejected and counted as one by one.
    @Test func aBatchIsStoredAsItsRecordsOneByOneWouldBe() throws {
        let sample = (0..<LoadSession.inferenceSample).map { #"{"id":\#($0),"a":"s","b":1.5}"# }
        var batch = (0..<200).map { index in
            let id = 5000 + index
            switch index % 3 {
            case 0: return #"{"id":\#(id),"a":"x\#(id)"}"#
            case 1: return #"{"b":\#(index),"id":\#(id)}"#
            default: return #"{"id":\#(id),"a":null,"c":1}"#
            }
        }
        batch[40] = #"{"id":"text","a":"refused"}"#
        batch[90] = #"{"a":"no key"}"#
        batch[120] = #"{"id":7,"a":"known"}"#
        batch[150] = #"{"id":5151,"a":"again"}"#
        var together = try Run(["--table", "t", "--pk", "id"])
        var alone = try Run(["--table", "t", "--pk", "id"])
        try together.add(sample)
        try alone.add(sample)
        try together.add(batch: batch, from: sample.count + 1)
        try alone.add(batch, from: sample.count + 1)
        try together.session.finish()
        try alone.session.finish()
        let contents = "SELECT rowid || '|' || quote(id) || '|' || quote(a) || '|' || quote(b) || '|' || quote(c) FROM t ORDER BY rowid"
        #expect(try together.rows(contents) == alone.rows(contents))
        // Less the two rejected, the known key and the repeated one.
        #expect(try together.rows("SELECT count(*) FROM t") == ["\(sample.count + 196)"])
        #expect(try together.rejectsText() == alone.rejectsText())
        #expect(try together.rejects() == ["database_refused", "missing_key"])
        #expect(together.context.accounting.recordsOut == alone.context.accounting.recordsOut)
        #expect(together.session.changed == alone.session.changed)
    }

    /// A table the user made, with a CHECK, a NOT NULL column, a generated column and a trigger
    /// that logs every row and refuses one: SQLite runs each per row inside a statement of many
    /// rows too, and a refused statement is written row by row, so the table, the trigger's log,
    /// the rejects and the counts are what the records one at a time give.
    @Test func aUserTableWithConstraintsAndTriggersIsStoredAsOneByOne() throws {
        let schema = """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT NOT NULL, b INTEGER CHECK (b IS NULL OR b < 150),
                g TEXT GENERATED ALWAYS AS (a || '/' || ifnull(b, '-')) VIRTUAL);
            CREATE TABLE log (v TEXT);
            CREATE TRIGGER t_log AFTER INSERT ON t BEGIN
                INSERT INTO log VALUES (new.id || ':' || new.g);
                SELECT RAISE(ABORT, 'id 5203 is refused') WHERE new.id = 5203;
            END;
            """
        // The first 180 are taken: the first of each shape alone (its statement is made), then five
        // statements of 32 (a slot of one holds rows of both shapes); after them two in three are refused.
        let records = (0..<300).map { index in
            let id = 5000 + index
            switch (index % 3, index < 180) {
            case (0, true): return #"{"id":\#(id),"a":"x","b":\#(index % 100)}"#
            case (0, false): return #"{"id":\#(id),"a":"x","b":\#(index)}"#
            case (1, false): return #"{"id":\#(id),"b":\#(index % 100)}"#
            default: return #"{"id":\#(id),"a":"y\#(index)"}"#
            }
        }
        var together = try Run(["--table", "t", "--pk", "id"], schema: schema)
        var alone = try Run(["--table", "t", "--pk", "id"], schema: schema)
        try together.add(batch: records)
        try alone.add(records)
        try together.session.finish()
        try alone.session.finish()
        let contents = "SELECT rowid || '|' || quote(a) || '|' || quote(b) || '|' || quote(g) FROM t ORDER BY rowid"
        #expect(try together.rows(contents) == alone.rows(contents))
        #expect(try together.rows("SELECT v FROM log ORDER BY rowid") == alone.rows("SELECT v FROM log ORDER BY rowid"))
        // Past the first 180: 40 without `a`, 40 with `b` of 150 or more, the id the trigger refuses.
        #expect(try together.rows("SELECT count(*) FROM t") == ["\(300 - 40 - 40 - 1)"])
        #expect(together.session.rowsWrittenTogether == 160)
        #expect(try together.rejectsText() == alone.rejectsText())
        #expect(together.context.accounting.recordsOut == alone.context.accounting.recordsOut)
        #expect(together.session.changed == alone.session.changed)
    }

    /// Rows held together never cross a `--batch-size` commit: each commit holds its batch's rows.
    @Test func aBatchCommitFallsBetweenStatements() throws {
        var run = try Run(["--table", "t", "--pk", "id", "--batch-size", "40"])
        try run.add((0..<LoadSession.inferenceSample).map { #"{"id":\#($0)}"# })
        try run.add(batch: (0..<100).map { #"{"id":\#(5000 + $0),"a":"x"}"# }, from: LoadSession.inferenceSample + 1)
        #expect(run.work.batches == (LoadSession.inferenceSample + 80) / 40)
        try run.database.execute("ROLLBACK")
        #expect(try run.database.scalarInt("SELECT count(*) FROM t") == Int64(LoadSession.inferenceSample + 80))
    }
}
