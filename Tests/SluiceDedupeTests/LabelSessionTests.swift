import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceDedupe

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LabelSessionTests {
    /// Runs the loop on the Building records with `typed` as the terminal's input.
    func session(typed: String) throws -> (labels: [Labels.Label], shown: String, given: Int) {
        let scratch = try ScratchDirectory()
        let (lines, _) = Building.records(buildings: 6)
        let spool = try Spool(addingMember: "dedupe")
        var matcher = FuzzyMatcher(
            specs: try ["name:name", "address:address", "phone:phone"].map(ComparisonSpec.parse), rules: [try BlockingRule.parse("address")],
            settings: FuzzyMatcher.Settings())
        var facts = RecordFacts(keepProvenance: true)
        for line in lines {
            try withRecord(line) { record in
                try spool.append(record)
                matcher.append(record)
                try facts.append(record)
            }
        }
        try matcher.compare(recordCount: facts.count, keepAll: false)
        matcher.learn(labels: LabelledPairs())
        try typed.write(toFile: scratch.file("typed"), atomically: true, encoding: .utf8)
        let input = open(scratch.file("typed"), O_RDONLY), output = open(scratch.file("shown"), O_WRONLY | O_CREAT, 0o644)
        defer { close(output) }
        let terminal = Terminal(input: input, output: output, colour: false, width: 100, owning: input)
        let path = scratch.file("labels.ndjson")
        let given = try LabelSession(terminal: terminal, path: path).run(matcher: &matcher, facts: facts, spool: spool, maxLineBytes: 1 << 20)
        let labels = FileManager.default.fileExists(atPath: path) ? try Labels(path: path, mayBeMissing: false).labels : []
        return (labels, try String(contentsOfFile: scratch.file("shown"), encoding: .utf8), given)
    }

    @Test func eachAnswerIsAppendedUntilFinish() throws {
        let run = try session(typed: "y\nmaybe\nN\nu\nf\ny\n")
        #expect(run.given == 3)
        #expect(run.labels.map(\.answer) == [.match, .distinct, .unsure])
        #expect(run.shown.components(separatedBy: LabelSession.prompt).count - 1 == 5)
        #expect(run.shown.contains("Please answer y, n, u or f."))
        #expect(run.shown.contains("pair 1 · match probability") && run.shown.contains("pair 3 · "))
        // Every pair asked about is a different one.
        #expect(Set(run.labels.map { JSONWriter.string($0.a) + JSONWriter.string($0.b) }).count == 3)
    }

    @Test func theEndOfInputFinishes() throws {
        let run = try session(typed: "n")
        #expect(run.given == 1 && run.labels.map(\.answer) == [.distinct])
        let none = try session(typed: "")
        #expect(none.given == 0 && none.labels.isEmpty)
    }
}
