import SluiceCore
import SluiceDedupe

/// The bench's dedupe quality: the generator's truth and a tool's clusters, read from their
/// files and scored by the core's `PairwiseScore` (the same measure as `sluice-eval dedupe`).
///
///     let truth = [2: 1, 3: 1]                  // rows 2 and 3 copy row 1
///     let predicted = [1: "a", 2: "a", 3: "b"]  // row → cluster
///     DedupeQuality.score(truth: truth, predicted: predicted).f1   // 0.5 (1 of 3 true pairs, 1 of 1 predicted)
public enum DedupeQuality {
    /// `truth`: duplicate row → original row; `predicted`: row → cluster label (rows not listed
    /// are alone).
    public static func score(truth: [Int: Int], predicted: [Int: String]) -> PairwiseScore {
        // An original is its own entity; the generator copies originals only, never a copy.
        var entity: [Int: Int] = [:]
        for (row, original) in truth {
            entity[row] = original
            entity[original] = original
        }
        return PairwiseScore(predicted: predicted, truth: entity)
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
