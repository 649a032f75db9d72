import Foundation
import Testing

/// Issue 33's "data lost" items, run as a user would: an output that is also an input (every
/// stage and tool; before, `--rejects in.ndjson in.ndjson` emptied the input and reported
/// "0 in, 0 out"), `sluice-gazetteer build` on a full disk (before, it truncated the existing
/// `--out`), a closed stdin for `sluice-fetch` (before, exit 0) and a folder given as an input
/// (before, "read failed: Is a directory", without the path).
@Suite struct DataLossTests {
    /// Commands naming `F` (a file of records) as an output and as an input, or `L` (a symbolic
    /// link to F), in a folder where `G` is another file.
    static let sameFile: [[String]] = [
        ["sluice-fetch", "--rejects", "F", "F"],
        ["sluice-sanitize", "--field", "x", "--rejects", "F", "F"],
        ["sluice-sanitize", "--field", "x", "--rejects", "L", "F"],
        ["sluice-geocode", "--gazetteer", "F", "--gazetteer-rejects", "F"],
        ["sluice-geocode", "--gazetteer", "G", "--rejects", "F", "F"],
        ["sluice-dedupe", "--key", "x", "--rejects", "F", "F"],
        ["sluice-dedupe", "--compare", "x", "--block", "x", "--pairs", "F", "F"],
        ["sluice-dedupe", "--compare", "x", "--block", "x", "--label", "F", "F"],
        ["sluice-dedupe", "--compare", "x", "--block", "x", "--model-out", "F", "F"],
        ["sluice-dedupe", "--compare", "x", "--block", "x", "--model-out", "F", "--against", "F", "G"],
        ["sluice-dedupe", "--compare", "x", "--block", "x", "--pairs", "F", "--against", "F", "G"],
        ["sluice-load", "F", "--table", "t", "F"],
        ["sluice-load", "G.db", "--table", "t", "--rejects", "F", "F"],
        ["sluice-report", "--geojson", "F", "F"],
        ["sluice-report", "--stage-log", "F", "--geojson", "L", "G"],
        ["sluice-stats", "--rejects", "F", "F"],
        ["sluice-gazetteer", "build", "--openaddresses", "F", "--rejects", "F", "--out", "G.csv"],
        ["sluice-gazetteer", "build", "--openaddresses", "F", "--out", "F"],
        ["sluice-gazetteer", "build", "--gazetteer", "G", "--places", "F", "--out", "L"],
    ]

