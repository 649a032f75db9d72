import Foundation
import Sluice
import SluiceTestSupport
import Testing

@testable import SluiceLoad

/// The `Sluice` library against the executables on the bundled films (`scripts/pipeline.sh`'s
/// files, `BundledPipeline`): each call gives, byte for byte, what its stage's executable wrote,
/// since both run the same command (issue 31: the executables are thin wrappers over the API).
@Suite(.serialized) struct SwiftAPITests {
    static func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: try BundledPipeline.output().file(name), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func sanitizeWritesWhatTheStageWrote() throws {
        let sanitized = try sanitize(try Self.lines("01-fetched.ndjson"), field: "locations", city: "San Francisco", state: "CA")
        #expect(sanitized.count > 1000)
        #expect(sanitized == (try Self.lines("02-sanitized.ndjson")))
    }

    @Test func recordGeocoderWritesWhatTheStageWrote() throws {
        var geocoder = RecordGeocoder(Geocoder(try Gazetteer.load(path: Executable.packageRoot.path + "/data/sf-gazetteer.csv")))
        let geocoded = try Self.lines("02-sanitized.ndjson").map { try geocoder.geocode($0) }
        #expect(geocoded == (try Self.lines("03-geocoded.ndjson")))
    }

    @Test func keyDedupeWritesWhatTheStageWrote() throws {
        let deduped = try dedupe(try Self.lines("03-geocoded.ndjson"), keys: ["address.key"])
        #expect(deduped == (try Self.lines("04-deduped.ndjson")))
    }

    /// A model learnt by the library is the file `--model-out` writes, and records deduplicated
    /// with it are what `--model FILE` writes, in each mode.
    @Test func modelDedupeWritesWhatTheStageWrote() throws {
        let scratch = try ScratchDirectory()
        let input = try BundledPipeline.output().file("03-geocoded.ndjson").path
        let compare = ["title", "address.key:address", "geo:geo=100"]
        let block = ["address.key", "geo:geohash7"]
        let fuzzy = ["--compare", compare.joined(separator: ","), "--block", block[0], "--block", block[1]]
        let learnt = try Executable("sluice-dedupe").run(fuzzy + ["--model-out", scratch.file("cli-model.json"), input])
        #expect(learnt.status == 0, "\(learnt.stderrText)")
        let model = try DedupeModel.learn(from: try Self.lines("03-geocoded.ndjson"), compare: compare, block: block)
        try model.write(to: scratch.file("api-model.json"))
        #expect(
            FileManager.default.contents(atPath: scratch.file("api-model.json"))
                == FileManager.default.contents(atPath: scratch.file("cli-model.json")))
        for mode in [DedupeMode.mark, .drop, .merge] {
            let cli = try Executable("sluice-dedupe").run(fuzzy + ["--model", scratch.file("cli-model.json"), "--\(mode.rawValue)", input])
            #expect(cli.status == 0, "\(cli.stderrText)")
            let api = try dedupe(try Self.lines("03-geocoded.ndjson"), with: try DedupeModel(contentsOf: scratch.file("cli-model.json")), mode: mode)
            #expect(api == cli.stdoutLines, "--\(mode.rawValue)")
        }
    }

    /// The tables the library loads hold what the pipeline's sluice-load wrote, row for row.
    @Test func loadWritesTheRowsTheStageWrote() throws {
        let scratch = try ScratchDirectory()
        let database = scratch.file("films.db")
        // scripts/pipeline.sh's sluice-load, option for option.
        let counts = try load(
            try Self.lines("04-linked.ndjson"), into: database, table: "film_locations",
            options: [
                "--pk", "provenance_source,provenance_row", "--extract", "title,release_year:films",
                "--extract", "address.key,address.kind,geo.lat,geo.lon,geo.precision,geo.matched:locations",
                "--index", "films_id,locations_id", "--fts", "locations,fun_facts",
            ])
        #expect(counts.recordsIn == (try Self.lines("04-linked.ndjson")).count)
        #expect(counts.rejected == 0)
        let pipelineDatabase = try BundledPipeline.output().file("sf-film-locations.db").path
        for table in ["film_locations", "films", "locations"] {
            let rows = try Self.rows(of: database, table: table)
            #expect(!rows.isEmpty)
            #expect(rows == (try Self.rows(of: pipelineDatabase, table: table)), "\(table)")
        }
    }

    /// A table's rows as text, every column quoted by SQLite, in rowid order.
    static func rows(of path: String, table: String) throws -> [String] {
        let db = try Database(path: path, busyTimeoutMilliseconds: 1000)
        let columns = try db.column("SELECT name FROM pragma_table_info('\(table)') ORDER BY cid").compactMap { $0 }
        let select =
            "SELECT " + columns.map { "quote(\(Database.quote($0)))" }.joined(separator: " || ',' || ")
            + " FROM \(Database.quote(table)) ORDER BY rowid"
        return try db.column(select).map { $0 ?? "" }
    }
}
