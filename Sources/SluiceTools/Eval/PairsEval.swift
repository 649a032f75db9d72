import SluiceCore

/// `sluice-eval pairs`: the core's `PairwiseScore` of two files of assignments, each record's
/// true entity (`--truth`) and its found cluster (`--found`), as one JSON line. The scoring the
/// Python scripts use (`scripts/sluice_contract.py`'s `pairwise_score` writes the files and runs
/// this), so that pairs are counted in one place.
///
///     sluice-eval pairs --truth truth.ndjson --found found.ndjson
///     {"records":4,"true_pairs":3,"predicted_pairs":1,"correct_pairs":1,"precision":1.0,"recall":0.3333333333333333,"f1":0.5}
struct PairsEval: ToolCommand {
    static let usage = Usage.tool(
        name: "sluice-eval pairs",
        overview: "pairwise precision, recall and F1 of found clusters against true entities, as one JSON line",
        synopsis: ["sluice-eval pairs --truth FILE --found FILE"],
        options: [
            .input("truth", "FILE", "each record's true entity: NDJSON lines {\"id\": ID, \"cluster\": ENTITY}"),
            .input("found", "FILE", "each record's found cluster: NDJSON lines {\"id\": ID, \"cluster\": CLUSTER}"),
        ],
        examples: ["sluice-eval pairs --truth pairs-truth.ndjson --found pairs-found.ndjson"],
        memory: "one id and one cluster per record of both files.",
        sections: [
            (
                "INPUT",
                """
                  One JSON object a line, {"id": ID, "cluster": C}; other members are ignored, blank lines
                  skipped. An id or a cluster is a string or an integer (7 and "7" are the same). An id
                  may appear once a file. A record missing from one file is alone in it: it makes no
                  pair there.
                """
            ),
            (
                "OUTPUT",
                """
                  One line: {"records", "true_pairs", "predicted_pairs", "correct_pairs", "precision",
                  "recall", "f1"}. Every two records with one cluster in --found are a predicted pair,
                  with one entity in --truth a true pair, and a pair is correct when it is both.
                  precision = correct / predicted, recall = correct / true (0 when there are none),
                  f1 their harmonic mean (0 when both are 0); the numbers are the shortest text that
                  reads back as the same double.
                """
            ),
        ],
        operands: [])

    var truthPath: String
    var foundPath: String

    init(arguments: ParsedArguments) throws(StageFailure) {
        guard arguments.positionals.isEmpty else { throw .usage("pairs takes no operands: name the files with --truth and --found") }
        guard let truth = arguments["truth"], let found = arguments["found"] else { throw .usage("pairs needs --truth FILE and --found FILE") }
        truthPath = truth
        foundPath = found
    }

    mutating func run(_ context: ToolContext) throws {
        let truth = try PairsEval.assignments(try FileInput.contents(of: truthPath, what: "truth"), source: truthPath)
        let found = try PairsEval.assignments(try FileInput.contents(of: foundPath, what: "found clusters"), source: foundPath)
        try context.write(PairsEval.line(PairwiseScore(predicted: found, truth: truth), records: Set(truth.keys).union(found.keys).count))
    }

    /// Each id's cluster in an NDJSON file of `{"id": …, "cluster": …}` lines; a bad line is a
    /// data error naming `source` and its line.
    static func assignments(_ bytes: [UInt8], source: String) throws(StageFailure) -> [String: String] {
        var clusters: [String: String] = [:]
        var lineOf: [String: Int] = [:]
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            let number = index + 1
            let record: JSONValue
            do {
                record = try JSONParser.parse(Array(line))
            } catch {
                throw .data(source: source, line: number, "invalid JSON: \(error)")
            }
            guard case .object = record else { throw .data(source: source, line: number, "expected a JSON object, got \(record.typeName)") }
            let id = try label(record, "id", source: source, line: number)
            let cluster = try label(record, "cluster", source: source, line: number)
            if let earlier = lineOf[id] { throw .data(source: source, line: number, "id \(id) is already on line \(earlier)") }
            lineOf[id] = number
            clusters[id] = cluster
        }
        return clusters
    }

    /// A member that is a string or an integer, as text (`7` and `"7"` alike).
    static func label(_ record: JSONValue, _ key: String, source: String, line: Int) throws(StageFailure) -> String {
        switch record[key] {
        case .string(let text)?: return text
        case .number(let text)? where !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }): return text
        case nil: throw .data(source: source, line: line, "no member \"\(key)\"")
        case let value?: throw .data(source: source, line: line, "\"\(key)\" is \(JSONWriter.string(value)), not a string or an integer")
        }
    }

    /// The score as the one JSON line the command prints.
    static func line(_ score: PairwiseScore, records: Int) -> String {
        JSONWriter.string(
            .object([
                JSONMember("records", .number("\(records)")),
                JSONMember("true_pairs", .number("\(score.truePairs)")),
                JSONMember("predicted_pairs", .number("\(score.predictedPairs)")),
                JSONMember("correct_pairs", .number("\(score.correctPairs)")),
                JSONMember("precision", .number("\(score.precision)")),
                JSONMember("recall", .number("\(score.recall)")),
                JSONMember("f1", .number("\(score.f1)")),
            ]))
    }
}
