/// Pairwise precision, recall and F1 of predicted clusters against true entities: every pair of
/// records in one predicted cluster is a predicted match, every pair of records of one entity a
/// true match, and a pair is correct when it is both. The one measure of dedupe quality, for
/// `sluice-eval dedupe` (the Febrl sets) and `sluice-bench` (the generator's truth).
///
///     PairwiseScore(predicted: [0, 0, 1], truth: [7, 7, 7])   // precision 1, recall 1/3
///     PairwiseScore(predicted: [1: "a", 2: "a", 3: "b"], truth: [1: 1, 2: 1, 3: 1])  // the same, by row
///
/// - Complexity: O(n) in the records: pairs are counted by group sizes, never listed.
public struct PairwiseScore: Equatable, Sendable {
    public var truePairs = 0
    public var predictedPairs = 0
    public var correctPairs = 0

    /// Each record's predicted cluster and true entity, in the same order. With `sides` (each
    /// record's file, for linkage) only pairs of records from different files count.
    public init<Predicted: Hashable, Truth: Hashable>(predicted: [Predicted], truth: [Truth], sides: [Int]? = nil) {
        precondition(predicted.count == truth.count && (sides?.count ?? truth.count) == truth.count, "one label per record")
        self.init(records: predicted.indices.map { (predicted[$0], truth[$0], sides?[$0] ?? 0) }, crossSidesOnly: sides != nil)
    }

    /// Records by key: a record missing from `predicted` (or from `truth`) is alone there.
    public init<Record: Hashable, Predicted: Hashable, Truth: Hashable>(predicted: [Record: Predicted], truth: [Record: Truth]) {
        let records = Set(predicted.keys).union(truth.keys)
        self.init(records: records.map { (predicted[$0], truth[$0], 0) }, crossSidesOnly: false)
    }

    private struct Both<Predicted: Hashable, Truth: Hashable>: Hashable {
        var predicted: Predicted
        var truth: Truth
    }

    private init<Predicted: Hashable, Truth: Hashable>(records: [(Predicted?, Truth?, Int)], crossSidesOnly: Bool) {
        // Per group, its records on each side: pairs within a group are n(n-1)/2, or across
        // sides (n² - Σ side²)/2.
        var predictedGroups: [Predicted: [Int: Int]] = [:]
        var trueGroups: [Truth: [Int: Int]] = [:]
        var bothGroups: [Both<Predicted, Truth>: [Int: Int]] = [:]
        for (predicted, truth, side) in records {
            if let predicted { predictedGroups[predicted, default: [:]][side, default: 0] += 1 }
            if let truth { trueGroups[truth, default: [:]][side, default: 0] += 1 }
            if let predicted, let truth { bothGroups[Both(predicted: predicted, truth: truth), default: [:]][side, default: 0] += 1 }
        }
        func pairs(_ sides: [Int: Int]) -> Int {
            let total = sides.values.reduce(0, +)
            guard crossSidesOnly else { return total * (total - 1) / 2 }
            return (total * total - sides.values.reduce(0) { $0 + $1 * $1 }) / 2
        }
        predictedPairs = predictedGroups.values.reduce(0) { $0 + pairs($1) }
        truePairs = trueGroups.values.reduce(0) { $0 + pairs($1) }
        correctPairs = bothGroups.values.reduce(0) { $0 + pairs($1) }
    }

    public var precision: Double { predictedPairs == 0 ? 0 : Double(correctPairs) / Double(predictedPairs) }
    public var recall: Double { truePairs == 0 ? 0 : Double(correctPairs) / Double(truePairs) }
    public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
}
