import Foundation
import Testing

@testable import SluiceLoad

/// `scripts/pipeline.sh` (what `make pipeline` runs) over the real San Francisco data, with the
/// test build's executables: every row arrives, and a re-run gives the same database content.
@Suite struct PipelineTests {
    static func runPipeline(into directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["scripts/pipeline.sh", Executable.binDirectory.path, directory.path]
        process.currentDirectoryURL = Executable.packageRoot
        let out = try TemporaryFile()
        process.standardOutput = try FileHandle(forWritingTo: out.url)
        process.standardError = try FileHandle(forWritingTo: out.url)
        try process.run()
        process.waitUntilExit()
        let printed = String(decoding: try out.contents(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "pipeline failed: \(printed)")
        return printed
    }

    /// Every table's rows, in rowid order, except the run log (which has times in it).
    static func content(of path: String) throws -> [String: [String]] {
        let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
        var tables: [String: [String]] = [:]
        let names = try database.column("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE '\\_sluice%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'")
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

    @Test func loadsEveryRowAndARerunGivesTheSameDatabase() throws {
        let first = try TemporaryDirectory()
        let summary = try PipelineTests.runPipeline(into: first.url)
        #expect(summary.contains("2084 in, 2084 out, 0 rejected"))
        let database = first.file("sf-film-locations.db").path
        let content = try PipelineTests.content(of: database)
        #expect(content["films"]?.count == 2084)

        let second = try TemporaryDirectory()
        _ = try PipelineTests.runPipeline(into: second.url)
        #expect(try PipelineTests.content(of: second.file("sf-film-locations.db").path) == content)
        for stage in try FileManager.default.contentsOfDirectory(atPath: first.url.path) where stage.hasSuffix(".ndjson") {
            #expect(try Data(contentsOf: first.file(stage)) == Data(contentsOf: second.file(stage)), "\(stage) differs between runs")
        }
    }
}
