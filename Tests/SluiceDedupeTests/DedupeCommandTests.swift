import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceDedupe

@Suite struct DedupeCommandTests {
    func command(_ arguments: [String]) throws -> DedupeCommand {
        try DedupeCommand(arguments: try ParsedArguments(arguments, options: DedupeCommand.usage.allOptions))
    }

    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try command(arguments)
            return nil
        } catch let failure as StageFailure {
            return failure.exitCode == .usage ? failure.message : "exit \(failure.exitCode)"
        } catch {
            return "\(error)"
        }
    }

    @Test func modes() throws {
        #expect(try command(["--key", "title"]).mode == .mark)
        #expect(try command(["--key", "title", "--merge"]).mode == .merge)
        #expect(usageError(["--key", "a", "--drop", "--merge"]) == "choose one of --mark, --drop, --merge, not --drop and --merge")
    }

    @Test func exactOrFuzzyNotBothNorNeither() {
        #expect(usageError([]) == "give --key FIELDS (exact mode) or --compare SPECS with --block (fuzzy mode)")
        #expect(usageError(["--key", "a", "--compare", "b"]) == "use --key (exact mode) or --compare (fuzzy mode), not both")
        #expect(
            usageError(["--compare", "b"]) == "fuzzy mode needs at least one --block rule (comparing all pairs grows as the square of the input)")
        #expect(usageError(["--key", "a", "--threshold", "0.5"]) == "option '--threshold' needs fuzzy mode (--compare)")
        #expect(usageError(["--compare", "b", "--block", "b", "--fold"]) != nil)
    }

    @Test func fuzzySettings() throws {
        guard
            case .fuzzy(let specs, let rules, let settings) = try command(
                [
                    "--compare", "address.key:tokens,geo:geo=100", "--block", "address.key:fingerprint", "--block", "geo:geohash7", "--threshold",
                    "0.8", "--no-tf",
                ]).matching
        else {
            Issue.record("not fuzzy")
            return
        }
        #expect(specs.map(\.text) == ["address.key:tokens", "geo:geo=100"])
        #expect(rules.map(\.text) == ["address.key:fingerprint", "geo:geohash7"])
        #expect(settings.threshold == 0.8 && !settings.termFrequency)
        #expect(usageError(["--compare", "a", "--block", "a", "--threshold", "2"]) == "option '--threshold' needs a number in 0.0...1.0, got '2'")
    }

    /// Runs the command on `input` and returns its output lines.
    func run(_ arguments: [String], input: String) throws -> [String] {
        try StageRun(DedupeCommand.self, arguments, input: input).lines
    }

    @Test func anInputFieldNamedLikeTheResultStopsTheStageAndAsKeepsBoth() throws {
        let input = #"{"title":"Vertigo","dedupe":"keep me"}"# + "\n" + #"{"title":"Vertigo","dedupe":"and me"}"# + "\n"
        for mode in ["--mark", "--merge"] {
            do {
                _ = try run(["--key", "title", mode], input: input)
                Issue.record("the input's dedupe field was replaced")
            } catch let failure as StageFailure {
                #expect(failure.exitCode == .dataError)
                #expect(failure.message.contains(":1: error: the record already has a field 'dedupe' (a string, not this stage's result)"))
            }
        }
        let marked = try run(["--key", "title", "--as", "cluster"], input: input)
        #expect(marked[0].hasPrefix(#"{"title":"Vertigo","dedupe":"keep me","cluster":{"cluster":""#))
        #expect(marked[1].hasPrefix(#"{"title":"Vertigo","dedupe":"and me","cluster":{"cluster":""#))
        // Its own output again: the stage's earlier result is replaced in place.
        #expect(try run(["--key", "title", "--as", "cluster"], input: marked.joined(separator: "\n") + "\n") == marked)
        let merged = try run(["--key", "title", "--merge", "--as", "cluster"], input: input)
        #expect(merged.count == 1 && merged[0].contains(#""dedupe":"keep me","cluster":{"#))
        let replaced = try run(["--key", "title", "--overwrite-field"], input: input)
        #expect(replaced[0].hasPrefix(#"{"title":"Vertigo","dedupe":{"cluster":""#))
    }

    /// `--model-out` names a file written, `--model` and `--against` files read: the entry point
    /// refuses one over another. Before, `--model-out in.ndjson in.ndjson` wrote the model over
    /// the input it was about to read again (exit 74, the input lost).
    @Test func theModelAndKnownAreFilesTheEntryPointChecks() throws {
        let scratch = try ScratchDirectory()
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: scratch.file("in.ndjson")))
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: scratch.file("known.ndjson")))
        func refusal(_ arguments: [String]) throws -> String? {
            let parsed = try ParsedArguments(
                ["--compare", "x", "--block", "x"] + arguments.map { $0.hasPrefix("--") ? $0 : scratch.file($0) },
                options: DedupeCommand.usage.allOptions)
            do {
                try parsed.refuseOutputsOverInputs(DedupeCommand.usage, standardInput: true)
                return nil
            } catch {
                #expect(error.exitCode == .usage)
                return error.message.replacingOccurrences(of: scratch.path + "/", with: "")
            }
        }
        #expect(
            try refusal(["--model-out", "in.ndjson", "in.ndjson"])
                == "--model-out 'in.ndjson' is the same file as the input 'in.ndjson': writing it would empty the input before it is read; write to another file"
        )
        #expect(try refusal(["--model-out", "known.ndjson", "--against", "known.ndjson", "in.ndjson"]) != nil)
        #expect(try refusal(["--pairs", "known.ndjson", "--against", "known.ndjson", "in.ndjson"]) != nil)
        #expect(try refusal(["--rejects", "model.json", "--model", "model.json", "in.ndjson"]) != nil)
        #expect(try refusal(["--model-out", "model.json", "--against", "known.ndjson", "in.ndjson"]) == nil)
    }
}