    static let records = Data(#"{"x":"Pier 39","provenance":{"source":"a.csv","row":1}}"#.utf8 + [0x0A])

    @Test(arguments: sameFile)
    func anOutputThatIsAnInputIsRefusedAndTheInputKept(_ command: [String]) throws {
        let folder = try TemporaryDirectory()
        try DataLossTests.records.write(to: folder.file("F"))
        try DataLossTests.records.write(to: folder.file("G"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("L").path, withDestinationPath: folder.file("F").path)
        let result = try Executable(command[0]).run(Array(command.dropFirst()), in: folder.url)
        #expect(result.status == 64, "\(command): \(result.stderrText)")
        #expect(result.stderrText.contains("is the same file as"), "\(command): \(result.stderrText)")
        #expect(try Data(contentsOf: folder.file("F")) == DataLossTests.records, "\(command) changed its input")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(left == ["F", "G", "L"], "\(command) created \(left)")
    }

    /// `sluice-sanitize --rejects in.ndjson < in.ndjson`: standard input is an input too.
    @Test func anOutputThatIsStandardInputIsRefused() throws {
        let folder = try TemporaryDirectory()
        try DataLossTests.records.write(to: folder.file("F"))
        let result = try Executable("sluice-sanitize").run(["--field", "x", "--rejects", "F"], stdin: folder.file("F"), in: folder.url)
        #expect(result.status == 64)
        #expect(try Data(contentsOf: folder.file("F")) == DataLossTests.records)
    }

    /// Before: exit 74 with `--out` already truncated, and geocode refusing the remnant.
    @Test(.enabled(if: SmallFilesystem.canMount, SmallFilesystem.whyNot))
    func aGazetteerBuildOnAFullDiskLeavesTheOldGazetteerWhole() throws {
        let sources = try TemporaryDirectory()
        let rows = (1...300).map { "-122.4\($0 % 10)0,37.7\($0 % 10)0,\($0),Main St" }
        try Data((["LON,LAT,NUMBER,STREET"] + rows).joined(separator: "\n").utf8 + [0x0A]).write(to: sources.file("addresses.csv"))
        let disk = try SmallFilesystem(kilobytes: 64)
        let out = disk.file("city.csv")
        let old = Data("# the gazetteer of an earlier build\n".utf8)
        try old.write(to: out)
        disk.fill()
        let result = try Executable("sluice-gazetteer").run(["build", "--openaddresses", sources.file("addresses.csv").path, "--out", out.path])
        #expect(result.status == 74, "\(result.stderrText)")
        #expect(result.stderrText.contains("\(out.path): error: write failed: No space left on device"), "\(result.stderrText)")
        #expect(try Data(contentsOf: out) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path).sorted() == ["city.csv", "filler"])
    }

    @Test func aGazetteerBuildReplacesTheOldOneWhole() throws {
        let folder = try TemporaryDirectory()
        try Data("LON,LAT,NUMBER,STREET\n-122.41,37.80,10,Main St\n".utf8).write(to: folder.file("addresses.csv"))
        try Data("old\n".utf8).write(to: folder.file("city.csv"))
        let result = try Executable("sluice-gazetteer").run(["build", "--openaddresses", "addresses.csv", "--out", "city.csv"], in: folder.url)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try String(contentsOf: folder.file("city.csv"), encoding: .utf8).hasPrefix("# sluice-gazetteer"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["addresses.csv", "city.csv"])
    }

    /// `sluice-dedupe --model-out` puts its model in place only once the records are written, and
    /// whole. Before: the model was written as soon as it was learnt, straight into the file, so
    /// a run whose records then could not be written (here stdout is /dev/full, exit 74) had
    /// already replaced the earlier model, and a full disk or `ulimit -f` left it half-written.
    @Test func aDedupeRunThatFailsLeavesTheEarlierModelAsItWas() throws {
        let folder = try TemporaryDirectory()
        let week1 = GoldenCase.root.appendingPathComponent("dedupe/0020-model-out-week1/input.ndjson")
        try FileManager.default.copyItem(at: week1, to: folder.file("week1.ndjson"))
        let old = Data("{\"format\":\"sluice-dedupe-model\",\"the model of an earlier run\":true}\n".utf8)
        try old.write(to: folder.file("model.json"))
        let command = "cd '\(folder.url.path)' && sluice-dedupe --compare given_name,surname,suburb --block surname --model-out model.json"
        let failed = try FaultHarness.shell(command + " week1.ndjson > /dev/full")
        #expect(failed.status == 74, "\(failed.stderrText)")
        #expect(failed.stderrText.contains("<stdout>: error: write failed: No space left on device"), "\(failed.stderrText)")
        #expect(try Data(contentsOf: folder.file("model.json")) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["model.json", "week1.ndjson"])
        // A path that cannot be written fails before the input is read; one that can gets the model.
        let folderPath = try FaultHarness.shell(
            "cd '\(folder.url.path)' && mkdir m && sluice-dedupe --compare given_name --block surname --model-out m week1.ndjson")
        #expect(
            folderPath.status == 74 && folderPath.stderrText.hasPrefix("sluice-dedupe: m: cannot create: Is a directory"), "\(folderPath.stderrText)")
        #expect(!folderPath.stderrText.contains(" in, "), "\(folderPath.stderrText)")
        let written = try FaultHarness.shell(command + " week1.ndjson > /dev/null")
        #expect(written.status == 0, "\(written.stderrText)")
        #expect(try String(contentsOf: folder.file("model.json"), encoding: .utf8).hasPrefix("{\"format\":\"sluice-dedupe-model\",\"version\":2,"))
    }

    /// `--against KNOWN` that is also the input. Before: the file given twice joined every record
    /// to itself (sizes doubled), and `--against /dev/stdin` with the input piped in read the
    /// input first, then found KNOWN empty ("0 known records"); both exit 0.
    @Test(arguments: [
        ("sluice-dedupe $O --against known.ndjson known.ndjson", "--against 'known.ndjson' is the same file as the input 'known.ndjson'"),
        ("sluice-dedupe $O --against /dev/stdin < known.ndjson", "--against '/dev/stdin' is the same file as standard input"),
        ("cat known.ndjson | sluice-dedupe $O --against /dev/stdin", "--against '/dev/stdin' is the same file as standard input"),
        ("cat known.ndjson | sluice-dedupe $O --against /dev/stdin -", "--against '/dev/stdin' is the same file as standard input"),
    ])
    func knownThatIsTheInputIsRefused(_ command: String, _ message: String) throws {
        let folder = try TemporaryDirectory()
        let known = GoldenCase.root.appendingPathComponent("dedupe/0022-against-week2/known.ndjson")
        try FileManager.default.copyItem(at: known, to: folder.file("known.ndjson"))
        let result = try FaultHarness.shell("cd '\(folder.url.path)' && O='--compare given_name,surname --block surname' && \(command)")
        #expect(result.status == 64, "\(command): \(result.stderrText)")
        #expect(result.stderrText.hasPrefix("sluice-dedupe: \(message): KNOWN is an earlier output"), "\(command): \(result.stderrText)")
    }

    /// Standard output on an input, by the shell. Before: `>> F` made a stage that writes as it
    /// reads read its own output without end (a 9 MB file grew to 1.3 GB in 20 s; this small one
    /// ends doubled, exit 0), and `> F` read what the shell had emptied (0 in, exit 0).
    @Test(arguments: [
        ("sluice-sanitize --field x F >> F", "standard output appends to the input 'F' (>>)"),
        ("sluice-sanitize --field x < F >> F", "standard output appends to standard input (>>)"),
        ("sluice-fetch F >> F", "standard output appends to the input 'F' (>>)"),
        ("sluice-dedupe --compare x --block x --block-keys F >> F", "standard output appends to the input 'F' (>>)"),
        ("sluice-stats F > F", "standard output is the same file as the input 'F': the shell emptied it before the run (>)"),
        ("sluice-dedupe --key x F > F", "standard output is the same file as the input 'F': the shell emptied it before the run (>)"),
    ])
    func standardOutputOverAnInputIsRefused(_ command: String, _ message: String) throws {
        let folder = try TemporaryDirectory()
        try DataLossTests.records.write(to: folder.file("F"))
        let result = try FaultHarness.shell("cd '\(folder.url.path)' && \(command)")
        #expect(result.status == 64, "\(command): \(result.stderrText)")
        #expect(result.stderrText.contains(message), "\(command): \(result.stderrText)")
        if command.contains(">>") { #expect(try Data(contentsOf: folder.file("F")) == DataLossTests.records, "\(command) changed its input") }
    }

    /// A named output that is standard output's file or pipe, by the shell. Before, exit 0:
    /// `--rejects O > O` wrote the reject over the first record and cut the next one short,
    /// `>> O` the same after truncating O's earlier lines (dedupe, which may append to its
    /// input, too), and `--rejects /dev/stdout | …` mixed two buffers in one pipe.
    @Test(arguments: [
        ("sluice-sanitize --field x --rejects O G > O", "--rejects 'O' is the same file as standard output"),
        ("sluice-sanitize --field x --rejects O G >> O", "--rejects 'O' is the same file as standard output"),
        ("sluice-dedupe --key x --rejects O G >> O", "--rejects 'O' is the same file as standard output"),
        ("sluice-dedupe --compare x --block x --pairs O G > O", "--pairs 'O' is the same file as standard output"),
        ("set -o pipefail; sluice-sanitize --field x --rejects /dev/stdout G | cat", "--rejects '/dev/stdout' is the pipe standard output writes to"),
    ])
    func anOutputThatIsStandardOutputIsRefused(_ command: String, _ message: String) throws {
        let folder = try TemporaryDirectory()
        try (DataLossTests.records + Data("{bad\n".utf8) + DataLossTests.records).write(to: folder.file("G"))
        try DataLossTests.records.write(to: folder.file("O"))
        let result = try FaultHarness.shell("cd '\(folder.url.path)' && \(command)")
        #expect(result.status == 64, "\(command): \(result.stderrText)")
        #expect(result.stderrText.contains(message), "\(command): \(result.stderrText)")
        if command.contains(">>") { #expect(try Data(contentsOf: folder.file("O")) == DataLossTests.records, "\(command) changed O") }
    }

    /// The compiled index a stage writes beside the gazetteer or KNOWN (`FILE.sluice-index`,
    /// renamed over whatever is there at the end) as standard output or another output. Before,
    /// exit 0 but for the bad line: the records or the rejected line written there were gone,
    /// the index in their place.
    @Test(arguments: [
        (
            "sluice-dedupe $A --model model.json --against known.ndjson week2.ndjson > known.ndjson.sluice-index",
            "the index of --against 'known.ndjson.sluice-index' is the same file as standard output"
        ),
        (
            "sluice-dedupe $A --model model.json --against known.ndjson --rejects known.ndjson.sluice-index week2.ndjson",
            "the index of --against 'known.ndjson.sluice-index' and --rejects 'known.ndjson.sluice-index' are the same file"
        ),
        (
            "sluice-geocode --gazetteer gazetteer.csv --field location places.ndjson > gazetteer.csv.sluice-index",
            "the index of --gazetteer 'gazetteer.csv.sluice-index' is the same file as standard output"
        ),
        (
            "sluice-geocode --gazetteer gazetteer.csv --field location --gazetteer-rejects gazetteer.csv.sluice-index places.ndjson",
            "the index of --gazetteer 'gazetteer.csv.sluice-index' and --gazetteer-rejects 'gazetteer.csv.sluice-index' are the same file"
        ),
    ])
    func theIndexBesideAnInputIsRefusedAsAnOutput(_ command: String, _ message: String) throws {
        let folder = try TemporaryDirectory()
        let copies = [
            ("dedupe/0022-against-week2/known.ndjson", "known.ndjson"), ("dedupe/0022-against-week2/model.json", "model.json"),
            ("dedupe/0022-against-week2/input.ndjson", "week2.ndjson"), ("geocode/0014-field-city-field/gazetteer.csv", "gazetteer.csv"),
            ("geocode/0014-field-city-field/input.ndjson", "places.ndjson"),
        ]
        for (from, to) in copies { try FileManager.default.copyItem(at: GoldenCase.root.appendingPathComponent(from), to: folder.file(to)) }
        let result = try FaultHarness.shell(
            "cd '\(folder.url.path)' && A='--compare given_name,surname,suburb,date_of_birth:date,soc_sec_id:lev --block surname --block date_of_birth' && \(command)"
        )
        #expect(result.status == 64, "\(command): \(result.stderrText)")
        #expect(result.stderrText.contains(message), "\(command): \(result.stderrText)")
    }

    /// `--model-out` and `--pairs` when the reader of the records goes away (`| head`): a quiet,
    /// successful stop, so both are written whole, as a whole run writes them. Before, exit 0
    /// with neither written, and an earlier run's model.json kept as if it were this one's.
    @Test func dedupeWritesItsModelAndPairsWhenTheReaderOfTheRecordsGoesAway() throws {
        let folder = try TemporaryDirectory()
        let week1 = GoldenCase.root.appendingPathComponent("dedupe/0020-model-out-week1/input.ndjson")
        try FileManager.default.copyItem(at: week1, to: folder.file("week1.ndjson"))
        try Data("{\"an earlier model\":1}\n".utf8).write(to: folder.file("model.json"))
        let options = "--compare given_name,surname,suburb,date_of_birth:date,soc_sec_id:lev --block surname --block date_of_birth"
        let whole = try FaultHarness.shell(
            "cd '\(folder.url.path)' && sluice-dedupe \(options) --model-out whole.json --pairs whole-pairs.ndjson week1.ndjson > /dev/null")
        #expect(whole.status == 0, "\(whole.stderrText)")
        // The reader closes the pipe at once, before the stage has read its input.
        let cut = try FaultHarness.shell(
            "cd '\(folder.url.path)' && set -o pipefail && sluice-dedupe \(options) --model-out model.json --pairs pairs.ndjson week1.ndjson "
                + "| { exec 0<&-; sleep 0.1; }")
        #expect(cut.status == 0, "\(cut.stderrText)")
        #expect(try Data(contentsOf: folder.file("model.json")) == Data(contentsOf: folder.file("whole.json")))
        #expect(try Data(contentsOf: folder.file("pairs.ndjson")) == Data(contentsOf: folder.file("whole-pairs.ndjson")))
    }

    /// A stage that reads every record before it writes one may append to its input, as
    /// `--against KNOWN >> KNOWN` adds a run's records to what is known.
    @Test func dedupeMayAppendToItsInput() throws {
        let folder = try TemporaryDirectory()
        let week2 = GoldenCase.root.appendingPathComponent("dedupe/0022-against-week2")
        for name in ["known.ndjson", "model.json", "input.ndjson"] {
            try FileManager.default.copyItem(at: week2.appendingPathComponent(name), to: folder.file(name))
        }
        let known = try Data(contentsOf: folder.file("known.ndjson"))
        let result = try FaultHarness.shell(
            "cd '\(folder.url.path)' && sluice-dedupe --compare given_name,surname,suburb,date_of_birth:date,soc_sec_id:lev --block surname "
                + "--block date_of_birth --model model.json --against known.ndjson input.ndjson >> known.ndjson")
        #expect(result.status == 0, "\(result.stderrText)")
        let grown = try Data(contentsOf: folder.file("known.ndjson"))
        #expect(grown.starts(with: known) && grown.count > known.count)
        #expect(try FaultHarness.shell("cd '\(folder.url.path)' && sluice-dedupe --key x input.ndjson >> input.ndjson").status == 0)

        // Onto a last line without its newline, the first record would join it: refused, KNOWN
        // as it was (before: exit 0, and the next run against it stopped at that line, 65).
        let cut = known.dropLast()
        try cut.write(to: folder.file("known.ndjson"))
        let refused = try FaultHarness.shell(
            "cd '\(folder.url.path)' && sluice-dedupe --compare given_name,surname,suburb,date_of_birth:date,soc_sec_id:lev --block surname "
                + "--block date_of_birth --model model.json --against known.ndjson input.ndjson >> known.ndjson")
        #expect(refused.status == 64, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("standard output appends to --against 'known.ndjson' (>>), whose last line has no newline"))
        #expect(try Data(contentsOf: folder.file("known.ndjson")) == cut)
    }

    /// A file grown past `ulimit -f` is an error naming it. Before, SIGXFSZ killed the stage
    /// (status 153, "File size limit exceeded"), and a file being replaced kept its temporary
    /// beside it (`.model.json.PID.tmp`, 2048 bytes).
    @Test func aFileOverTheSizeLimitIsAnErrorAndLeavesNothingBehind() throws {
        // --pairs as well. Before: the earlier pairs file cut at 4096 bytes.
        let pairsFolder = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: GoldenCase.root.appendingPathComponent("dedupe/0020-model-out-week1/input.ndjson"), to: pairsFolder.file("week1.ndjson"))
        let pairs =
            "cd '\(pairsFolder.url.path)' && sluice-dedupe --compare given_name,surname,suburb,date_of_birth:date --block surname --block date_of_birth --pairs pairs.ndjson week1.ndjson > /dev/null"
        #expect(try FaultHarness.shell(pairs).status == 0)
        let earlier = try Data(contentsOf: pairsFolder.file("pairs.ndjson"))
        #expect(earlier.count > 4096)
        let cut = try FaultHarness.shell("ulimit -f 4 && " + pairs)
        #expect(cut.status == 74 && cut.stderrText.contains("pairs.ndjson: error: write failed: File too large"), "\(cut.stderrText)")
        #expect(try Data(contentsOf: pairsFolder.file("pairs.ndjson")) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pairsFolder.url.path).sorted() == ["pairs.ndjson", "week1.ndjson"])

        let folder = try TemporaryDirectory()
        let week1 = GoldenCase.root.appendingPathComponent("dedupe/0020-model-out-week1/input.ndjson")
        try FileManager.default.copyItem(at: week1, to: folder.file("week1.ndjson"))
        let old = Data("{\"format\":\"sluice-dedupe-model\"}\n".utf8)
        try old.write(to: folder.file("model.json"))
        let result = try FaultHarness.shell(
            "cd '\(folder.url.path)' && ulimit -f 2 && sluice-dedupe --compare given_name,surname,suburb --block surname --model-out model.json week1.ndjson > /dev/null"
        )
        #expect(result.status == 74, "\(result.stderrText)")
        #expect(
            result.stderrText.contains("model.json: cannot write the model: ") && result.stderrText.contains("File too large"), "\(result.stderrText)"
        )
        #expect(try Data(contentsOf: folder.file("model.json")) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["model.json", "week1.ndjson"])
    }

    /// `sluice-report --geojson FILE` puts FILE in place once the page is written. Before, a run
    /// whose page could not be written (stdout /dev/full, exit 74) had already replaced the
    /// earlier GeoJSON, and a full disk left it cut short.
    @Test func aReportThatFailsLeavesTheEarlierGeoJSONAsItWas() throws {
        let folder = try TemporaryDirectory()
        let geocoded = GoldenCase.root.appendingPathComponent("geocode/0001-sanitized-address-cascade/expected.stdout")
        try FileManager.default.copyItem(at: geocoded, to: folder.file("geocoded.ndjson"))
        let old = Data("{\"type\":\"FeatureCollection\",\"features\":[]}\n".utf8)
        try old.write(to: folder.file("places.geojson"))
        let command = "cd '\(folder.url.path)' && sluice-report --geojson places.geojson geocoded.ndjson"
        let failed = try FaultHarness.shell(command + " > /dev/full")
        #expect(failed.status == 74, "\(failed.stderrText)")
        #expect(try Data(contentsOf: folder.file("places.geojson")) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["geocoded.ndjson", "places.geojson"])
        let written = try FaultHarness.shell(command + " > /dev/null")
        #expect(written.status == 0, "\(written.stderrText)")
        #expect(try Data(contentsOf: folder.file("places.geojson")).count > old.count)
    }

    /// `sluice-report --geojson FILE` when the reader of the page goes away (`| head`): a quiet,
    /// successful stop, so FILE is written as a whole run writes it. Before, exit 0 and no FILE.
    @Test func aReportWritesItsGeoJSONWhenTheReaderOfThePageGoesAway() throws {
        let folder = try TemporaryDirectory()
        let geocoded = GoldenCase.root.appendingPathComponent("geocode/0001-sanitized-address-cascade/expected.stdout")
        try FileManager.default.copyItem(at: geocoded, to: folder.file("geocoded.ndjson"))
        let command = "cd '\(folder.url.path)' && set -o pipefail && sluice-report --geojson "
        let whole = try FaultHarness.shell(command + "whole.geojson geocoded.ndjson > /dev/null")
        #expect(whole.status == 0, "\(whole.stderrText)")
        // The reader closes the pipe at once, before the stage has read its input.
        let cut = try FaultHarness.shell(command + "places.geojson geocoded.ndjson | { exec 0<&-; sleep 0.1; }")
        #expect(cut.status == 0, "\(cut.stderrText)")
        #expect(try Data(contentsOf: folder.file("places.geojson")) == Data(contentsOf: folder.file("whole.geojson")))
    }

    /// Before: exit 0 (65 with `--format json`); the README promises 66.
    @Test(arguments: ["", "--format json", "--format csv"])
    func fetchOnAClosedStdinIsNoInput(_ options: String) throws {
        let result = try FaultHarness.shell("sluice-fetch \(options) <&- >/dev/null")
        #expect(result.status == 66)
        #expect(result.stderrText == "sluice-fetch: <stdin>: cannot read: standard input is closed (<&-); give the input as a file or pipe it in\n")
    }

    /// Each stage given a folder where a file belongs.
    static let folderInputs: [[String]] = [
        ["sluice-fetch", "D"], ["sluice-sanitize", "--field", "x", "D"], ["sluice-geocode", "--gazetteer", "D"],
        ["sluice-dedupe", "--key", "x", "D"], ["sluice-load", "t.db", "--table", "t", "D"], ["sluice-report", "D"], ["sluice-stats", "D"],
        ["sluice-gazetteer", "build", "--openaddresses", "D", "--out", "o.csv"],
    ]

    /// Before: "read failed: Is a directory", without the path.
    @Test(arguments: folderInputs)
    func aFolderGivenAsAnInputIsNamed(_ command: [String]) throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.file("D"), withIntermediateDirectories: false)
        let result = try Executable(command[0]).run(Array(command.dropFirst()), in: folder.url)
        #expect(result.status == 74, "\(command): \(result.stderrText)")
        #expect(result.stderrText.hasPrefix("\(command[0]): D: cannot read"), "\(command): \(result.stderrText)")
        #expect(result.stderrText.contains(": Is a directory"), "\(command): \(result.stderrText)")
    }
}
