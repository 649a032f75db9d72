import Testing

@testable import SluiceCore

@Suite struct PairwiseScoreTests {
    @Test func countsPairsInsideClustersAndEntities() {
        // Predicted pairs (0,1); true pairs (0,1) (0,2) (1,2).
        let score = PairwiseScore(predicted: [0, 0, 1], truth: [7, 7, 7])
        #expect(score.predictedPairs == 1 && score.truePairs == 3 && score.correctPairs == 1)
        #expect(score.precision == 1)
        #expect(abs(score.recall - 1.0 / 3) < 1e-12)
        #expect(abs(score.f1 - 0.5) < 1e-12)
    }

    @Test func emptyAndAloneScoreZero() {
        #expect(PairwiseScore(predicted: [Int](), truth: [Int]()).f1 == 0)
        let alone = PairwiseScore(predicted: ["a", "b"], truth: [1, 2])
        #expect(alone.truePairs == 0 && alone.predictedPairs == 0 && alone.f1 == 0)
    }

    /// Linkage: only pairs across the two files count, inside a cluster and inside an entity.
    @Test func sidesCountOnlyPairsAcrossFiles() {
        // Records 0, 1 in file A; 2, 3 in file B. Entity 1: 0, 1, 2 (pairs across: (0,2) (1,2));
        // cluster x: 0, 1, 2, 3 (across: 4 pairs), of which (0,2) (1,2) are right.
        let score = PairwiseScore(predicted: ["x", "x", "x", "x"], truth: [1, 1, 1, 2], sides: [0, 0, 1, 1])
        #expect(score.truePairs == 2 && score.predictedPairs == 4 && score.correctPairs == 2)
    }

    /// Records keyed by row: a row missing from either side is alone there.
    @Test func keyedRecordsMissingFromASideAreAlone() {
        let keyed = PairwiseScore(predicted: [1: "a", 2: "a", 3: "b", 4: "b"], truth: [1: 1, 2: 1, 3: 1])
        let listed = PairwiseScore(predicted: ["a", "a", "b", "b"], truth: [1, 1, 1, 4])
        #expect(keyed == listed)
        #expect(keyed.correctPairs == 1 && keyed.predictedPairs == 2 && keyed.truePairs == 3)
    }
}
