/// Pairwise precision, recall and F1 of predicted clusters against true entities: every pair
/// of records in one predicted cluster is a predicted match, every pair of records of one entity
/// a true match. `include` restricts pairs (linkage counts only pairs across the two files).
///
///     PairwiseScore(predicted: [0, 0, 1], truth: [7, 7, 7])   // precision 1, recall 1/3
struct PairwiseScore {
    var truePositives = 0
    var predictedPairs = 0
    var truePairs = 0

    init(predicted: [String], truth: [Int], include: (Int, Int) -> Bool = { _, _ in true }) {
        predictedPairs = Self.pairs(grouping: predicted, include: include).count
        truePairs = Self.pairs(grouping: truth, include: include).count
        let predictedSet = Set(Self.pairs(grouping: predicted, include: include).map { $0.0 << 32 | $0.1 })
        truePositives = Self.pairs(grouping: truth, include: include).count { predictedSet.contains($0.0 << 32 | $0.1) }
    }

    static func pairs<Label: Hashable>(grouping labels: [Label], include: (Int, Int) -> Bool) -> [(Int, Int)] {
        var groups: [Label: [Int]] = [:]
        for (record, label) in labels.enumerated() { groups[label, default: []].append(record) }
        var out: [(Int, Int)] = []
        for members in groups.values where members.count > 1 {
            for x in 0..<(members.count - 1) {
                for y in (x + 1)..<members.count where include(members[x], members[y]) { out.append((members[x], members[y])) }
            }
        }
        return out
    }

    var precision: Double { predictedPairs == 0 ? 0 : Double(truePositives) / Double(predictedPairs) }
    var recall: Double { truePairs == 0 ? 0 : Double(truePositives) / Double(truePairs) }
    var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
}
