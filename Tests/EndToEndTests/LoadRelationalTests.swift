import Foundation
import Testing

@testable import SluiceLoad

/// `sluice-load` as the apps it replaces needed it: re-imports that keep user columns, stale
/// rows swept, lookup tables, atomic replacement, indexes and the run log.
@Suite struct LoadRelationalTests {
    let load = Executable("sluice-load")

    func lines(_ records: [String]) -> Data { Data(records.map { $0 + "\n" }.joined().utf8) }

    func episodes(_ range: ClosedRange<Int>) -> Data {
        lines(range.map { #"{"id":"S01E\#($0)","show":"Sample Show","title":"Episode \#($0)"}"# })
    }

    func query(_ db: TemporaryFile, _ sql: String) throws -> [String] {
        try LoadReliabilityTests.query(db.path, sql)
    }

    @Test func aColumnAddedByHandSurvivesARefresh() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...3))
        let database = try Database(path: db.path, busyTimeoutMilliseconds: 1000)
        try database.execute("ALTER TABLE episodes ADD COLUMN watched INTEGER; UPDATE episodes SET watched = 1 WHERE id IN ('S01E1', 'S01E2')")
        var refreshed = episodes(1...4)
        refreshed.append(lines([#"{"id":"S01E2","show":"Sample Show","title":"Episode 2 (extended)"}"#]))
        let result = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: refreshed)
        #expect(result.stderrText.hasSuffix("5 in, 5 out, 0 rejected, 1 inserted, 1 updated, 3 unchanged\n"))
        #expect(
            try query(db, "SELECT id || ':' || title || ':' || coalesce(watched, 0) FROM episodes ORDER BY id")
                == ["S01E1:Episode 1:1", "S01E2:Episode 2 (extended):1", "S01E3:Episode 3:0", "S01E4:Episode 4:0"])
    }

