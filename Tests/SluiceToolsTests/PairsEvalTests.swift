import SluiceCore
import Testing

@testable import SluiceTools

@Suite struct PairsEvalTests {
    static func read(_ text: String, source: String = "t.ndjson") throws(StageFailure) -> [String: String] {
        try PairsEval.assignments(Array(text.utf8), source: source)
    }

    /// Integers and strings alike, blank lines skipped, other members ignored.
    @Test func readsIdsAndClusters() throws {
        let read = try Self.read("{\"id\":1,\"cluster\":\"a\",\"note\":[1]}\n\n {\"id\":\"2\",\"cluster\":7}\r\n")
        #expect(read == ["1": "a", "2": "7"])
    }

    @Test func badLinesNameTheFileAndLine() {
        let cases: [(String, String)] = [
            ("{\"id\":1,\"cluster\":1}\n{\"id\":1", "t.ndjson:2: error: invalid JSON"),
            ("[1]", "t.ndjson:1: error: expected a JSON object, got array"),
            ("{\"id\":1}", "t.ndjson:1: error: no member \"cluster\""),
            ("{\"id\":1.5,\"cluster\":1}", "t.ndjson:1: error: \"id\" is 1.5, not a string or an integer"),
            ("{\"id\":1,\"cluster\":null}", "t.ndjson:1: error: \"cluster\" is null, not a string or an integer"),
            ("{\"id\":1,\"cluster\":1}\n{\"id\":\"1\",\"cluster\":2}", "t.ndjson:2: error: id 1 is already on line 1"),
        ]
        for (text, message) in cases {
            #expect {
                _ = try Self.read(text)
            } throws: { error in
                guard let failure = error as? StageFailure else { return false }
                return failure.exitCode == .dataError && failure.message.hasPrefix(message)
            }
        }
    }

    /// PairwiseScore's numbers, a record missing from one side alone there, in the JSON line.
    @Test func scoresAsOneJSONLine() throws {
        let truth = try Self.read(
            "{\"id\":1,\"cluster\":\"a\"}\n{\"id\":2,\"cluster\":\"a\"}\n{\"id\":3,\"cluster\":\"a\"}\n{\"id\":4,\"cluster\":\"b\"}\n")
        let found = try Self.read("{\"id\":1,\"cluster\":10}\n{\"id\":2,\"cluster\":10}\n{\"id\":3,\"cluster\":11}\n{\"id\":5,\"cluster\":11}\n")
        let score = PairwiseScore(predicted: found, truth: truth)
        // Records 1-5 in order; 4 has no found cluster and 5 no entity, so each is alone there.
        #expect(score == PairwiseScore(predicted: ["10", "10", "11", "alone 4", "11"], truth: ["a", "a", "a", "b", "alone 5"]))
        #expect(
            PairsEval.line(score, records: 5)
                == #"{"records":5,"true_pairs":3,"predicted_pairs":2,"correct_pairs":1,"precision":0.5,"recall":0.3333333333333333,"f1":0.4}"#)
        // No pairs at all: precision, recall and F1 are 0, as PairwiseScore has them.
        #expect(
            PairsEval.line(PairwiseScore(predicted: [1: 1], truth: [1: 1]), records: 1)
                == #"{"records":1,"true_pairs":0,"predicted_pairs":0,"correct_pairs":0,"precision":0.0,"recall":0.0,"f1":0.0}"#)
    }

    @Test func needsBothFilesAndNoOperands() {
        #expect(throws: StageFailure.self) { try PairsEval(arguments: try ParsedArguments(["--truth", "a"], options: PairsEval.usage.allOptions)) }
        #expect(throws: StageFailure.self) {
            try PairsEval(arguments: try ParsedArguments(["--truth", "a", "--found", "b", "c"], options: PairsEval.usage.allOptions))
        }
    }
}
