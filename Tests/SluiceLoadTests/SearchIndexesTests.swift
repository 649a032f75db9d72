import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct SearchIndexesTests {
    func database() throws -> Database {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute("CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT, geo_lat REAL, geo_lon REAL)")
        try database.execute("INSERT INTO p VALUES (1, 'a', 37.1, -122.1), (2, 'b', NULL, NULL), (3, 'c', 'x', -122.3)")
        return database
    }

    func schema(_ database: Database) throws -> TableSchema {
        var schema = TableSchema(table: "p")
        try schema.read(from: database)
        return schema
    }

    func ids(_ database: Database) throws -> [String?] {
        try database.column("SELECT id || ':' || round(min_lat, 1) FROM p_rtree ORDER BY id")
    }

    @Test func findsCoordinatePairs() throws {
        let database = try database()
        #expect(SearchIndexes.coordinatePairs(in: try schema(database)).map { "\($0.lat)/\($0.lon)" } == ["geo_lat/geo_lon"])
    }

    @Test(.enabled(if: Database.hasCompileOption("ENABLE_RTREE")))
    func fillsTheRTreeWithTheRowsThatHaveNumericCoordinates() throws {
        let database = try database()
        #expect(try SearchIndexes.ensureSpatialIndexes(for: try schema(database), in: database) == ["p_rtree"])
        #expect(try ids(database) == ["1:37.1"])
    }

    /// Triggers keep the R*Tree exact through inserts, updates and deletes, without a rebuild.
    @Test(.enabled(if: Database.hasCompileOption("ENABLE_RTREE")))
    func triggersKeepTheRTreeInStep() throws {
        let database = try database()
        _ = try SearchIndexes.ensureSpatialIndexes(for: try schema(database), in: database)
        try database.execute("INSERT INTO p VALUES (4, 'd', 37.4, -122.4)")
        try database.execute("UPDATE p SET geo_lat = 37.2, geo_lon = -122.2 WHERE id = 2")
        try database.execute("UPDATE p SET geo_lat = NULL WHERE id = 1")
        try database.execute("DELETE FROM p WHERE id = 4")
        try database.execute("INSERT INTO p VALUES (5, 'e', 37.5, -122.5)")
        #expect(try ids(database) == ["2:37.2", "5:37.5"])
    }

    /// An R*Tree made before the triggers (or stale for any reason) is rebuilt once they are added.
    @Test(.enabled(if: Database.hasCompileOption("ENABLE_RTREE")))
    func anRTreeWithoutItsTriggersIsRebuilt() throws {
        let database = try database()
        try database.execute("CREATE VIRTUAL TABLE p_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon)")
        try database.execute("INSERT INTO p_rtree VALUES (9, 1, 1, 2, 2)")
        _ = try SearchIndexes.ensureSpatialIndexes(for: try schema(database), in: database)
        #expect(try ids(database) == ["1:37.1"])
        // Present and complete: nothing is rebuilt (a stray entry would survive).
        try database.execute("INSERT INTO p_rtree VALUES (9, 1, 1, 2, 2)")
        _ = try SearchIndexes.ensureSpatialIndexes(for: try schema(database), in: database)
        #expect(try ids(database) == ["1:37.1", "9:1.0"])
    }

    @Test func aTableWithoutCoordinatesGetsNoRTree() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute("CREATE TABLE q (id INTEGER, name TEXT)")
        var schema = TableSchema(table: "q")
        try schema.read(from: database)
        #expect(try SearchIndexes.ensureSpatialIndexes(for: schema, in: database).isEmpty)
        #expect(try SearchIndexes.ensureSpatialIndexes(for: TableSchema(table: "missing"), in: database).isEmpty)
    }

    /// The full-text index follows the table through its triggers, and is rebuilt when its
    /// columns change.
    @Test(.enabled(if: Database.hasCompileOption("ENABLE_FTS5")))
    func triggersKeepTheFullTextIndexInStep() throws {
        let database = try database()
        #expect(try SearchIndexes.ensureFullText(on: "p", columns: ["name"], in: database))
        try database.execute("INSERT INTO p VALUES (7, 'golden gate', NULL, NULL)")
        try database.execute("UPDATE p SET name = 'coit tower' WHERE id = 1")
        try database.execute("DELETE FROM p WHERE id = 2")
        let match = { (word: String) throws in try database.column("SELECT rowid FROM p_fts WHERE p_fts MATCH ? ORDER BY rowid", [.text(word)]) }
        #expect(try match("golden") == ["7"])
        #expect(try match("coit") == ["1"])
        #expect(try match("a").isEmpty)
        try database.execute("INSERT INTO p_fts(p_fts, rank) VALUES ('integrity-check', 1)")
        #expect(try SearchIndexes.ensureFullText(on: "p", columns: ["name", "geo_lat"], in: database))
        #expect(try database.column("SELECT name FROM pragma_table_info('p_fts')") == ["name", "geo_lat"])
        try database.execute("INSERT INTO p_fts(p_fts, rank) VALUES ('integrity-check', 1)")
    }

    /// A record's own `rowid` field is a column that hides SQLite's name for the row id; the
    /// indexes then use `oid` (or `_rowid_`), so they point at the rows, not at the field's values.
    @Test(.enabled(if: Database.hasCompileOption("ENABLE_RTREE") && Database.hasCompileOption("ENABLE_FTS5")))
    func aRowidColumnDoesNotStandInForTheRowID() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute("CREATE TABLE p (rowid TEXT, name TEXT, geo_lat REAL, geo_lon REAL)")
        try database.execute("INSERT INTO p VALUES ('900', 'golden gate', 37.8, -122.4), ('x', 'coit tower', 37.7, -122.3)")
        let schema = try schema(database)
        #expect(schema.rowIDName == "oid")
        _ = try SearchIndexes.ensureSpatialIndexes(for: schema, in: database)
        #expect(try SearchIndexes.ensureFullText(on: "p", columns: ["name"], in: database))
        try database.execute("INSERT INTO p VALUES ('7', 'alcatraz', 37.82, -122.42)")
        try database.execute("DELETE FROM p WHERE name = 'coit tower'")
        #expect(try ids(database) == ["1:37.8", "3:37.8"])
        #expect(try database.column("SELECT rowid FROM p_fts WHERE p_fts MATCH 'alcatraz'") == ["3"])
        try database.execute("INSERT INTO p_fts(p_fts, rank) VALUES ('integrity-check', 1)")
        var hidden = TableSchema(table: "h")
        for column in ["ROWID", "oid", "_rowid_"] { hidden.register(column, type: "TEXT") }
        #expect(hidden.rowIDName == nil)
    }
}
