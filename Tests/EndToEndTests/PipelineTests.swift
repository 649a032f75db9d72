import Foundation
import Testing

@testable import SluiceLoad

/// `scripts/pipeline.sh` (what `make pipeline` runs) over the real San Francisco data, with the
/// test build's executables: every row arrives, and a re-run gives the same database content.
/// The first run is `BundledPipeline`'s, shared with the report's tests.
@Suite struct PipelineTests {
    static func runPipeline(into directory: URL) throws -> String {
        let (status, printed) = try BundledPipeline.run(into: directory)
        #expect(status == 0, "pipeline failed: \(printed)")
        return printed
    }

    /// Every ordinary table's rows, in rowid order, except the run log (which has times in it);
    /// index structures (FTS, R*Tree) are derived from them.
    static func content(of path: String) throws -> [String: [String]] {
        let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
        var tables: [String: [String]] = [:]
        let names = try database.column(
            """
            SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE '\\_sluice%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'
            AND sql NOT LIKE 'CREATE VIRTUAL%' AND sql NOT LIKE '%WITHOUT ROWID%' AND name NOT LIKE '%\\_fts\\_%' ESCAPE '\\' AND name NOT LIKE '%\\_rtree\\_%' ESCAPE '\\'
            """)
        for case let name? in names {
            let statement = try database.prepare("SELECT * FROM \(Database.quote(name)) ORDER BY rowid")
            var rows: [String] = []
            while try statement.step() {
                rows.append((0..<statement.columnCount).map { statement.text(at: $0) ?? "NULL" }.joined(separator: "|"))
            }
            tables[name] = rows
        }
        return tables
    }

    /// The three example queries of the README (`scripts/sf-queries.sql`) each find rows, and
    /// every film within 500 m of Coit Tower really is.
    @Test func theReadmeQueriesAnswer() throws {
        let database = try Database(path: try BundledPipeline.output().file("sf-film-locations.db").path, busyTimeoutMilliseconds: 1000)
        let script = try String(contentsOf: Executable.packageRoot.appendingPathComponent("scripts/sf-queries.sql"), encoding: .utf8)
        let queries = script.components(separatedBy: ";\n").map { query in
            query.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n")
        }.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        #expect(queries.count == 3)
        var answers: [[[String]]] = []
        for query in queries {
            let statement = try database.prepare(query)
            var rows: [[String]] = []
            while try statement.step() { rows.append((0..<statement.columnCount).map { statement.text(at: $0) ?? "NULL" }) }
            answers.append(rows)
        }
        #expect(answers[0].contains { $0[3] == "Fairmont Hotel (950 Mason Street, Nob Hill)" })
        #expect(answers[1].contains { $0 == ["The Maltese Falcon", "1941"] })
        #expect(!answers[2].isEmpty)
        #expect(answers[2].allSatisfy { (Double($0[1]) ?? .infinity) <= 500 })
    }

    @Test func loadsEveryRowAndARerunGivesTheSameDatabase() throws {
        let first = try BundledPipeline.output()
        let summary = first.printed
        #expect(summary.contains("2084 in, 2084 out, 0 rejected"))
        let database = first.file("sf-film-locations.db").path
        let content = try PipelineTests.content(of: database)
        #expect(content["film_locations"]?.count == 2084)
        #expect(content["films"]?.count == 337)
        #expect((content["locations"]?.count ?? 0) > 1000)
        #expect(summary.contains("places: 1634 distinct location strings → \(content["locations"]?.count ?? -1) places"))

        let second = try TemporaryDirectory()
        _ = try PipelineTests.runPipeline(into: second.url)
        #expect(try PipelineTests.content(of: second.file("sf-film-locations.db").path) == content)
        for stage in try FileManager.default.contentsOfDirectory(atPath: first.directory.path) where stage.hasSuffix(".ndjson") {
            #expect(try Data(contentsOf: first.file(stage)) == Data(contentsOf: second.file(stage)), "\(stage) differs between runs")
        }
        // The report names its input files, which differ only by the directory.
        for page in ["report.html", "places.geojson"] {
            let firstText = try String(contentsOf: first.file(page), encoding: .utf8)
            let secondText = try String(contentsOf: second.file(page), encoding: .utf8)
            #expect(firstText.replacingOccurrences(of: first.directory.path, with: second.url.path) == secondText, "\(page) differs between runs")
        }
    }
}

