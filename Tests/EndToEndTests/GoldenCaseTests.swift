import Foundation
import Testing

/// One folder of `Cases/<stage>/<NNNN-what-it-shows>/`: `args` (one argument per line),
/// optional `input.ndjson` (stdin), and the expected `expected.stdout`, `expected.stderr` and
/// `expected.status`. The executable is `sluice-<stage>`; it runs in a scratch copy of the
/// folder, and any file it writes there (`--rejects rejects.ndjson`) is compared with
/// `expected.<name>` (but a SQLite database, whose bytes hold the time of the run).
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let stage: String
    let folder: URL

    var testDescription: String { "\(stage)/\(folder.lastPathComponent)" }

    static let root = Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Cases")

    static func all() -> [GoldenCase] {
        let manager = FileManager.default
        let stages = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        return stages.sorted().flatMap { stage in
            let cases = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(stage).path)) ?? []
            return cases.sorted().map { GoldenCase(stage: stage, folder: root.appendingPathComponent(stage).appendingPathComponent($0)) }
        }
    }

    /// Where two outputs part: the line, and both versions of it (bytes that are not UTF-8 shown
    /// escaped), for the failure message.
    static func difference(_ actual: Data, _ expected: Data) -> String {
        let (a, b) = (
            actual.split(separator: 0x0A, omittingEmptySubsequences: false), expected.split(separator: 0x0A, omittingEmptySubsequences: false)
        )
        let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        func shown(_ lines: [Data], _ index: Int) -> String {
            guard index < lines.count else { return "(no line)" }
            return String(validating: lines[index], as: UTF8.self).map { $0.debugDescription } ?? "bytes \(Array(lines[index]))"
        }
        return "line \(line + 1): actual \(shown(a, line)), expected \(shown(b, line)); \(actual.count) bytes, expected \(expected.count)"
    }

    var arguments: [String] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
}

@Suite struct GoldenCaseTests {
    /// `make golden` sets this to write the expected files from the actual output.
    static let recording = ProcessInfo.processInfo.environment["SLUICE_RECORD_GOLDEN"] == "1"

    @Test(arguments: GoldenCase.all())
    func matchesItsExpectedOutput(_ golden: GoldenCase) throws {
        let scratch = try TemporaryDirectory()
        let manager = FileManager.default
        let originals = try manager.contentsOfDirectory(atPath: golden.folder.path)
        // Not a compiled index another test's run wrote beside a case's gazetteer: the case's
        // first run writes its own.
        for name in originals where !name.hasPrefix("expected.") && !name.contains(".sluice-index") {
            try manager.copyItem(at: golden.folder.appendingPathComponent(name), to: scratch.file(name))
        }
        let input = scratch.file("input.ndjson")
        let result = try Executable("sluice-\(golden.stage)").run(
            golden.arguments, stdin: manager.fileExists(atPath: input.path) ? input : nil, in: scratch.url)
        var actual: [(String, Data)] = [
            ("expected.stdout", result.stdout),
            ("expected.stderr", result.stderr),
            ("expected.status", Data("\(result.status)\n".utf8)),
        ]
        for name in try manager.contentsOfDirectory(atPath: scratch.url.path).sorted()
        where !originals.contains(name) && !name.contains(".sluice-index") {
            let data = try Data(contentsOf: scratch.file(name))
            // A database sluice-load wrote holds the time of the run: the stage's messages say
            // what it loaded (an in-memory one, which kept nothing, is refused since issue 33).
            if data.starts(with: Data("SQLite format 3\u{0}".utf8)) || ["-wal", "-shm", "-journal"].contains(where: name.hasSuffix) { continue }
            actual.append(("expected.\(name)", data))
        }
        let expectedNames = originals.filter { $0.hasPrefix("expected.") }
        #expect(Set(expectedNames).isSubset(of: actual.map(\.0)), "\(golden.testDescription): an expected file was not produced")
        for (name, data) in actual {
            let url = golden.folder.appendingPathComponent(name)
            if GoldenCaseTests.recording {
                try data.write(to: url)
                continue
            }
            let expected = (try? Data(contentsOf: url)) ?? Data()
            // Bytes, not decoded text: invalid UTF-8 decodes to U+FFFD whatever the bytes were.
            #expect(
                data == expected,
                "\(golden.testDescription): \(name) differs (re-record with `make golden` only if the change is intended):\n\(GoldenCase.difference(data, expected))"
            )
        }
        if GoldenCaseTests.recording {
            Issue.record("re-recorded \(golden.testDescription): read the diff before committing")
        }
        try answersTheSameThroughTheIndex(golden, scratch: scratch, first: result)
    }

    /// A geocode case whose first run wrote the gazetteer's compiled index runs again, reading
    /// the index: the same bytes out, and the index kept (not found stale or damaged, which
    /// would have rewritten it).
    func answersTheSameThroughTheIndex(_ golden: GoldenCase, scratch: TemporaryDirectory, first: Executable.Result) throws {
        let manager = FileManager.default
        let indexes = try manager.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasSuffix(".sluice-index") }
        guard golden.stage == "geocode", let index = indexes.first else { return }
        let before = try manager.attributesOfItem(atPath: scratch.file(index).path)[.systemFileNumber] as? Int
        let input = scratch.file("input.ndjson")
        let again = try Executable("sluice-geocode").run(
            golden.arguments, stdin: manager.fileExists(atPath: input.path) ? input : nil, in: scratch.url)
        #expect(again.stdout == first.stdout, "\(golden.testDescription) through the index: \(GoldenCase.difference(again.stdout, first.stdout))")
        #expect(again.stderr == first.stderr, "\(golden.testDescription) through the index: \(GoldenCase.difference(again.stderr, first.stderr))")
        #expect(again.status == first.status)
        let after = try manager.attributesOfItem(atPath: scratch.file(index).path)[.systemFileNumber] as? Int
        #expect(before == after, "\(golden.testDescription): the index was written again, not read")
    }

    @Test func everyCaseHasArgumentsAndExpectations() {
        #expect(!GoldenCase.all().isEmpty)
        for golden in GoldenCase.all() {
            for name in ["args", "expected.stdout", "expected.stderr", "expected.status"] {
                #expect(
                    FileManager.default.fileExists(atPath: golden.folder.appendingPathComponent(name).path), "\(golden.testDescription) lacks \(name)"
                )
            }
        }
    }
}
