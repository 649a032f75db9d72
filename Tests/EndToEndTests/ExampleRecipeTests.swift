import Foundation
import Testing

@testable import SluiceLoad

/// The recipes of `examples/` (`make example-…`), run end to end with the built executables
/// against their fixture servers on 127.0.0.1, then checked in the databases they build.
@Suite(.serialized) struct ExampleRecipeTests {
    /// Runs `examples/<name>/run.sh BIN_DIR OUT_DIR`; returns its output folder and result.
    func runRecipe(_ name: String, environment: [String: String] = [:]) throws -> (TemporaryDirectory, Executable.Result) {
        let out = try TemporaryDirectory()
        let script = Executable.packageRoot.appendingPathComponent("examples/\(name)/run.sh")
        let result = try Program.run(["bash", script.path, Executable.binDirectory.path, out.url.path], environment: environment)
        return (out, result)
    }

    func query(_ db: URL, _ sql: String) throws -> [String] { try LoadReliabilityTests.query(db.path, sql) }

    @Test func classifiedsGiveEveryAdExactlyOneExistingCategory() throws {
        let (out, result) = try runRecipe("classifieds")
        #expect(result.status == 0, "\(result.stderrText)")
        let db = out.file("classifieds.db")
        #expect(try query(db, "SELECT count(*) || '/' || count(DISTINCT id) FROM categories") == ["5/5"])
        #expect(try query(db, "SELECT count(*) FROM ads") == ["9"])
        #expect(
            try query(db, "SELECT count(*) FROM ads LEFT JOIN categories ON categories.id = ads.category_id WHERE categories.id IS NULL") == ["0"])
        #expect(
            try query(
                db, "SELECT sql LIKE '%\"category_id\" INTEGER NOT NULL REFERENCES \"categories\" (\"id\")%' FROM sqlite_schema WHERE name = 'ads'")
                == ["1"])
        // Urgent first, then newest; dates were rewritten from "6 March 2019" to ISO 8601.
        #expect(
            try query(db, "SELECT id || ' ' || posted FROM ads ORDER BY urgent DESC, posted DESC LIMIT 2") == ["110 2019-03-06", "103 2019-03-05"])
        let rejects = try String(contentsOf: out.file("ads-rejects.ndjson"), encoding: .utf8)
        #expect(rejects.contains(#""reason":"unknown_reference","detail":"no row of 'categories' has id = 42"#))
        #expect(rejects.split(separator: "\n").count == 1)
    }

    @Test func episodesKeepTheirWatchedFlagsThroughARefresh() throws {
        let (out, result) = try runRecipe("episodes")
        #expect(result.status == 0, "\(result.stderrText)")
        let db = out.file("episodes.db")
        #expect(
            try query(
                db, "SELECT show || ' ' || code || ' ' || original_air_date || ' ' || watched FROM episodes ORDER BY show, season, no_in_season") == [
                    "Night Kitchen S01E01 2019-03-04 1",
                    "Night Kitchen S01E02 2019-03-11 0",
                    "Night Kitchen S01E03 2019-03-18 0",
                    "Night Kitchen S02E01 2020-09-02 0",
                    "The Garden Hour S01E01 2019-03-04 1",
                    "The Garden Hour S01E02 2019-03-11 1",
                    "The Garden Hour S01E03 2019-03-18 1",
                    "The Garden Hour S02E01 2020-01-06 0",
                    "The Garden Hour S02E02 2020-01-13 0",
                    "The Garden Hour S02E03 2020-01-20 0",
                ])
        // Entities decoded, links kept (relative ones resolved against the page's URL).
        #expect(try query(db, "SELECT title FROM episodes WHERE code = 'S01E02' AND show = 'Night Kitchen'") == ["Crème Brûlée at 3 a.m."])
        #expect(
            try query(
                db,
                "SELECT title_href LIKE 'http://127.0.0.1:%/shows/episodes/1-1.html' FROM episodes WHERE show = 'Night Kitchen' AND code = 'S01E01'")
                == ["1"])
        // The rowspan'd director fills both rows it covers.
        #expect(try query(db, "SELECT count(*) FROM episodes WHERE directed_by = 'Sam O''Neill'") == ["2"])
        #expect(result.stderrText.contains("1 inserted, 0 updated, 9 unchanged"))
    }

    @Test func moviesAreReproducedOfflineFromTheCacheWithoutTheKeyAnywhere() throws {
        let key = "test-key-\(UUID().uuidString.prefix(8))"
        let (out, result) = try runRecipe("movies", environment: ["MOVIES_API_KEY": key])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try query(out.file("movies.db"), "SELECT count(*) FROM movies") == ["8"])
        #expect(try query(out.file("movies-offline.db"), "SELECT group_concat(id) FROM (SELECT id FROM movies ORDER BY id)") == ["1,2,3,4,5,6,7,8"])
        // Second online run: three 304s, no body downloaded again.
        let log = try String(contentsOf: out.file("server.log"), encoding: .utf8)
        #expect(
            log.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" } == ["200", "200", "200", "304", "304", "304"])
        // The key is in no file the recipe wrote, nor in anything it printed.
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.url.path)
        #expect(!files.contains { $0.contains(key) })
        for file in files {
            let data = (try? Data(contentsOf: out.file(file))) ?? Data()
            #expect(data.range(of: Data(key.utf8)) == nil, "\(file) holds the key")
        }
        #expect(!result.stdoutText.contains(key) && !result.stderrText.contains(key))
    }
}
