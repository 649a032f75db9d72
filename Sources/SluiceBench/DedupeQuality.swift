import SluiceCore
import SluiceDedupe

/// Pairwise precision, recall and F1 of a clustering against the generator's truth: every pair
/// of records inside a predicted cluster is a predicted match; every pair inside a true cluster
/// (an original and its near-duplicates) is a true match. The same measure for every tool.
///
///     let truth = [2: 1, 3: 1]                  // rows 2 and 3 copy row 1
///     let predicted = [1: "a", 2: "a", 3: "b"]  // row → cluster
///     DedupeQuality(truth: truth, predicted: predicted).f1   // 0.5 (1 of 3 true pairs, 1 of 1 predicted)
public struct DedupeQuality: Sendable {
    public var truePairs: Int
    public var predictedPairs: Int
    public var correctPairs: Int

    /// `truth`: duplicate row → original row; `predicted`: row → cluster label (rows not listed
    /// are alone).
    public init(truth: [Int: Int], predicted: [Int: String]) {
        var trueClusters: [Int: [Int]] = [:]
        for (row, original) in truth { trueClusters[original, default: [original]].append(row) }
        var predictedClusters: [String: [Int]] = [:]
        for (row, label) in predicted { predictedClusters[label, default: []].append(row) }
        func pairs(_ n: Int) -> Int { n * (n - 1) / 2 }
        truePairs = trueClusters.values.reduce(0) { $0 + pairs($1.count) }
        predictedPairs = predictedClusters.values.reduce(0) { $0 + pairs($1.count) }
        // A pair is correct when both records share a predicted cluster and a true cluster.
        var trueCluster: [Int: Int] = [:]
        for (original, members) in trueClusters { for row in members { trueCluster[row] = original } }
        var correct = 0
        for members in predictedClusters.values where members.count > 1 {
            var counts: [Int: Int] = [:]
            for row in members { if let cluster = trueCluster[row] { counts[cluster, default: 0] += 1 } }
            correct += counts.values.reduce(0) { $0 + pairs($1) }
        }
        correctPairs = correct
    }

    public var precision: Double { predictedPairs == 0 ? 0 : Double(correctPairs) / Double(predictedPairs) }
    public var recall: Double { truePairs == 0 ? 0 : Double(correctPairs) / Double(truePairs) }
    public var f1: Double {
        precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    /// Reads a truth file written by `DatasetGenerator` (`row,duplicate_of`).
    public static func readTruth(_ text: String) -> [Int: Int] {
        var truth: [Int: Int] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",")
            if fields.count == 2, let row = Int(fields[0]), let original = Int(fields[1]) { truth[row] = original }
        }
        return truth
    }

    /// Reads predicted clusters from `sluice-dedupe --mark` output (`provenance.row` and
    /// `dedupe.cluster` of each line) or from a peer driver's CSV (`row,cluster`).
    public static func readPredicted(_ text: String) -> [Int: String] {
        var predicted: [Int: String] = [:]
        for line in text.split(separator: "\n") {
            if line.first == "{" {
                guard let value = try? JSONParser.parse(String(line)),
                    let row = value.value(atPath: "provenance.row")?.doubleValue,
                    let cluster = value[DedupeFields.member]?[DedupeFields.cluster]?.stringValue
                else { continue }
                predicted[Int(row)] = cluster
            } else {
                let fields = line.split(separator: ",")
                if fields.count == 2, let row = Int(fields[0]) { predicted[row] = String(fields[1]) }
            }
        }
        return predicted
    }
}