extension PipelineTests {
    /// Find or create through the database (issue 29): `make pipeline`, then `make pipeline
    /// PIPELINE_MORE=Tests/EndToEndTests/Fixtures/pipeline-week2.csv` (four changed rows of the
    /// bundled CSV; one row tying two of week 1's entities together: City Hall with Gus Van Sant
    /// and Dustin Lance Black, one film's lead and the other's production company, rows 1993
    /// (Milk) and 516 (When We Rise); three new rows). Week 2
    /// links its rows to the entities the database holds (read back with --export): each changed
    /// row joins its original's entity, the new ones make entities of their own, the tie merges
    /// two, and _sluice_runs counts them.
    @Test func aSecondWeekLinksItsRowsToTheEntitiesOfTheDatabase() throws {
        let directory = try TemporaryDirectory()
        let week2 = "Tests/EndToEndTests/Fixtures/pipeline-week2.csv"
        _ = try PipelineTests.runPipeline(into: directory.url)
        let db = directory.file("sf-film-locations.db").path
        func query(_ sql: String) throws -> [String] { try LoadReliabilityTests.query(db, sql) }
        let bundled = "data/Film_Locations_in_San_Francisco.csv"
        func entity(_ source: String, _ row: Int) throws -> String? {
            try query("SELECT entity_cluster FROM film_locations WHERE provenance_source = '\(source)' AND provenance_row = \(row)").first
        }
        let tied = (try entity(bundled, 1993), try entity(bundled, 516))
        #expect(tied.0 != nil && tied.0 != tied.1, "rows 1993 and 516 are two entities after week 1, or the tie shows nothing")

        let (status, printed) = try BundledPipeline.run(into: directory.url, more: week2)
        #expect(status == 0, "week 2 failed: \(printed)")
        #expect(printed.contains("8 in, 8 out, 0 rejected, 2084 known records, 5 joined to known clusters, 3 new clusters, 1 known cluster merged"))
        #expect(try query("SELECT count(*) FROM film_locations") == ["2092"])
        // The summary counts the places in the table, not the few this week's load added.
        let places = try query("SELECT count(*) FROM locations").first ?? "?"
        #expect(printed.contains("distinct location strings → \(places) places"), "week 2's summary: \(printed)")
        // Each changed row is in its original's entity; the tie put rows 1993 and 516 in one.
        for (changed, original) in [(1, 2), (2, 51), (3, 401), (4, 3), (5, 1993)] {
            #expect(try entity(week2, changed) != nil && entity(week2, changed) == entity(bundled, original), "week 2 row \(changed)")
        }
        #expect(try entity(bundled, 1993) == entity(bundled, 516))
        let absorbed = [tied.0, tied.1].compactMap { $0 }.filter { $0 != (try? entity(bundled, 1993)) ?? nil }
        #expect(absorbed.count == 1)
        #expect(try query("SELECT count(*) FROM film_locations WHERE entity_cluster = '\(absorbed.first ?? "")'") == ["0"])
        // The new rows' entities are their own; every entity's rows carry its row count.
        for row in 6...8 {
            let id = try entity(week2, row) ?? ""
            #expect(try query("SELECT count(*) FROM film_locations WHERE entity_cluster = '\(id)' AND provenance_source = '\(bundled)'") == ["0"])
        }
        #expect(
            try query(
                "SELECT entity_cluster FROM film_locations GROUP BY entity_cluster HAVING min(entity_size) != count(*) OR max(entity_size) != count(*)"
            ) == [])
        #expect(try query("SELECT count(*) FROM film_locations WHERE entity_cluster IS NULL") == ["0"])
        #expect(
            try query(
                "SELECT records_in || ' ' || inserted || ' ' || merges || ' ' || merged_rows || ' ' || coalesce(linked, '-') || ' ' || coalesce(created, '-') FROM _sluice_runs ORDER BY id"
            ) == ["2084 2084 0 0 - -", "2094 8 1 1 5 3"])
    }
}
