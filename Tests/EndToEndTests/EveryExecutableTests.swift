import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceLoad

/// One row per executable of the package (the folders `Sources/sluice-*`): a new executable
/// fails `everyExecutableHasARow` until it has one, and then gets every test of this suite —
/// help, `--version`, exit statuses, and for a stage the accounting balance and the same bytes
/// from the same input.
struct ExecutableRow: CustomTestStringConvertible, Sendable {
    let name: String
    /// A stage: its arguments for a run over the bundled films (`DATABASE` is a scratch
    /// database), and the pipeline file it reads. Nil for a tool.
    var stage: (arguments: [String], input: PipelineSample.File)?
    /// A tool: a run that must give the same bytes twice (stdout, then the files named), in a
    /// scratch folder.
    var tool: (arguments: [String], outputs: [String])?
    /// Arguments naming an input that does not exist: exit 66.
    var missingInput: [String]?

    var testDescription: String { name }

    static let tinyGazetteer = GoldenCase.root.appendingPathComponent("geocode/0001-sanitized-address-cascade/gazetteer.csv").path
    /// Every source of `sluice-gazetteer` but the bundled ones, left out so that the build runs
    /// from data/sources alone.
    static let unbundled =
        "eas,streets,centerlines,speed-limits,junctions,intersection-pairs,parks,schools,landmarks,food-trucks,bart,caltrain,muni,businesses,businesses-older,osm-points,street-names"

    static let all: [ExecutableRow] = [
        ExecutableRow(
            name: "sluice-fetch", stage: (["--keys", "snake_case", "--infer-types"], .csv), missingInput: ["no-such.csv"]),
        ExecutableRow(
            name: "sluice-sanitize", stage: (["--field", "locations", "--city", "San Francisco", "--state", "CA", "--split"], .fetched),
            missingInput: ["--field", "locations", "no-such.ndjson"]),
        ExecutableRow(
            name: "sluice-geocode", stage: (["--gazetteer", tinyGazetteer], .sanitized),
            missingInput: ["--gazetteer", "no-such.csv"]),
        ExecutableRow(
            name: "sluice-dedupe", stage: (["--key", "address.key", "--merge"], .geocoded), missingInput: ["--key", "k", "no-such.ndjson"]),
        ExecutableRow(
            name: "sluice-load",
            stage: (["DATABASE", "--table", "films", "--pk", "provenance_source,provenance_row", "--extract", "title:titles"], .deduped),
            missingInput: ["x.db", "--table", "t", "no-such.ndjson"]),
        ExecutableRow(name: "sluice-report", stage: (["--title", "films"], .deduped), missingInput: ["no-such.ndjson"]),
        ExecutableRow(name: "sluice-stats", stage: (["--top", "3"], .deduped), missingInput: ["no-such.ndjson"]),
        ExecutableRow(
            name: "sluice-gazetteer",
            tool: (["build", "--sources", "none", "--bundled", "BUNDLED", "--exclude", unbundled, "--out", "g.csv"], ["g.csv"]),
            missingInput: ["build", "--sources", "no-such-folder", "--out", "g.csv"]),
        ExecutableRow(
            name: "sluice-eval", tool: (["geocode-films", "GEOCODED"], []), missingInput: ["geocode-films", "no-such.ndjson"]),
        ExecutableRow(name: "sluice-bench", tool: (["generate", "--records", "300", "--out", "b.ndjson"], ["b.ndjson", "b.truth.csv"])),
    ]
}

