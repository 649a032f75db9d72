import Testing

@testable import SluiceBench

@Suite struct DedupeQualityTests {
    @Test func aPerfectClusteringScoresOne() {
        let quality = DedupeQuality.score(truth: [2: 1, 3: 1, 5: 4], predicted: [1: "a", 2: "a", 3: "a", 4: "b", 5: "b", 6: "c"])
        #expect(quality.truePairs == 4)
        #expect(quality.predictedPairs == 4)
        #expect(quality.f1 == 1)
    }

    @Test func missedAndWrongPairsCount() {
        // True pairs: (1,2) (1,3) (2,3). Predicted: (1,2) right, (3,4) wrong.
        let quality = DedupeQuality.score(truth: [2: 1, 3: 1], predicted: [1: "a", 2: "a", 3: "b", 4: "b"])
        #expect(quality.correctPairs == 1)
        #expect(quality.precision == 0.5)
        #expect(abs(quality.recall - 1.0 / 3) < 1e-12)
    }

    @Test func nothingPredictedScoresZero() {
        #expect(DedupeQuality.score(truth: [2: 1], predicted: [:]).f1 == 0)
    }

    @Test func readsTruthDedupeOutputAndPeerCSV() {
        #expect(DedupeQuality.readTruth("row,duplicate_of\n24,4\n32,17\n") == [24: 4, 32: 17])
        let marked = """
            {"title":"Vertigo","provenance":{"source":"<stdin>","row":7},"dedupe":{"cluster":"8c1f","size":2,"canonical":true}}
            {"title":"Vertgio","provenance":{"source":"<stdin>","row":9},"dedupe":{"cluster":"8c1f","size":2,"canonical":false}}
            """
        #expect(DedupeQuality.readPredicted(marked) == [7: "8c1f", 9: "8c1f"])
        #expect(DedupeQuality.readPredicted("1,1\n2,1\n3,3\n") == [1: "1", 2: "1", 3: "3"])
    }
}
