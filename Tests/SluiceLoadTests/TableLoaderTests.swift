import CSQLite
import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct TableLoaderTests {
    func memoryDatabase() throws -> Database { try Database(path: ":memory:", busyTimeoutMilliseconds: 0) }

    func row(_ text: String) throws -> RecordFlattener.Row { RecordFlattener.flatten(try JSONParser.parse(text)) }

    func loader(_ database: Database, table: String = "t", pk: [String] = [], strict: Bool = false, sample: [String]) throws -> TableLoader {
        var schema = TableSchema(table: table)
        try schema.read(from: database)
        if !schema.exists { try schema.create(in: database, from: sample.map(row), primaryKey: pk) }
        return TableLoader(database: database, schema: schema, primaryKey: pk, strict: strict)
    }

    /// Writes a record as `LoadSession` does: read into a flat row, found its layout, written.
    func write(_ loader: TableLoader, _ text: String) throws -> TableLoader.Refusal? {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { line in
            let rows = FlatRows()
            let row = rows.row(rows.scan(try NDJSONRecord(line)))
            return try loader.write(row, layout: loader.layout(for: row), line: line, extraction: nil, ids: [])
        }
    }

    func rows(_ database: Database, _ sql: String) throws -> [String] {
        let statement = try database.prepare(sql)
        var out: [String] = []
        while try statement.step() { out.append(statement.text(at: 0) ?? "NULL") }
        return out
    }

    @Test func upsertSQLUpdatesOnlyIncomingColumnsAndSkipsUnchangedRows() {
        #expect(
            TableLoader.insertSQL(table: "t", columns: ["id", "a", "b"], primaryKey: ["id"])
                == #"INSERT INTO "t" ("id", "a", "b") VALUES (?, ?, ?) ON CONFLICT ("id") DO UPDATE SET "a" = excluded."a", "b" = excluded."b" WHERE ("a", "b") IS NOT (excluded."a", excluded."b")"#
        )
        #expect(
            TableLoader.insertSQL(table: "t", columns: ["id"], primaryKey: ["id"])
                == #"INSERT INTO "t" ("id") VALUES (?) ON CONFLICT ("id") DO NOTHING"#)
        #expect(TableLoader.insertSQL(table: "t", columns: ["a"], primaryKey: []) == #"INSERT INTO "t" ("a") VALUES (?)"#)
    }

    @Test func createsTypedColumnsFromTheSample() throws {
        let database = try memoryDatabase()
        _ = try loader(database, pk: ["id"], sample: [#"{"id":1,"n":null,"x":1,"y":"s"}"#, #"{"id":2,"n":null,"x":2.5,"y":3}"#])
        #expect(
            try rows(database, "SELECT name || ' ' || type || ' ' || pk FROM pragma_table_info('t')") == [
                "id INTEGER 1", "n TEXT 0", "x REAL 0", "y TEXT 0",
            ])
    }

    @Test func upsertCountsChangesAndKeepsOtherColumns() throws {
        let database = try memoryDatabase()
        let first = try loader(database, pk: ["id"], sample: [#"{"id":1,"a":"x"}"#])
        _ = try write(first, #"{"id":1,"a":"x"}"#)
        try database.execute(#"ALTER TABLE t ADD COLUMN watched INTEGER; UPDATE t SET watched = 1"#)
        let second = try loader(database, pk: ["id"], sample: [])
        _ = try write(second, #"{"id":1,"a":"x"}"#)  // unchanged
        _ = try write(second, #"{"id":1,"a":"y"}"#)  // updated
        _ = try write(second, #"{"id":2,"a":"z"}"#)  // inserted
        #expect(second.changed == 2)
        #expect(try rows(database, "SELECT id || a || coalesce(watched, '-') FROM t ORDER BY id") == ["1y1", "2z-"])
    }

    @Test func rejectsRowsWithoutAKeyAndUnknownColumnsUnderStrict() throws {
        let database = try memoryDatabase()
        let strict = try loader(database, pk: ["id"], strict: true, sample: [#"{"id":1,"a":"x"}"#])
        guard case .missingKey("id") = try write(strict, #"{"id":null,"a":"x"}"#) else {
            Issue.record("a null key was accepted")
            return
        }
        guard case .unknownColumns(["new"]) = try write(strict, #"{"id":3,"new":1}"#) else {
            Issue.record("a new column was accepted under strict")
            return
        }
    }

    @Test func addsColumnsForNewFields() throws {
        let database = try memoryDatabase()
        let loader = try loader(database, sample: [#"{"a":1}"#])
        var added: [String] = []
        loader.onNewColumn = { added.append($0) }
        _ = try write(loader, #"{"a":2,"B":2.5}"#)
        _ = try write(loader, #"{"A":3,"b":1}"#)  // SQLite names are case-insensitive
        #expect(added == ["B"])
        #expect(try rows(database, "SELECT a || '/' || coalesce(B, '') FROM t") == ["2/2.5", "3/1.0"])
    }

    @Test func hostileNamesAreOnlyNames() throws {
        let database = try memoryDatabase()
        let hostile = #"x"; DROP TABLE t; --"#
        let loader = try loader(database, table: #"t"t"#, sample: [#"{"x\"; DROP TABLE t; --":1}"#])
        _ = try write(loader, #"{"x\"; DROP TABLE t; --":1}"#)
        #expect(try rows(database, "SELECT name FROM pragma_table_info('t\"t')") == [hostile])
        #expect(try rows(database, #"SELECT count(*) FROM "t""t""#) == ["1"])
    }

    @Test func refusesAnExistingTableWithDuplicateKeysClearly() throws {
        let database = try memoryDatabase()
        try database.execute("CREATE TABLE t (id INTEGER, a TEXT); INSERT INTO t VALUES (1, 'x'), (1, 'y')")
        let loader = try loader(database, pk: ["id"], sample: [])
        #expect(throws: SQLiteError.self) { try write(loader, #"{"id":1,"a":"z"}"#) }
    }

    @Test func addsAUniqueIndexForAKeyOnAnExistingTable() throws {
        let database = try memoryDatabase()
        try database.execute("CREATE TABLE t (id INTEGER, a TEXT); INSERT INTO t VALUES (1, 'x')")
        let loader = try loader(database, pk: ["id"], sample: [])
        _ = try write(loader, #"{"id":1,"a":"z"}"#)
        #expect(try rows(database, "SELECT id || a FROM t") == ["1z"])
    }
}

/// `TableLoader.writeTogether`: rows of any layout inserted with one statement, stored as the
/// rows' own statements one by one would store them, or refused whole.
@Suite struct TableLoaderTogetherTests {
    let support = TableLoaderTests()

    /// Rows of three shapes, a key each, some fields absent or null.
    static func lines(_ ids: Range<Int>) -> [String] {
        ids.map { id in
            switch id % 3 {
            case 0: #"{"id":\#(id),"a":"x\#(id)","b":\#(id).5}"#
            case 1: #"{"id":\#(id),"b":null,"c":[1,"\#(id)"]}"#
            default: #"{"c":"t","id":\#(id)}"#
            }
        }
    }

    /// Writes the lines together, as `LoadSession` holds a reader batch's rows.
    func writeTogether(_ loader: TableLoader, _ lines: [String]) throws -> Bool {
        try withReadBatch(lines) { batch in
            try loader.writeTogether(
                batch.enumerated().map { number, entry in
                    TableLoader.HeldRow(
                        row: entry.row, layout: loader.layout(for: entry.row), line: entry.line,
                        location: StageContext.Location(source: "in", line: number + 1))
                })
        }
    }

    /// A table of columns id, a, b, c with a row of each shape written alone (so that each
    /// layout has its statement, as `LoadSession` sees to).
    func table(pk: [String] = ["id"]) throws -> (Database, TableLoader) {
        let database = try support.memoryDatabase()
        let loader = try support.loader(database, pk: pk, sample: [#"{"id":1,"a":"s","b":1.5,"c":"s"}"#])
        for line in TableLoaderTogetherTests.lines(1000..<1003) { #expect(try support.write(loader, line) == nil) }
        return (database, loader)
    }

    func contents(_ database: Database) throws -> [String] {
        try support.rows(database, "SELECT rowid || '|' || quote(id) || '|' || quote(a) || '|' || quote(b) || '|' || quote(c) FROM t ORDER BY rowid")
    }

    @Test func storesWhatTheRowsOneByOneWould() throws {
        let (together, loader) = try table()
        let lines = TableLoaderTogetherTests.lines(0..<loader.rowsPerStatement)
        #expect(loader.rowsPerStatement == 32)
        #expect(try writeTogether(loader, lines))
        #expect(loader.changed == 3 + 32)
        let (alone, single) = try table()
        for line in lines { #expect(try support.write(single, line) == nil) }
        #expect(try contents(together) == contents(alone))
        #expect(try contents(together).count == 35)
    }

    @Test func refusesWholeAKeyTheTableHasOrTheRowsRepeat() throws {
        let (database, loader) = try table()
        // Row 1001 is in the table: its own statement would update it.
        #expect(try !writeTogether(loader, TableLoaderTogetherTests.lines(990..<1022)))
        var repeated = TableLoaderTogetherTests.lines(0..<32)
        repeated[20] = repeated[3]
        #expect(try !writeTogether(loader, repeated))
        #expect(try support.rows(database, "SELECT count(*) FROM t") == ["3"])
        #expect(loader.changed == 3)
        // The statement refused leaves the next one to work.
        #expect(try writeTogether(loader, TableLoaderTogetherTests.lines(0..<32)))
    }

    @Test func writesOnlyAStatementsWorthOfRows() throws {
        let (database, loader) = try table()
        #expect(try !writeTogether(loader, TableLoaderTogetherTests.lines(0..<31)))
        #expect(try support.rows(database, "SELECT count(*) FROM t") == ["3"])
    }

    @Test func aTableOfManyColumnsTakesFewerRowsAStatement() throws {
        let database = try support.memoryDatabase()
        // SQLite's default (Debian's build allows 250,000): 21 rows of 1,500 columns.
        sqlite3_limit(database.handle, SQLITE_LIMIT_VARIABLE_NUMBER, 32766)
        let wide = "{" + (0..<1500).map { #""c\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        let loader = try support.loader(database, sample: [wide])
        #expect(loader.rowsPerStatement == 21)
    }

    @Test func takesRowsTogetherOnlyWhereNullIsWhatLeavingOutStores() throws {
        let database = try support.memoryDatabase()
        try database.execute(
            """
            CREATE TABLE plain (id INTEGER PRIMARY KEY, a TEXT);
            CREATE TABLE defaults (id INTEGER PRIMARY KEY, a TEXT DEFAULT 'none');
            CREATE TABLE tree (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES tree (id));
            CREATE TABLE other (id INTEGER PRIMARY KEY, plain_id INTEGER REFERENCES plain (id));
            """)
        for (table, takes) in [("plain", true), ("defaults", false), ("tree", false), ("other", true)] {
            #expect(try TableSchema(table: table).takesRowsTogether(in: database) == takes, "\(table)")
        }
    }
}
