import Foundation
import SluiceCore
import Testing

/// `--describe-output` cannot drift from the output: each stage is run on the bundled films (as
/// `EveryExecutableTests` runs it, and in the modes that write its optional fields) and every
/// record it writes is held to what the stage describes — the only member it adds is the one
/// described, every field in that member is described and of a described JSON type, and every
/// field described as always there is there.
@Suite struct DescribeOutputTests {
    struct Run: CustomTestStringConvertible, Sendable {
        var stage: String
        var arguments: [String]
        var input: PipelineSample.File
        /// Records of its own instead of the sample's (what the films never hold).
        var lines: [String]? = nil
        var testDescription: String { "\(stage) \(arguments.joined(separator: " "))" }

        /// The input file: the pipeline sample's, or `lines` written to a scratch file.
        func inputFile(in scratch: TemporaryDirectory) throws -> URL {
            guard let lines else { return try PipelineSample.shared.file(input) }
            let url = scratch.file("input.ndjson")
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
            return url
        }
    }

    /// A geocode golden case whose records get a note beside their answer.
    static let cascade = GoldenCase.root.appendingPathComponent("geocode/0001-sanitized-address-cascade")

    static let sfFuzzy = [
        "--no-tf", "--compare", "address.key:tokens,geo:geo=100", "--block", "address.key:fingerprint", "--block", "geo:geohash7",
    ]

    /// The stage rows of `EveryExecutableTests` that write records, then runs for what those leave out.
    static let runs: [Run] =
        ExecutableRow.all.compactMap { row in
            guard let stage = row.stage, DescribeOutputTests.addsAMember.contains(row.name) else { return nil }
            return Run(stage: row.name, arguments: stage.arguments, input: stage.input)
        } + [
            Run(stage: "sluice-fetch", arguments: ["--as", "from"], input: .csv),
            Run(stage: "sluice-sanitize", arguments: ["--field", "locations", "--as", "parsed"], input: .fetched),
            Run(stage: "sluice-geocode", arguments: ["--gazetteer", ExecutableRow.tinyGazetteer, "--candidates", "2"], input: .sanitized),
            Run(stage: "sluice-dedupe", arguments: sfFuzzy + ["--mark"], input: .geocoded),
            Run(stage: "sluice-dedupe", arguments: ["--key", "title", "--drop", "--as", "dup"], input: .geocoded),
            Run(
                stage: "sluice-sanitize", arguments: ["--field", "location"], input: .fetched,
                lines: [
                    #"{"location":"1158-70 N Main St, Fl 4, Springfield, IL 62701"}"#,
                    #"{"location":"100 SW Main St Apt 5, Portland, OR 97204"}"#,
                ]),
            Run(
                stage: "sluice-geocode", arguments: ["--gazetteer", cascade.appendingPathComponent("gazetteer.csv").path], input: .sanitized,
                lines: (try? String(contentsOf: cascade.appendingPathComponent("input.ndjson"), encoding: .utf8))?.split(separator: "\n").map(
                    String.init)
                    ?? []),
        ]

    static let addsAMember: Set = ["sluice-fetch", "sluice-sanitize", "sluice-geocode", "sluice-dedupe"]

    /// Fields described that these runs never write, and why (a test that writes them elsewhere).
    static let notWrittenHere: [String: Set<String>] = [
        // Only when paging over HTTP (FetchPagingTests).
        "sluice-fetch": ["page"],
        // Only on an unchecked chain of a cluster over --max-cluster (DedupeKnownCasesTests).
        "sluice-dedupe": ["weak"],
    ]

