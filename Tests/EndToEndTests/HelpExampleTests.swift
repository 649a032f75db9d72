import Foundation
import SluiceTestSupport
import Testing

/// Every EXAMPLES line of every executable's `--help`, and of each subcommand's, runs as
/// written, as a user at the root of the repository would paste it: one executable's lines in
/// order in one scratch folder that holds the repository (linked), `build/pipeline/` as
/// `make pipeline` leaves it, and the small files of `Fixtures/help-examples/` named as the
/// lines name them (`films.ndjson`, `shops.ndjson`, `week1.ndjson`, …). A line is left out only
/// for a reason of `Skip`, which the test prints; the repository's `data/` must be as it was.
struct HelpExamples: CustomTestStringConvertible, Sendable {
    /// The executable, and its subcommand when the examples are a subcommand's.
    let command: [String]
    let lines: [String]

    var testDescription: String { command.joined(separator: " ") }

    static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/help-examples")
    /// The evaluation data beside the repository (`../shared/data`), which a clone elsewhere lacks.
    static let shared = Executable.packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// Why a line is not run.
    enum Skip: Equatable, CustomStringConvertible {
        /// It fetches from the network (a URL).
        case network
        /// It starts from `…`, the output of an earlier stage the line leaves out.
        case elided
        /// It measures for minutes; the Makefile target named runs it.
        case measurement(target: String)
        /// It reads `../shared/data`, which is not beside this checkout.
        case sharedData
        /// A gazetteer build from a town's downloads (OpenAddresses, TIGER/Line, GTFS, OSM)
        /// that the repository does not hold.
        case download(String)

        var description: String {
            switch self {
            case .network: "reads the network"
            case .elided: "starts from an elided input (…)"
            case .measurement(let target): "a measurement of minutes, run by make \(target)"
            case .sharedData: "reads ../shared/data, not beside this checkout"
            case .download(let file): "builds from \(file), a download the repository does not hold"
            }
        }
    }

    /// Minutes-long measurements, and the Makefile target that runs each.
    static let measurements = ["sluice-bench run": "bench", "sluice-eval geocode-trucks": "eval", "sluice-eval dedupe": "eval"]

    /// The options of `sluice-gazetteer build` that name a source file.
    static let buildSources: Set<String> = ["--openaddresses", "--tiger-edges", "--gtfs-stops", "--osm", "--places", "--streets", "--gazetteer"]

    static func skip(_ line: String, sharedDataPresent: Bool, exists: (String) -> Bool = { _ in true }) -> Skip? {
        if line.contains("://") { return .network }
        if line.hasPrefix("…") || line.contains("| …") { return .elided }
        if let target = measurements.first(where: { line.hasPrefix($0.key) })?.value { return .measurement(target: target) }
        // sluice-eval's sets default to ../shared/data when the line names none.
        if !sharedDataPresent, line.contains("../shared") || line.hasPrefix("sluice-eval") { return .sharedData }
        if line.hasPrefix("sluice-gazetteer build") {
            // The build's own words: up to the first `&&` or `|`.
            let words = line.split(separator: " ").prefix { $0 != "&&" && $0 != "|" }.map(String.init)
            for (option, file) in zip(words, words.dropFirst()) where buildSources.contains(option) && !exists(file) {
                return .download(file)
            }
        }
        return nil
    }

    /// The lines of an EXAMPLES section: a trailing note in parentheses after three spaces is
    /// the help's comment, not the command; a line indented deeper continues the one before.
    static func lines(ofExamples section: [Substring]) -> [String] {
        var lines: [String] = []
        for raw in section {
            let text = raw.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            if raw.hasPrefix("    "), let last = lines.popLast() {
                lines.append(last + " " + text)
                continue
            }
            lines.append(text.range(of: "   (").map { String(text[..<$0.lowerBound]) } ?? text)
        }
        return lines
    }

    static func all() -> [HelpExamples] {
        var found: [HelpExamples] = []
        for row in ExecutableRow.all {
            let executable = Executable(row.name)
            guard let help = try? executable.run(["--help"]).stdoutText else { continue }
            let own = lines(ofExamples: EveryExecutableTests.section("EXAMPLES", in: help))
            if !own.isEmpty { found.append(HelpExamples(command: [row.name], lines: own)) }
            for subcommand in EveryExecutableTests.subcommands(in: help) {
                guard let text = try? executable.run([subcommand, "--help"]).stdoutText else { continue }
                let theirs = lines(ofExamples: EveryExecutableTests.section("EXAMPLES", in: text))
                if !theirs.isEmpty { found.append(HelpExamples(command: [row.name, subcommand], lines: theirs)) }
            }
        }
        return found
    }
}

