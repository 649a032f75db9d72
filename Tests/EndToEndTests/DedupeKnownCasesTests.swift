import Foundation
import Testing

/// The golden cases of a saved model and `--against` are one story told in steps: week 1 learns
/// a model (0020), the same input with that model gives the same bytes (0021), and week 2 is
/// linked against week 1's output with it (0022). Each step's inputs must be the step before's
/// expected outputs, or re-recording one case would quietly test something else.
@Suite struct DedupeKnownCasesTests {
    static let cases = GoldenCase.root.appendingPathComponent("dedupe")

    func data(_ folder: String, _ name: String) throws -> Data {
        try Data(contentsOf: Self.cases.appendingPathComponent(folder).appendingPathComponent(name))
    }

    @Test func theSameInputWithTheModelItLearntGivesTheSameBytes() throws {
        #expect(try data("0021-model-same-output", "expected.stdout") == data("0020-model-out-week1", "expected.stdout"))
        #expect(try data("0021-model-same-output", "model.json") == data("0020-model-out-week1", "expected.model.json"))
    }

    @Test func weekTwoIsLinkedAgainstWeekOnesOutputAndModel() throws {
        #expect(try data("0022-against-week2", "known.ndjson") == data("0020-model-out-week1", "expected.stdout"))
        #expect(try data("0022-against-week2", "model.json") == data("0020-model-out-week1", "expected.model.json"))
    }

    /// A model learnt with labels keeps what they taught (each level's shift, the threshold
    /// chosen on them): the same input and labels with it give the same bytes.
    @Test func aModelLearntWithLabelsGivesTheSameOutputWithThem() throws {
        let folder = Self.cases.appendingPathComponent("0014-fuzzy-labels-explain")
        let scratch = try TemporaryDirectory()
        let setup = [
            "--no-tf", "--compare", "name:name,address.key:address,phone:phone", "--block", "address.key",
            "--labels", folder.appendingPathComponent("labels.ndjson").path, folder.appendingPathComponent("input.ndjson").path,
        ]
        let learnt = try Executable("sluice-dedupe").run(setup + ["--model-out", scratch.file("model.json").path])
        let used = try Executable("sluice-dedupe").run(setup + ["--model", scratch.file("model.json").path])
        #expect(learnt.status == 0 && used.status == 0)
        #expect(!learnt.stdout.isEmpty && used.stdout == learnt.stdout)
        let model = try String(contentsOf: scratch.file("model.json"), encoding: .utf8)
        #expect(model.contains(#""shift":"#) && model.contains(#""labels":{"pairs":5,"#))
    }

    /// Week 3 (0027) is linked against both earlier outputs, week 2's merge line included: a
    /// record of the merged cluster gets the surviving id and counts every member.
    @Test func weekThreeIsLinkedAgainstBothWeeksWithTheMergeApplied() throws {
        let both = try data("0020-model-out-week1", "expected.stdout") + data("0022-against-week2", "expected.stdout")
        #expect(try data("0027-against-two-weeks", "known.ndjson") == both)
        let output = String(decoding: try data("0027-against-two-weeks", "expected.stdout"), as: UTF8.self)
        #expect(output.contains(#""dedupe":{"cluster":"73518d2d6e0239d6","size":4,"canonical":false"#))
    }

    /// Week 2's story, read from its output: a record joins a known cluster and takes its id, a
    /// new pair and a new single get ids no known record has, and one record merges two known
    /// clusters into the one with the smaller id (both of one record).
    @Test func weekTwoJoinsCreatesAndMerges() throws {
        func lines(_ data: Data) throws -> [[String: Any]] {
            try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
                try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
        let known = try lines(data("0022-against-week2", "known.ndjson")).compactMap { ($0["dedupe"] as? [String: Any])?["cluster"] as? String }
        let output = try lines(data("0022-against-week2", "expected.stdout"))
        let marks = output.compactMap { $0["dedupe"] as? [String: Any] }
        let clusters = marks.compactMap { $0["cluster"] as? String }
        #expect(known.contains(clusters[0]) && marks[0]["size"] as? Int == 2)
        #expect(clusters[1] == clusters[2] && !known.contains(clusters[1]))
        #expect(!known.contains(clusters[3]) && clusters[3] != clusters[1])
        let merge = try #require(marks.first { $0["merge"] != nil }?["merge"] as? [String: Any])
        // Last, what linking did: 2 joined (one by the merge), a pair and a single created.
        let summary = try #require(marks.last?["against"] as? [String: Int])
        #expect(summary == ["known": known.count, "joined": 2, "created": 2, "merged": 1])
        let (absorbed, into) = (try #require(merge["absorbed"] as? String), try #require(merge["into"] as? String))
        #expect(known.contains(absorbed) && known.contains(into) && into < absorbed && clusters[4] == into)
    }
}
