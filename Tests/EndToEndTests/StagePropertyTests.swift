import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceLoad

/// Every stage on thousands of seeded hostile records (`RecordGenerator`): it never crashes and
/// exits 0 (65 without --rejects, at the first malformed line, named); its accounting line
/// balances; every input line is in its output or its rejects, in order; and every record's
/// bytes come through unchanged, with the stage's one member added at the end.
@Suite struct StagePropertyTests {
    static let count = 3000
    static let gazetteer = GoldenCase.root.appendingPathComponent("geocode/0001-sanitized-address-cascade/gazetteer.csv").path
    static let name = RecordGenerator.unusedName

    /// The stage, its arguments (the input file follows), and the member each record gains.
    static let runs: [(stage: String, arguments: [String], member: String?)] = [
        ("fetch", [], "provenance"),
        ("sanitize", ["--field", "loc", "--as", name], name),
        ("sanitize", ["--field", "loc", "--as", name, "--threads", "1"], name),
        ("geocode", ["--gazetteer", gazetteer, "--field", "loc", "--as", name], name),
        ("dedupe", ["--key", "loc", "--as", name], name),
        ("dedupe", ["--compare", "loc:jw,n:num", "--block", "loc:prefix3", "--as", name], name),
        ("load", ["DATABASE", "--table", "t"], nil),
    ]

    @Test(arguments: 0..<runs.count)
    func keepsEveryLineAndItsBytes(_ run: Int) throws {
        let (stage, arguments, member) = StagePropertyTests.runs[run]
        var generator = RecordGenerator(seed: 100 + UInt64(run))
        let lines = generator.lines(StagePropertyTests.count)
        let directory = try TemporaryDirectory()
        let input = directory.file("in.ndjson")
        try Data(lines.map { $0 + [0x0A] }.joined()).write(to: input)
        let database = directory.file("t.db").path
        let given = arguments.map { $0 == "DATABASE" ? database : $0 }
        let executable = Executable("sluice-\(stage)")

        // Without --rejects: the first malformed line stops the stage, named.
        let stopped = try executable.run(given + [input.path], in: directory.url)
        let firstBad = lines.firstIndex { (try? JSONParser.parse($0).objectMembers) == nil }.map { $0 + 1 }
        #expect(stopped.status == (firstBad == nil ? 0 : 65), "\(stage): \(stopped.stderrText)")
        if let firstBad { #expect(stopped.stderrText.contains("\(input.path):\(firstBad): error: "), "\(stage): \(stopped.stderrText)") }
        try? FileManager.default.removeItem(atPath: database)

        let result = try executable.run(given + ["--rejects", "rejects.ndjson", input.path], in: directory.url)
        #expect(result.status == 0, "\(stage): \(result.stderrText)")
        let counts = try #require(StagePropertyTests.accounting(result.stderrText), "\(stage): \(result.stderrText)")
        #expect(counts.in == lines.count && counts.in == counts.out + counts.rejected, "\(stage): \(result.stderrText)")

        var rejected: Set<Int> = []
        for reject in try String(contentsOf: directory.file("rejects.ndjson"), encoding: .utf8).split(separator: "\n") {
            let value = try JSONParser.parse(String(reject))
            let line = Int(value["line"]?.doubleValue ?? 0)
            guard lines.indices.contains(line - 1) else {
                Issue.record("\(stage): a reject without its line number: \(reject)")
                continue
            }
            let raw =
                value["raw"]?.stringValue.map { Array($0.utf8) }
                ?? value["raw_base64"]?.stringValue.flatMap { Data(base64Encoded: $0) }.map(Array.init)
            #expect(raw == lines[line - 1], "\(stage): the rejects keep line \(line) verbatim")
            rejected.insert(line)
        }
        #expect(rejected.count == counts.rejected)
        let kept = lines.enumerated().filter { !rejected.contains($0.offset + 1) }.map(\.element)

        guard let member else {
            let rows = try LoadReliabilityTests.query(database, "SELECT count(*) FROM t")
            #expect(rows == [String(counts.out)])
            return
        }
        let output = result.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
        #expect(output.count == kept.count, "\(stage): \(output.count) lines out for \(kept.count) records kept")
        for (line, written) in zip(kept, output) {
            #expect(
                StagePropertyTests.isLine(line, with: member, added: written),
                "\(stage): \(String(decoding: line, as: UTF8.self)) became \(String(decoding: written, as: UTF8.self))")
        }
    }

    /// `written` is `line` up to its closing brace, byte for byte, then `member` as its last
    /// member, and is JSON.
    static func isLine(_ line: [UInt8], with member: String, added written: [UInt8]) -> Bool {
        guard let brace = line.lastIndex(of: UInt8(ascii: "}")) else { return false }
        let prefix = line[..<brace]
        guard written.starts(with: prefix), let parsed = try? JSONParser.parse(written), let members = parsed.objectMembers else { return false }
        let rest = written[prefix.count...]
        let separator = members.count > 1 ? [UInt8(ascii: ",")] : []
        return rest.starts(with: separator + Array("\"\(member)\":".utf8)) && members.last?.key == member
    }

    /// `12 in, 10 out, 2 rejected, …` from the stage's last line.
    static func accounting(_ stderr: String) -> (in: Int, out: Int, rejected: Int)? {
        guard let line = stderr.split(separator: "\n").last else { return nil }
        let numbers = line.split(separator: ",").prefix(3).map { part in Int(part.split(separator: " ").first { Int($0) != nil } ?? "") }
        guard numbers.count == 3, let records = numbers[0], let out = numbers[1], let rejected = numbers[2] else { return nil }
        return (records, out, rejected)
    }
}

extension JSONValue {
    var objectMembers: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
