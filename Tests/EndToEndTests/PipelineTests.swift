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
        #expect(summary.contains("places: 1634 distinct location strings → "))

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