    @Test func sweepDeletesRowsThatVanishedFromTheSource() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...10))
        let result = try load.run([db.path, "--table", "episodes", "--pk", "id", "--sweep"], input: episodes(1...8))
        #expect(result.stderrText.hasSuffix("8 in, 8 out, 0 rejected, 0 inserted, 0 updated, 8 unchanged, 2 swept\n"))
        #expect(try query(db, "SELECT count(*) FROM episodes") == ["8"])
        #expect(try query(db, "SELECT swept FROM _sluice_runs ORDER BY id") == ["NULL", "2"])
    }

    @Test func sweepRefusesAnEmptyOrTruncatedSource() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...10))
        let empty = try load.run([db.path, "--table", "episodes", "--pk", "id", "--sweep"], input: Data())
        #expect(empty.status == 0)
        #expect(empty.stderrText.contains("warning: table 'episodes': not sweeping: the run wrote no rows"))
        let truncated = try load.run([db.path, "--table", "episodes", "--pk", "id", "--sweep", "--sweep-min", "0.5"], input: episodes(1...3))
        #expect(truncated.stderrText.contains("not sweeping: the run wrote 3 rows, fewer than --sweep-min 0.5 of the 10 the table had"))
        #expect(try query(db, "SELECT count(*) FROM episodes") == ["10"])
    }

    /// Before: the row of a record whose line was cut this time was swept ("9 in … 1 rejected,
    /// … 1 swept", exit 0).
    @Test func sweepRefusesWhenALineWasRejected() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...4))
        let rejects = try TemporaryFile(suffix: ".ndjson")
        var input = episodes(1...3)
        input.append(lines([#"{"id":"S01E4","show":"Sample Show","title":"#]))
        let result = try load.run([db.path, "--table", "episodes", "--pk", "id", "--sweep", "--rejects", rejects.url.path], input: input)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "warning: table 'episodes': not sweeping: 1 line was rejected, and the rows they stand for cannot be told from rows gone from the source"
            ),
            "\(result.stderrText)")
        #expect(try query(db, "SELECT count(*) FROM episodes") == ["4"])
    }

    @Test func sweepMarkFlagsStaleRowsAndClearsTheFlagWhenTheyReturn() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...4))
        let marked = try load.run([db.path, "--table", "episodes", "--pk", "id", "--sweep=mark"], input: episodes(1...3))
        #expect(marked.stderrText.hasSuffix(", 1 marked stale\n"))
        #expect(try query(db, "SELECT id FROM episodes WHERE _sluice_stale_since IS NOT NULL") == ["S01E4"])
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id", "--sweep=mark"], input: episodes(1...4))
        #expect(try query(db, "SELECT count(*) FROM episodes WHERE _sluice_stale_since IS NOT NULL") == ["0"])
    }

    @Test func extractKeepsCategoriesUniqueAndEveryAdInExactlyOne() throws {
        let db = try TemporaryFile(suffix: ".db")
        let rejects = try TemporaryFile()
        let ads = lines([
            #"{"id":1,"title":"Sofa","category":{"name":"Furniture","slug":"furniture"}}"#,
            #"{"id":2,"title":"Bike","category":{"name":"Sports","slug":"sports"}}"#,
            #"{"id":3,"title":"Chair","category":{"name":"Furniture","slug":"furniture"}}"#,
            #"{"id":4,"title":"Lost","category":null}"#,
        ])
        let arguments = [db.path, "--table", "ads", "--pk", "id", "--extract", "category.*:categories", "--rejects", rejects.path]
        let first = try load.run(arguments, input: ads)
        #expect(first.stderrText.hasSuffix("4 in, 3 out, 1 rejected, 3 inserted, 0 updated, 0 unchanged, 2 new in categories\n"))
        let second = try load.run(arguments, input: ads)
        #expect(second.stderrText.hasSuffix("4 in, 3 out, 1 rejected, 0 inserted, 0 updated, 3 unchanged\n"))
        #expect(try query(db, "SELECT id || ':' || category_name FROM categories ORDER BY id") == ["1:Furniture", "2:Sports"])
        #expect(
            try query(db, "SELECT a.title || ':' || c.category_slug FROM ads a JOIN categories c ON c.id = a.categories_id ORDER BY a.id")
                == ["Sofa:furniture", "Bike:sports", "Chair:furniture"])
        #expect(try query(db, "SELECT \"notnull\" FROM pragma_table_info('ads') WHERE name = 'categories_id'") == ["1"])
        #expect(try String(contentsOf: rejects.url, encoding: .utf8).contains(#""reason":"missing_reference""#))
        // The constraint is real: a duplicate category cannot be inserted by hand either.
        let database = try Database(path: db.path, busyTimeoutMilliseconds: 1000)
        #expect(throws: SQLiteError.self) {
            try database.execute(
                #"INSERT INTO categories (_key, category_name) VALUES ('{"category_name":"Sports","category_slug":"sports"}', 'Sports')"#)
        }
        #expect(throws: SQLiteError.self) {
            try database.execute("PRAGMA foreign_keys = ON; INSERT INTO ads (id, title, categories_id) VALUES (9, 'x', 99)")
        }
    }

    @Test func replaceSwapsInTheNewTable() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...5))
        let result = try load.run([db.path, "--table", "episodes", "--pk", "id", "--replace"], input: episodes(4...6))
        #expect(result.status == 0)
        #expect(try query(db, "SELECT id FROM episodes ORDER BY id") == ["S01E4", "S01E5", "S01E6"])
        #expect(try query(db, "SELECT count(*) FROM sqlite_schema WHERE name LIKE '%sluice_new%'") == ["0"])
    }

    @Test func buildsIndexesSpatialIndexAndFullText() throws {
        let db = try TemporaryFile(suffix: ".db")
        let places = lines([
            #"{"name":"Coit Tower","geo":{"lat":37.802395,"lon":-122.405822}}"#,
            #"{"name":"Ferry Building","geo":{"lat":37.795490,"lon":-122.393738}}"#,
            #"{"name":"Golden Gate Bridge","geo":{"lat":37.819929,"lon":-122.478255}}"#,
            #"{"name":"Nowhere","geo":null}"#,
        ])
        let result = try load.run([db.path, "--table", "places", "--index", "name", "--fts", "name", "--spatial-index"], input: places)
        #expect(result.status == 0)
        #expect(try query(db, "SELECT name FROM sqlite_schema WHERE type = 'index' AND name = 'places_name_index'") == ["places_name_index"])
        // Within about 1.5 km of the Ferry Building: Coit Tower and the Ferry Building, not the bridge.
        #expect(
            try query(
                db,
                """
                SELECT p.name FROM places p JOIN places_rtree r ON r.id = p.rowid
                WHERE r.min_lat >= 37.785 AND r.max_lat <= 37.81 AND r.min_lon >= -122.42 AND r.max_lon <= -122.38 ORDER BY p.name
                """) == ["Coit Tower", "Ferry Building"])
        #expect(
            try query(db, "SELECT p.name FROM places_fts f JOIN places p ON p.rowid = f.rowid WHERE places_fts MATCH 'golden'") == [
                "Golden Gate Bridge"
            ])
    }

    @Test func refusedRowsAreKeptInTheRejectsTable() throws {
        let db = try TemporaryFile(suffix: ".db")
        let database = try Database(path: db.path, busyTimeoutMilliseconds: 1000)
        try database.execute("CREATE TABLE scores (id INTEGER PRIMARY KEY, points INTEGER CHECK (points >= 0))")
        let result = try load.run(
            [db.path, "--table", "scores", "--pk", "id", "--rejects-table", "load_rejects"],
            input: lines([#"{"id":1,"points":5}"#, #"{"id":2,"points":-3}"#, #"{"id":3,"points":1}"#]))
        #expect(result.status == 0)
        #expect(result.stderrText.hasSuffix("3 in, 2 out, 1 rejected, 2 inserted, 0 updated, 0 unchanged\n"))
        #expect(try query(db, "SELECT line || ':' || reason || ':' || raw FROM load_rejects") == [#"2:database_refused:{"id":2,"points":-3}"#])
    }

    @Test func aFullDiskFailsCleanlyWithNothingWritten() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...3))
        let big = lines((1...3000).map { #"{"id":"X\#($0)","show":"\#(String(repeating: "padding ", count: 20))","title":"t"}"# })
        let result = try load.run([db.path, "--table", "episodes", "--pk", "id", "--max-pages", "20"], input: big)
        #expect(result.status == 74)
        #expect(result.stderrText.contains("database or disk is full"))
        #expect(try query(db, "SELECT count(*) FROM episodes") == ["3"])
        #expect(try query(db, "PRAGMA integrity_check") == ["ok"])
    }

    @Test func aReadOnlyDatabaseIsAClearError() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...3))
        let result = try load.run(["file:\(db.path)?mode=ro", "--table", "episodes", "--pk", "id"], input: episodes(4...5))
        #expect(result.status == 74)
        #expect(result.stderrText.contains("readonly"))
        #expect(try query(db, "SELECT count(*) FROM episodes") == ["3"])
    }

    @Test func twoSourcesLoadIntoOneDatabaseAndEachRunIsLogged() throws {
        let db = try TemporaryFile(suffix: ".db")
        _ = try load.run([db.path, "--table", "episodes", "--pk", "id"], input: episodes(1...3))
        _ = try load.run([db.path, "--table", "shows", "--pk", "name"], input: lines([#"{"name":"Sample Show","seasons":1}"#]))
        #expect(try query(db, "SELECT count(*) FROM episodes") == ["3"])
        #expect(try query(db, "SELECT name FROM shows") == ["Sample Show"])
        #expect(
            try query(db, "SELECT table_name || ':' || records_in || ':' || inserted FROM _sluice_runs ORDER BY id") == ["episodes:3:3", "shows:1:1"])
    }
}