@Suite struct HelpExampleTests {
    @Test func examplesAreReadAsTheHelpWritesThem() {
        let section: [Substring] = [
            "  sluice-sanitize --field address --as parsed_address business.ndjson   (the input has its own 'address' field)",
            "  sluice-fetch a.csv |",
            "      sluice-stats",
        ]
        #expect(
            HelpExamples.lines(ofExamples: section) == [
                "sluice-sanitize --field address --as parsed_address business.ndjson", "sluice-fetch a.csv | sluice-stats",
            ])
        #expect(HelpExamples.skip("sluice-fetch https://example.org/a.json", sharedDataPresent: true) == .network)
        #expect(HelpExamples.skip("… | sluice-geocode", sharedDataPresent: true) == .elided)
        #expect(HelpExamples.skip("sluice-eval sanitize --failures", sharedDataPresent: true) == nil)
        #expect(HelpExamples.skip("sluice-eval sanitize --failures", sharedDataPresent: false) == .sharedData)
        #expect(HelpExamples.skip("sluice-bench run --sizes 10k", sharedDataPresent: true) == .measurement(target: "bench"))
        let build = "sluice-gazetteer build --osm city.osm.pbf --out city.csv"
        #expect(HelpExamples.skip(build, sharedDataPresent: true, exists: { $0 != "city.osm.pbf" }) == .download("city.osm.pbf"))
        #expect(HelpExamples.skip(build, sharedDataPresent: true, exists: { $0 != "city.csv" }) == nil)
        #expect(HelpExamples.skip(build + " && sluice-geocode --gazetteer city.csv", sharedDataPresent: true, exists: { $0 != "city.csv" }) == nil)
    }

    /// A measurement left out is one the Makefile's target runs; most lines run.
    @Test func fewLinesAreLeftOutAndEachForItsReason() throws {
        let makefile = try String(contentsOf: Executable.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        for (command, target) in HelpExamples.measurements {
            let recipe = makefile.components(separatedBy: "\n\(target):").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
            // `sluice-eval dedupe` is run by the peers' script the eval target calls with it.
            let byScript = command == "sluice-eval dedupe" && recipe.contains("eval_dedupe_peers.py --ours $(RELEASE_BIN)/sluice-eval")
            #expect(recipe.contains(command) || byScript, "make \(target) does not run \(command)")
        }
        let examples = HelpExamples.all()
        let lines = examples.flatMap(\.lines)
        let run = lines.filter { HelpExamples.skip($0, sharedDataPresent: true) == nil }
        #expect(examples.count >= 10 && run.count >= 40, "\(run.count) of \(lines.count) lines run")
    }

    @Test(arguments: HelpExamples.all())
    func runsAsWritten(_ examples: HelpExamples) throws {
        let manager = FileManager.default
        let root = Executable.packageRoot
        let scratch = try TemporaryDirectory()
        let sharedDataPresent = manager.fileExists(atPath: HelpExamples.shared.path)
        if sharedDataPresent { try manager.createSymbolicLink(at: scratch.file("shared"), withDestinationURL: HelpExamples.shared) }
        let folder = scratch.file("repository")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        // data/ is copied: a line may write it (`--out data/sf-gazetteer.csv` is how it is made).
        for name in try manager.contentsOfDirectory(atPath: root.path) where name != "build" && !name.hasPrefix(".") {
            if name == "data" {
                // Not the gazetteer's compiled index, which another test's run may be writing.
                let data = root.appendingPathComponent(name), copy = folder.appendingPathComponent(name)
                try manager.createDirectory(at: copy, withIntermediateDirectories: true)
                for entry in try manager.contentsOfDirectory(atPath: data.path) where !entry.contains(".sluice-index") {
                    try manager.copyItem(at: data.appendingPathComponent(entry), to: copy.appendingPathComponent(entry))
                }
            } else {
                try manager.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: root.appendingPathComponent(name))
            }
        }
        let pipeline = folder.appendingPathComponent("build/pipeline")
        try manager.createDirectory(at: pipeline, withIntermediateDirectories: true)
        let made = try BundledPipeline.output()
        for name in try manager.contentsOfDirectory(atPath: made.directory.path)
        where name.hasSuffix(".ndjson") || name.hasSuffix(".log") || name.hasSuffix(".db") {
            try manager.copyItem(at: made.file(name), to: pipeline.appendingPathComponent(name))
        }
        for name in try manager.contentsOfDirectory(atPath: HelpExamples.fixtures.path) {
            try manager.copyItem(at: HelpExamples.fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let dataBefore = try HelpExampleTests.listing(of: root.appendingPathComponent("data"))
        let path = Executable.binDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for line in examples.lines {
            let exists = { (file: String) in manager.fileExists(atPath: folder.appendingPathComponent(file).path) }
            if let reason = HelpExamples.skip(line, sharedDataPresent: sharedDataPresent, exists: exists) {
                print("\(examples.testDescription): not run, \(reason): \(line)")
                continue
            }
            let result = try Program.run(["bash", "-c", "set -euo pipefail\n" + line], environment: ["PATH": path], in: folder)
            #expect(result.status == 0, "\(examples.testDescription): exited \(result.status):\n\(line)\n\(result.stderrText)")
        }
        #expect(try HelpExampleTests.listing(of: root.appendingPathComponent("data")) == dataBefore, "an example changed data/")
    }

    /// Each file's name, size and modification time under `directory` (but compiled indexes).
    static func listing(of directory: URL) throws -> [String] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: keys)?.compactMap { $0 as? URL } ?? []
        // The gazetteer's compiled index is sluice-geocode's to write beside the CSV.
        return try files.filter { !$0.lastPathComponent.contains(".sluice-index") }.map { file in
            let values = try file.resourceValues(forKeys: Set(keys))
            return "\(file.path) \(values.fileSize ?? -1) \(values.contentModificationDate?.timeIntervalSince1970 ?? 0)"
        }.sorted()
    }
}
