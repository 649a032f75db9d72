import Foundation
import Testing

/// A scripted labelling session: the bench generator's films (whose near-duplicates are known),
/// blocked on title so that EM alone takes "the same film" for the same record; each round
/// `--suggest 10` names the pairs worth asking about, an oracle answers them from the truth file,
/// and F1 is measured after every round. It must rise each time.
@Suite struct ActiveLearningTests {
    static let arguments = [
        "--compare", "title,locations:tokens,director,release_year:num,fun_facts,sf_find_neighborhoods:exact,analysis_neighborhoods:exact",
        "--block", "locations:fingerprint", "--block", "title", "--quiet",
    ]

    /// Pairwise F1 of the clusters in `output` (records named by their line) against the truth.
    static func f1(_ output: String, duplicateOf: [Int: Int]) -> Double {
        var entity: [Int: Int] = [:]
        for (row, original) in duplicateOf { entity[row] = original }
        var byCluster: [String: [Int]] = [:]
        for (index, line) in output.split(separator: "\n").enumerated() {
            guard let range = line.range(of: #""cluster":""#) else { continue }
            byCluster[String(line[range.upperBound...].prefix(16)), default: []].append(index + 1)
        }
        var truePositives = 0, predicted = 0
        for members in byCluster.values where members.count > 1 {
            for x in 0..<(members.count - 1) {
                for y in (x + 1)..<members.count {
                    predicted += 1
                    if entity[members[x]] ?? members[x] == entity[members[y]] ?? members[y] { truePositives += 1 }
                }
            }
        }
        var sizes: [Int: Int] = [:]
        for (_, original) in duplicateOf { sizes[original, default: 1] += 1 }
        let actual = sizes.values.reduce(0) { $0 + $1 * ($1 - 1) / 2 }
        let precision = Double(truePositives) / Double(max(predicted, 1)), recall = Double(truePositives) / Double(max(actual, 1))
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    @Test func threeRoundsOfTenAnswersRaiseF1EachTime() throws {
        let folder = try TemporaryDirectory()
        let data = folder.file("films.ndjson")
        let generated = try Executable("sluice-bench").run(["generate", "--records", "2000", "--out", data.path])
        #expect(generated.status == 0)
        var duplicateOf: [Int: Int] = [:]
        for line in try String(contentsOf: folder.file("films.truth.csv"), encoding: .utf8).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",").compactMap { Int($0) }
            if fields.count == 2 { duplicateOf[fields[0]] = fields[1] }
        }
        // Records without provenance are named {"record":N}: N is the truth file's row.
        func row(_ reference: Any?) -> Int { (reference as? [String: Any])?["record"] as? Int ?? -1 }
        func same(_ a: Int, _ b: Int) -> Bool { (duplicateOf[a] ?? a) == (duplicateOf[b] ?? b) }
        let dedupe = Executable("sluice-dedupe")
        let labels = folder.file("labels.ndjson")
        var scores = [Self.f1(try dedupe.run(Self.arguments, stdin: data).stdoutText, duplicateOf: duplicateOf)]
        for _ in 1...3 {
            let labelled = FileManager.default.fileExists(atPath: labels.path) ? ["--labels", labels.path] : []
            let suggested = try dedupe.run(Self.arguments + labelled + ["--suggest", "10"], stdin: data)
            #expect(suggested.status == 0)
            var answers = ""
            for line in suggested.stdoutLines {
                let pair = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let match = same(row(pair["a"]), row(pair["b"]))
                answers += line.dropLast() + #","label":"\#(match ? "match" : "distinct")"}"# + "\n"
            }
            #expect(suggested.stdoutLines.count == 10)
            let handle = try FileHandle(forWritingTo: createIfMissing(labels))
            handle.seekToEndOfFile()
            handle.write(Data(answers.utf8))
            try handle.close()
            scores.append(Self.f1(try dedupe.run(Self.arguments + ["--labels", labels.path], stdin: data).stdoutText, duplicateOf: duplicateOf))
        }
        print("active learning, F1 after 0, 10, 20, 30 answers: " + scores.map { String(format: "%.4f", $0) }.joined(separator: ", "))
        for round in 1..<scores.count { #expect(scores[round] > scores[round - 1], "F1 \(scores)") }
    }

    func createIfMissing(_ url: URL) throws -> URL {
        if !FileManager.default.fileExists(atPath: url.path) { try Data().write(to: url) }
        return url
    }
}
