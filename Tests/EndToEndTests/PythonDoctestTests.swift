import Foundation
import SluiceCore
import Testing

/// The Python beside the Swift (`scripts/`, `scale/`, `examples/`) keeps its examples in
/// doctests; every file that has one is run with `python3 -m doctest` from its own folder, so a
/// docstring's example that stops being true fails `make test`. The Python that runs a built
/// binary is held to the Swift here too.
@Suite struct PythonDoctestTests {
    static let folders = ["scripts", "scale", "examples"]

    /// Every `.py` file under the folders whose text holds a doctest prompt.
    static func filesWithDoctests() -> [URL] {
        let root = Executable.packageRoot
        return folders.flatMap { folder -> [URL] in
            let files =
                FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL } ?? []
            return files.filter {
                $0.pathExtension == "py" && ((try? String(contentsOf: $0, encoding: .utf8))?.contains(">>> ") ?? false)
            }
        }.sorted { $0.path < $1.path }
    }

    @Test func thereAreDoctests() {
        let names = PythonDoctestTests.filesWithDoctests().map(\.lastPathComponent)
        #expect(names.contains("record_keys.py") && names.contains("dedupe_plan.py"), "\(names)")
    }

    @Test(arguments: PythonDoctestTests.filesWithDoctests())
    func doctestsPass(_ file: URL) throws {
        let run = try Program.run(["python3", "-m", "doctest", file.lastPathComponent], in: file.deletingLastPathComponent())
        #expect(run.status == 0, "\(file.path):\n\(run.stdoutText)\(run.stderrText)")
    }

    /// `scripts/sluice_contract.py`'s `pairwise_score` (the Python scripts' one scoring) gives
    /// `sluice-eval pairs`'s numbers, which are the core's `PairwiseScore`: records and clusters
    /// of any Python value, a record missing from one side alone there.
    @Test func thePythonScoreIsTheCoresPairwiseScore() throws {
        var random = SplitMix64(seed: 31)
        // Records 0..<300; the truth has 0..<280, the found clusters 20..<300.
        var truth: [Int: Int] = [:], found: [Int: Int] = [:]
        for record in 0..<300 {
            if record < 280 { truth[record] = Int(random.next() % 60) }
            if record >= 20 { found[record] = Int(random.next() % 80) }
        }
        let script = """
            import json, sys
            from sluice_contract import pairwise_score
            truth, found = json.loads(sys.argv[2]), json.loads(sys.argv[3])
            # Tuples as records and clusters: the helper numbers them.
            truth = {("r", int(k)): ("entity", v) for k, v in truth.items()}
            found = {("r", int(k)): str(v) for k, v in found.items()}
            print(json.dumps(pairwise_score(sys.argv[1], truth, found), sort_keys=True))
            """
        func json(_ labels: [Int: Int]) -> String {
            JSONWriter.string(.object(labels.sorted { $0.key < $1.key }.map { JSONMember("\($0.key)", .int($0.value)) }))
        }
        let run = try Program.run(
            ["python3", "-c", script, Executable.binDirectory.appendingPathComponent("sluice-eval").path, json(truth), json(found)],
            in: Executable.packageRoot.appendingPathComponent("scripts"))
        #expect(run.status == 0, "\(run.stderrText)")
        let score = PairwiseScore(predicted: found, truth: truth)
        #expect(score.truePairs > 100 && score.correctPairs > 0 && score.correctPairs < score.predictedPairs)
        let expected = JSONWriter.string(
            .object([
                JSONMember("correct_pairs", .int(score.correctPairs)), JSONMember("f1", .number("\(score.f1)")),
                JSONMember("precision", .number("\(score.precision)")), JSONMember("predicted_pairs", .int(score.predictedPairs)),
                JSONMember("recall", .number("\(score.recall)")), JSONMember("records", .int(300)), JSONMember("true_pairs", .int(score.truePairs)),
            ]))
        // Python's json.dumps puts a space after ':' and ','.
        #expect(run.stdoutText == expected.replacingOccurrences(of: ":", with: ": ").replacingOccurrences(of: ",\"", with: ", \"") + "\n")
    }

    /// The Spark comparison's agreement with the single machine (`scale/spark/compare.py`) is
    /// `sluice-eval pairs`'s: of 3 pairs one machine found and 2 Spark found, 1 is in both.
    @Test func theSparkComparisonScoresWithSluiceEval() throws {
        let script = """
            import sys
            from compare import pair_agreement
            reference = {"c1": [("a", 1), ("a", 2), ("a", 3)], "c2": [("b", 1)]}
            found = {"x": [("a", 1), ("a", 2)], "y": [("a", 3), ("b", 1)]}
            print(pair_agreement(sys.argv[1], reference, found))
            """
        let run = try Program.run(
            ["python3", "-c", script, Executable.binDirectory.path], in: Executable.packageRoot.appendingPathComponent("scale/spark"))
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText == "(0.5, 0.3333333333333333, 3, 2)\n")
    }
}
