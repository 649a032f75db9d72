import Foundation
import Testing

@testable import SluiceCore

/// The promise every stage keeps about bad lines: without `--rejects` the first one stops the
/// stage with exit 65 and `file:line: error: reason`; with it, every good record comes out,
/// every bad one is in the rejects file with its original bytes, and the counts add up.
@Suite struct MalformedInputTests {
    /// Each stage with the arguments it needs to run over plain records.
    static let stages: [(executable: String, arguments: [String])] = [
        ("sluice-fetch", ["--format", "ndjson"]),
        // In the test's own folder (an in-memory database, which kept nothing, is refused).
        ("sluice-load", ["t.db", "--table", "t"]),
    ]

    static let tenMegabyteLine: [UInt8] = Array(#"{"big":""#.utf8) + [UInt8](repeating: 0x61, count: 10 << 20) + Array(#""}"#.utf8)

    /// Four good records around four bad lines: bad JSON, invalid UTF-8, a 10 MB line, a number.
    static let input: [UInt8] = {
        var bytes: [UInt8] = []
        bytes += Array("{\"n\":1}\n{\"n\":2,}\n".utf8)
        bytes += Array("{\"n\":\"".utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
        bytes += Array("{\"n\":3}\n".utf8)
        bytes += tenMegabyteLine + [0x0A]
        bytes += Array("42\n{\"n\":4}\n\n{\"n\":5}\n".utf8)
        return bytes
    }()

    @Test(arguments: stages.map(\.executable))
    func stopsAtTheFirstBadLineWithItsLocation(executable: String) throws {
        let arguments = MalformedInputTests.stages.first { $0.executable == executable }?.arguments ?? []
        let folder = try TemporaryDirectory()
        let result = try Executable(executable).run(arguments, input: Data(MalformedInputTests.input), in: folder.url)
        #expect(result.status == 65)
        // sluice-load also says what became of the run.
        let committed = executable == "sluice-load" ? "; nothing was committed: the database is as it was before the run" : ""
        #expect(result.stderrText == "\(executable): <stdin>:2: error: invalid JSON: unexpected '}', expected a string key at column 8\(committed)\n")
    }

    @Test(arguments: stages.map(\.executable))
    func keepsGoingWithRejectsAndAccountsForEveryLine(executable: String) throws {
        let arguments = MalformedInputTests.stages.first { $0.executable == executable }?.arguments ?? []
        let rejects = try TemporaryFile()
        let folder = try TemporaryDirectory()
        let result = try Executable(executable).run(arguments + ["--rejects", rejects.path], input: Data(MalformedInputTests.input), in: folder.url)
        #expect(result.status == 0)
        #expect(result.stderrText.hasSuffix(": 8 in, 4 out, 4 rejected, 1 blank line skipped\(executable == "sluice-load" ? ", 4 inserted" : "")\n"))
        if executable == "sluice-fetch" { #expect(result.stdoutLines.count == 4) }

        let lines = try rejects.contents().split(separator: 0x0A).map { try JSONParser.parse(Array($0)) }
        #expect(lines.map { $0["reason"]?.stringValue } == ["invalid_json", "invalid_utf8", "line_too_long", "not_an_object"])
        #expect(lines.map { $0["line"] } == [.int(2), .int(3), .int(5), .int(6)])
        #expect(lines[0]["raw"] == .string("{\"n\":2,}"))
        #expect(lines[1]["raw_base64"] == .string(Data(Array("{\"n\":\"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)).base64EncodedString()))
        #expect(lines[2]["raw"] == .string(String(decoding: MalformedInputTests.tenMegabyteLine, as: UTF8.self)))
        #expect(lines[3]["raw"] == .string("42"))
    }

    @Test func aLargerLineLimitLetsTheLongLineThrough() throws {
        let result = try Executable("sluice-fetch").run(
            ["--format", "ndjson", "--max-line-bytes", "\(11 << 20)", "--rejects", "/dev/null"], input: Data(MalformedInputTests.input))
        #expect(result.stderrText == "sluice-fetch: 8 in, 5 out, 3 rejected, 1 blank line skipped\n")
    }
}
