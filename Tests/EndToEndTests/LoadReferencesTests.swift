import Foundation
import SluiceCore
import Testing

@testable import SluiceLoad

/// `sluice-load --references`: listings that refer by id to categories loaded separately.
@Suite struct LoadReferencesTests {
    let load = Executable("sluice-load")

    func lines(_ records: [String]) -> Data { Data(records.map { $0 + "\n" }.joined().utf8) }

    @Test func everyLoadedRowHasExactlyOneExistingCategoryAndUnknownOnesAreRejected() throws {
        let db = try TemporaryFile(suffix: ".db")
        let rejects = try TemporaryFile()
        let categories = try load.run(
            [db.path, "--table", "categories", "--pk", "id"], input: lines([#"{"id":1,"name":"Furniture"}"#, #"{"id":2,"name":"Bicycles"}"#]))
        #expect(categories.status == 0)
        let ads = try load.run(
            [db.path, "--table", "ads", "--pk", "id", "--references", "category_id:categories", "--rejects", rejects.path],
            input: lines([#"{"id":10,"category_id":1}"#, #"{"id":11,"category_id":9}"#, #"{"id":12}"#, #"{"id":13,"category_id":2}"#]))
        #expect(ads.status == 0)
        #expect(ads.stderrText == "sluice-load: 4 in, 2 out, 2 rejected, 2 inserted, 0 updated, 0 unchanged\n")
        #expect(try LoadReliabilityTests.query(db.path, "SELECT id || ':' || category_id FROM ads ORDER BY id") == ["10:1", "13:2"])
        #expect(
            try LoadReliabilityTests.query(db.path, "SELECT sql FROM sqlite_schema WHERE name = 'ads'") == [
                #"CREATE TABLE "ads" ("id" INTEGER, "category_id" INTEGER NOT NULL REFERENCES "categories" ("id"), PRIMARY KEY ("id"))"#
            ])
        let reasons = try String(contentsOf: rejects.url, encoding: .utf8).split(separator: "\n").map { line in
            (try? JSONParser.parse(String(line)))?["reason"]?.stringValue ?? ""
        }
        #expect(reasons == ["unknown_reference", "missing_reference"])
        // The database enforces it too: a hand-written row with an unknown category fails.
        let database = try Database(path: db.path, busyTimeoutMilliseconds: 1000)
        try database.execute("PRAGMA foreign_keys = ON")
        #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO ads VALUES (20, 77)") }
    }

    @Test func withoutTheReferencedTableNothingIsLoaded() throws {
        let db = try TemporaryFile(suffix: ".db")
        let result = try load.run(
            [db.path, "--table", "ads", "--references", "category_id:categories"], input: lines([#"{"id":1,"category_id":1}"#]))
        #expect(result.status == 65)
        #expect(
            result.stderrText
                == "sluice-load: --references category_id:categories.id: there is no table 'categories' yet: load it first; nothing was committed: the database is as it was before the run\n"
        )
        #expect(try LoadReliabilityTests.query(db.path, "SELECT count(*) FROM sqlite_schema WHERE name = 'ads'") == ["0"])
    }
}
