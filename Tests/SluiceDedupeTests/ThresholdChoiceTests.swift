import Testing

@testable import SluiceDedupe

@Suite struct ThresholdChoiceTests {
    let matches = Array(repeating: true, count: 10) + Array(repeating: false, count: 10)

    @Test func choosesBetweenTheLabelsWhereF1IsBest() {
        let high: [Double] = (0..<10).map { 0.6 + Double($0) * 0.03 }
        let low: [Double] = (0..<10).map { 0.05 + Double($0) * 0.04 }
        let probabilities = high + low
        let choice = ThresholdChoice.choose(probabilities: probabilities, matches: matches, folds: 5, fallback: 0.9)
        #expect(choice.chosen)
        #expect(choice.threshold > 0.41 && choice.threshold < 0.6)
        #expect(choice.f1 == 1 && choice.precision == 1 && choice.recall == 1)
        #expect(choice.summary.hasPrefix("threshold 0.") && choice.summary.contains("chosen for the best F1 on 10 match and 10 distinct labels"))
    }

    @Test func tooFewOfAKindKeepsTheFallbackAndMeasuresIt() {
        let choice = ThresholdChoice.choose(probabilities: [0.95, 0.5, 0.2], matches: [true, true, false], folds: 3, fallback: 0.9)
        #expect(!choice.chosen && choice.threshold == 0.9)
        #expect(choice.recall == 0.5 && choice.precision == 1)
        let kept = ThresholdChoice.choose(probabilities: Array(repeating: 0.5, count: 20), matches: matches, folds: 5, fallback: 0.7, keep: true)
        #expect(!kept.chosen && kept.threshold == 0.7)
    }

    @Test func weightsCountPairsAsManyAsTheyStandFor() {
        let score = ThresholdChoice.score([0.95, 0.95, 0.2], [true, false, true], [1, 9, 10], threshold: 0.9)
        #expect(abs(score.precision - 0.1) < 1e-12)
        #expect(abs(score.recall - 1.0 / 11) < 1e-12)
    }
}