@Suite struct EveryExecutableTests {
    @Test func everyExecutableHasARow() throws {
        let sources = Executable.packageRoot.appendingPathComponent("Sources")
        let executables = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasPrefix("sluice-") }
        #expect(Set(executables) == Set(ExecutableRow.all.map(\.name)))
    }

    /// `--help` has the stages' layout; a tool of subcommands lists them, and each subcommand's
    /// own help has the layout too.
    @Test(arguments: ExecutableRow.all)
    func helpAndVersion(_ row: ExecutableRow) throws {
        let executable = Executable(row.name)
        let help = try executable.run(["--help"])
        #expect(help.status == 0 && help.stderr.isEmpty, "\(help.stderrText)")
        let subcommands = EveryExecutableTests.subcommands(in: help.stdoutText)
        #expect(subcommands.isEmpty == (row.stage != nil), "\(row.name): subcommands \(subcommands)")
        EveryExecutableTests.expectLayout(help.stdoutText, stage: row.stage != nil, of: row.name)
        if row.stage != nil {
            // Issue 32: every stage says what it writes to disk besides its output (or that it
            // writes nothing), right after what it holds in memory.
            let disk = EveryExecutableTests.section("DISK", in: help.stdoutText)
            #expect(!disk.isEmpty, "\(row.name): no DISK section")
            #expect(
                help.stdoutText.contains("\nMEMORY:\n")
                    && help.stdoutText.range(of: "\nDISK:\n").map { help.stdoutText[..<$0.lowerBound].contains("\nMEMORY:\n") } == true, "\(row.name)"
            )
        }
        for subcommand in subcommands {
            let own = try executable.run([subcommand, "--help"])
            #expect(own.status == 0 && own.stdoutText.hasPrefix("OVERVIEW: \(row.name) \(subcommand) — "), "\(row.name) \(subcommand)")
            EveryExecutableTests.expectLayout(
                own.stdoutText, stage: false, rejects: EveryExecutableTests.toolsWithRejects.contains("\(row.name) \(subcommand)"),
                of: "\(row.name) \(subcommand)")
        }
        for arguments in [["--version"]] + subcommands.map({ [$0, "--version"] }) {
            let version = try executable.run(arguments)
            #expect(version.status == 0 && version.stdoutText == "\(row.name) \(Stage.version)\n", "\(row.name) \(arguments)")
        }
    }

    /// 64 for a command line it cannot read, pointing at the help of what was run; 66 for an
    /// input that does not exist.
    @Test(arguments: ExecutableRow.all)
    func exitStatuses(_ row: ExecutableRow) throws {
        let executable = Executable(row.name)
        let subcommands = EveryExecutableTests.subcommands(in: try executable.run(["--help"]).stdoutText)
        for command in [[]] + subcommands.map({ [$0] }) {
            let result = try executable.run(command + ["--no-such-option"])
            let named = ([row.name] + command).joined(separator: " ")
            #expect(result.status == ExitCode.usage.rawValue, "\(named): \(result.stderrText)")
            #expect(result.stderrText.hasSuffix("See '\(named) --help'.\n"), "\(named): \(result.stderrText)")
        }
        if !subcommands.isEmpty {
            #expect(try executable.run([]).status == ExitCode.usage.rawValue)
            #expect(try executable.run(["no-such-subcommand"]).status == ExitCode.usage.rawValue)
        }
        if let missing = row.missingInput {
            let scratch = try TemporaryDirectory()
            let result = try executable.run(missing, in: scratch.url)
            #expect(result.status == ExitCode.noInput.rawValue, "\(row.name) \(missing): \(result.stderrText)")
            #expect(result.stderrText.contains("no-such"), "\(row.name): \(result.stderrText)")
        }
    }

    /// A stage's accounting line balances (in + split = out + rejected + merged) on the bundled
    /// films with malformed lines among them, and the same input gives the same bytes: output,
    /// rejects (or, for sluice-load, the table).
    @Test(arguments: ExecutableRow.all.filter { $0.stage != nil })
    func accountsForEveryRecordAndRepeatsItsBytes(_ row: ExecutableRow) throws {
        let (arguments, file) = try #require(row.stage)
        let input = try PipelineSample.shared.withMalformedLines(file)
        var runs: [(output: Data, rejects: Data)] = []
        for _ in 0..<2 {
            let scratch = try TemporaryDirectory()
            let database = scratch.file("run.db").path
            let given = arguments.map { $0 == "DATABASE" ? database : $0 } + ["--rejects", "rejects.ndjson", input.path]
            let result = try Executable(row.name).run(given, in: scratch.url)
            #expect(result.status == 0, "\(row.name): \(result.stderrText)")
            let summary = try #require(result.stderrText.split(separator: "\n").last.flatMap { $0.split(separator: ": ", maxSplits: 1).last })
            let counts = try #require(Accounting(summary: summary), "\(row.name): \(result.stderrText)")
            #expect(counts.balances && counts.rejected == input.malformed, "\(row.name): \(summary)")
            #expect(counts.recordsIn == input.records, "\(row.name): \(summary)")
            let rejects = try Data(contentsOf: scratch.file("rejects.ndjson"))
            #expect(rejects.split(separator: 0x0A).count == input.malformed)
            runs.append((row.name == "sluice-load" ? try EveryExecutableTests.rows(of: database) : result.stdout, rejects))
        }
        #expect(!runs[0].output.isEmpty)
        #expect(runs[0].output == runs[1].output && runs[0].rejects == runs[1].rejects, "\(row.name): other bytes the second time")
    }

    /// A tool's run repeated gives the same bytes.
    @Test(arguments: ExecutableRow.all.filter { $0.tool != nil })
    func aToolRepeatsItsBytes(_ row: ExecutableRow) throws {
        let (arguments, outputs) = try #require(row.tool)
        let geocoded = try PipelineSample.shared.file(.geocoded).path
        let bundled = Executable.packageRoot.appendingPathComponent("data/sources").path
        let given = arguments.map { $0 == "GEOCODED" ? geocoded : $0 == "BUNDLED" ? bundled : $0 }
        var runs: [[Data]] = []
        for _ in 0..<2 {
            let scratch = try TemporaryDirectory()
            let result = try Executable(row.name).run(given, in: scratch.url)
            #expect(result.status == 0, "\(row.name): \(result.stderrText)")
            runs.append([result.stdout] + (try outputs.map { try Data(contentsOf: scratch.file($0)) }))
        }
        #expect(runs[0].contains { !$0.isEmpty })
        #expect(runs[0] == runs[1], "\(row.name): other bytes the second time")
    }

    /// The REJECTS table of each stage's help names every reason the stage's golden cases
    /// reject for, and every reason defined in the sources is in some stage's table.
    @Test func theHelpNamesEveryRejectReason() throws {
        var tables: [String: Set<String>] = [:]
        for row in ExecutableRow.all where row.stage != nil {
            tables[row.name] = EveryExecutableTests.rejectTable(try Executable(row.name).run(["--help"]).stdoutText)
        }
        // A tool's reasons are in its subcommand's help (`sluice-gazetteer build --help`).
        for row in ExecutableRow.all {
            guard let subcommand = row.tool?.arguments.first else { continue }
            let table = EveryExecutableTests.rejectTable(try Executable(row.name).run([subcommand, "--help"]).stdoutText)
            if !table.isEmpty { tables[row.name] = table }
        }
        for golden in GoldenCase.all() {
            for name in try FileManager.default.contentsOfDirectory(atPath: golden.folder.path) where name.hasPrefix("expected.") {
                let text = try String(contentsOf: golden.folder.appendingPathComponent(name), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("{\"stage\":") {
                    let reason = try #require(try JSONParser.parse(String(line))["reason"]?.stringValue)
                    #expect(tables["sluice-\(golden.stage)"]?.contains(reason) == true, "\(golden.testDescription): \(reason)")
                }
            }
        }
        let defined = try EveryExecutableTests.reasonsDefinedInSources()
        #expect(defined.count >= 16)
        #expect(defined.isSubset(of: tables.values.reduce(Set()) { $0.union($1) }), "\(defined)")
        #expect(tables.values.allSatisfy { $0.isSubset(of: defined) })
    }

    // MARK: - Reading help and sources

    static let sectionOrder = ["OVERVIEW:", "USAGE:", "COMMON OPTIONS:", "EXAMPLES:", "MEMORY:", "REJECTS:", "EXIT STATUS:"]

    /// The tools' subcommands that keep a rejects file of their own, with a REJECTS table.
    static let toolsWithRejects: Set<String> = ["sluice-gazetteer build"]

    static func expectLayout(_ help: String, stage: Bool, rejects: Bool? = nil, of name: String) {
        let rejects = rejects ?? stage
        let titles = sectionOrder.filter { rejects || $0 != "REJECTS:" }
        let positions = titles.compactMap { title in help.range(of: title == "OVERVIEW:" ? title : "\n" + title + "\n")?.lowerBound }
        #expect(positions.count == titles.count && positions == positions.sorted(), "\(name): sections out of place")
        #expect(help.hasPrefix("OVERVIEW: \(name) — "), "\(name)")
        #expect(rejects == help.contains("\nREJECTS:\n"), "\(name)")
        for code in ExitCode.allCases { #expect(help.contains("\n  \(code.rawValue) "), "\(name): exit \(code.rawValue)") }
    }

    /// The names of the SUBCOMMANDS section.
    static func subcommands(in help: String) -> [String] {
        section("SUBCOMMANDS", in: help).compactMap { $0.hasPrefix("   ") ? nil : $0.split(separator: " ").first.map(String.init) }
    }

    static func rejectTable(_ help: String) -> Set<String> {
        Set(
            section("REJECTS", in: help).compactMap {
                $0.hasPrefix("   ") || $0.hasPrefix("  (") ? nil : $0.split(separator: " ").first.map(String.init)
            })
    }

    static func section(_ title: String, in help: String) -> [Substring] {
        Array(help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != title + ":" }.dropFirst().prefix { !$0.isEmpty })
    }

    /// Every `RejectReason("name", …)` in the sources.
    static func reasonsDefinedInSources() throws -> Set<String> {
        let sources = Executable.packageRoot.appendingPathComponent("Sources")
        var names: Set<String> = []
        guard let paths = FileManager.default.enumerator(atPath: sources.path) else { return names }
        for case let path as String in paths where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for piece in text.components(separatedBy: "RejectReason(").dropFirst() {
                let start = piece.drop { $0 == " " || $0 == "\n" }
                guard start.first == "\"", let name = start.dropFirst().split(separator: "\"").first else { continue }
                names.insert(String(name))
            }
        }
        return names
    }

    /// The loaded table's rows, as text: what sluice-load wrote.
    static func rows(of database: String) throws -> Data {
        let db = try Database(path: database, busyTimeoutMilliseconds: 1000)
        let columns = try db.column("SELECT name FROM pragma_table_info('films') ORDER BY cid").compactMap { $0 }
        let select = "SELECT " + columns.map { "quote(\(Database.quote($0)))" }.joined(separator: " || ',' || ") + " FROM films ORDER BY rowid"
        return Data(try db.column(select).map { ($0 ?? "") + "\n" }.joined().utf8)
    }
}