    static func describe(_ stage: String, _ arguments: [String]) throws -> (member: String?, description: OutputDescription) {
        let result = try Executable(stage).run(arguments + ["--describe-output"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(stage): \(result.stderrText)")
        #expect(result.stdoutLines.count == 1, "\(stage): one line of JSON")
        let read = try #require(OutputDescription.read(try JSONParser.parse(result.stdoutText)), "\(stage): \(result.stdoutText)")
        #expect(read.stage == stage)
        return (read.member, read.description)
    }

    static func records(_ data: Data) throws -> [JSONValue] {
        try data.split(separator: 0x0A).map { try JSONParser.parse(String(decoding: $0, as: UTF8.self)) }
    }

    static func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }

    /// The fields written in `member` and in the objects it nests of the same description
    /// (geocode's `candidates`, sanitize's `alternatives`).
    static func fieldsWritten(in member: JSONValue) -> Set<String> {
        var names = Set(keys(member))
        for nested in ["candidates", "alternatives"] {
            if case .array(let items)? = member[nested] { for item in items { names.formUnion(keys(item)) } }
        }
        return names
    }

    @Test(arguments: DescribeOutputTests.runs)
    func everyRecordIsAsDescribed(_ run: Run) throws {
        let (member, description) = try DescribeOutputTests.describe(run.stage, run.arguments)
        let name = try #require(member, "\(run.stage) writes records: it must name its member")
        let chosen = run.arguments.firstIndex(of: "--as").map { run.arguments[$0 + 1] }
        #expect(name == (chosen ?? description.member), "--as names the member")
        let scratch = try TemporaryDirectory()
        let input = try run.inputFile(in: scratch)
        let result = try Executable(run.stage).run(run.arguments + [input.path])
        #expect(result.status == 0, "\(run.stage): \(result.stderrText)")
        let records = try DescribeOutputTests.records(result.stdout)
        #expect(records.count >= (run.lines?.count ?? 100) && !records.isEmpty)
        // What the input's records hold (a CSV's columns are no record's: fetch is only held to its member).
        let given = run.input == .csv ? nil : Set(try DescribeOutputTests.records(Data(contentsOf: input)).flatMap(DescribeOutputTests.keys))
        var problems: [String: Int] = [:]
        for record in records {
            let added = DescribeOutputTests.keys(record).filter { !(given?.contains($0) ?? ($0 != name)) }
            if added != [name] { problems["added \(added), not [\(name)]", default: 0] += 1 }
            guard let value = record[name] else { continue }
            for problem in description.problems(in: value) { problems[problem, default: 0] += 1 }
            if case .array(let candidates)? = value["candidates"] {
                for candidate in candidates {
                    for problem in description.problems(in: candidate) { problems["candidate: " + problem, default: 0] += 1 }
                }
            }
        }
        #expect(problems.isEmpty, "\(run.testDescription): \(problems.sorted { $0.key < $1.key })")
    }

    /// Every field described is written by one of the runs (or is one of `notWrittenHere`), so
    /// a description does not go on naming a field the stage stopped writing.
    @Test(arguments: DescribeOutputTests.addsAMember.sorted())
    func everyDescribedFieldIsWritten(_ stage: String) throws {
        let (_, description) = try DescribeOutputTests.describe(stage, [])
        var written = Set<String>()
        for run in DescribeOutputTests.runs where run.stage == stage {
            let name = run.arguments.firstIndex(of: "--as").map { run.arguments[$0 + 1] } ?? description.member ?? ""
            let scratch = try TemporaryDirectory()
            let result = try Executable(stage).run(run.arguments + [try run.inputFile(in: scratch).path])
            for record in try DescribeOutputTests.records(result.stdout) {
                if let member = record[name] { written.formUnion(DescribeOutputTests.fieldsWritten(in: member)) }
            }
        }
        let unwritten = Set(description.names).subtracting(written)
        #expect(unwritten == DescribeOutputTests.notWrittenHere[stage] ?? [], "\(stage): described, never written: \(unwritten.sorted())")
    }

    /// `scripts/sluice_contract.py`, the Python's one reader of the descriptions, reads every
    /// stage's as the stage prints it (`name!` marks a field always there).
    @Test func thePythonHelperReadsEveryDescription() throws {
        let root = Executable.packageRoot
        let run = try Program.run(["python3", root.appendingPathComponent("scripts/sluice_contract.py").path, Executable.binDirectory.path])
        #expect(run.status == 0, "\(run.stderrText)")
        var expected: [String] = []
        for stage in ["fetch", "sanitize", "geocode", "dedupe"] {
            let (member, description) = try DescribeOutputTests.describe("sluice-" + stage, [])
            let fields = description.fields.map { $0.name + ($0.always ? "!" : "") }.joined(separator: ", ")
            expected.append("sluice-\(stage) adds \(member ?? ""): \(fields)")
        }
        #expect(run.stdoutLines == expected)
    }

    /// The Spark driver's reader of record lines (`scale/spark/record_keys.py`) follows `--as`
    /// through the descriptions: every record of a `sluice-dedupe --as cl` run gives its cluster
    /// and its place in the input.
    @Test func theSparkDriverFollowsTheDescribedNames() throws {
        let scratch = try TemporaryDirectory()
        let input = try PipelineSample.shared.file(.geocoded)
        let dedupe = try Executable("sluice-dedupe").run(["--key", "address.key", "--as", "cl", input.path])
        #expect(dedupe.status == 0, "\(dedupe.stderrText)")
        let output = scratch.file("deduped.ndjson")
        try dedupe.stdout.write(to: output)
        let records = try DescribeOutputTests.records(dedupe.stdout)
        let clusters = Set(records.compactMap { $0.value(atPath: "cl.cluster")?.stringValue })
        let sources = Set(records.compactMap { $0.value(atPath: "provenance.source")?.stringValue }).sorted()
        let script = """
            import json, sys
            import record_keys
            keys = record_keys.RecordKeys.describe(sys.argv[1], [], ["--key", "address.key", "--as", "cl"])
            index = json.loads(sys.argv[3])
            lines = open(sys.argv[2], encoding="utf-8").read().splitlines()
            orders = [keys.order_key(line, index) for line in lines]
            clusters = {keys.dedupe_member(line)[0][keys.dedupe.cluster] for line in lines}
            print(len(lines), len(clusters), len({keys.cluster_id(line) for line in lines}), orders == sorted(orders))
            """
        let index = JSONWriter.string(.object(sources.enumerated().map { JSONMember($0.element, .int($0.offset)) }))
        let run = try Program.run(
            ["python3", "-c", script, Executable.binDirectory.path, output.path, index],
            in: Executable.packageRoot.appendingPathComponent("scale/spark"))
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText == "\(records.count) \(clusters.count) \(clusters.count) True\n")
        #expect(clusters.count > 10)
    }

    /// The stages that write no records say so, and every stage answers (exit 0) without its
    /// own options; a bad `--as` is a usage error.
    @Test(arguments: ExecutableRow.all.filter { $0.stage != nil }.map(\.name))
    func everyStageDescribesItsOutput(_ stage: String) throws {
        let (member, description) = try DescribeOutputTests.describe(stage, [])
        #expect((member != nil) == DescribeOutputTests.addsAMember.contains(stage), "\(stage)")
        #expect(description.fields.isEmpty == (member == nil))
        #expect(description.fields.allSatisfy { !$0.meaning.isEmpty && !$0.types.isEmpty })
        if member != nil {
            let bad = try Executable(stage).run(["--as", "a.b", "--describe-output"])
            #expect(bad.status == ExitCode.usage.rawValue && bad.stdout.isEmpty, "\(stage): \(bad.stderrText)")
        }
    }
}