/// The bundled films through the stages as the table runs them, each stage's input made once:
/// the whole CSV for sluice-fetch, then its first 300 records on through sanitize, geocode and
/// dedupe.
final class PipelineSample: @unchecked Sendable {
    enum File: Sendable { case csv, fetched, sanitized, geocoded, deduped }

    static let shared = PipelineSample()
    static let records = 300

    let lock = NSLock()
    var directory: TemporaryDirectory?
    var made: [File: URL] = [:]

    private init() {
        // A static is never released, so its folder would outlive the test process.
        atexit { PipelineSample.shared.directory = nil }
    }

    /// The file, made (with the files before it) on first use.
    func file(_ file: File) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        return try make(file)
    }

    func make(_ file: File) throws -> URL {
        if let url = made[file] { return url }
        let directory = try self.directory ?? TemporaryDirectory()
        self.directory = directory
        let url = directory.file("\(file).ndjson")
        let previous: File
        let stage: String
        switch file {
        case .csv: return Executable.packageRoot.appendingPathComponent("data/Film_Locations_in_San_Francisco.csv")
        case .fetched:
            let all = try Executable("sluice-fetch").run(["--keys", "snake_case", "--infer-types", try make(.csv).path])
            try Data(all.stdout.split(separator: 0x0A).prefix(PipelineSample.records).map { $0 + [0x0A] }.joined()).write(to: url)
            made[file] = url
            return url
        case .sanitized: (previous, stage) = (.fetched, "sluice-sanitize")
        case .geocoded: (previous, stage) = (.sanitized, "sluice-geocode")
        case .deduped: (previous, stage) = (.geocoded, "sluice-dedupe")
        }
        let arguments = try #require(ExecutableRow.all.first { $0.name == stage }?.stage?.arguments)
        let result = try Executable(stage).run(arguments + [try make(previous).path])
        #expect(result.status == 0, "\(stage): \(result.stderrText)")
        try result.stdout.write(to: url)
        made[file] = url
        return url
    }

    /// A copy of the file with lines that are not records in it (a blank line, broken JSON,
    /// an array; a row of the wrong width for the CSV): how many records it holds, and how many
    /// of them are malformed.
    func withMalformedLines(_ file: File) throws -> (path: String, records: Int, malformed: Int) {
        let original = try Data(contentsOf: try self.file(file))
        lock.lock()
        defer { lock.unlock() }
        let directory = try self.directory ?? TemporaryDirectory()
        self.directory = directory
        let url = directory.file("\(file)-malformed.\(file == .csv ? "csv" : "ndjson")")
        var lines = original.split(separator: 0x0A, omittingEmptySubsequences: false)
        if file == .csv {
            if lines.last?.isEmpty == true { lines.removeLast() }
            try Data((lines.map { $0 + [0x0A] } + [Data("only,three,fields\n".utf8)]).joined()).write(to: url)
            var reader = CSVReader(Array(original), mode: .lenient)
            var fields: [CSVReader.Field] = []
            var rows = 0
            while try reader.next(fields: &fields) { rows += 1 }
            // The header is no record; the row of three fields is.
            return (url.path, rows, 1)
        }
        lines.removeLast()
        let records = lines.count
        lines.insert(contentsOf: [Data(), Data(#"{"broken": "#.utf8), Data("[1,2]".utf8)], at: 10)
        try Data(lines.map { $0 + [0x0A] }.joined()).write(to: url)
        return (url.path, records + 2, 2)
    }
}
