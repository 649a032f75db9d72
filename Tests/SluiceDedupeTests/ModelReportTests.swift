import Testing

@testable import SluiceDedupe

@Suite struct ModelReportTests {
    @Test func listsEveryLevelWithItsWeight() throws {
        var model = FellegiSunterModel(levelCounts: [3], u: [[0, 0.05, 0.95]])
        model.prior = 0.001
        let text = ModelReport.text(model: model, specs: [try ComparisonSpec.parse("postcode:exact")], pairs: 10, patterns: 2, termFrequency: true)
        #expect(text.contains("model: 10 pairs compared in 2 patterns"))
        #expect(text.contains("postcode:exact (term-frequency adjusted when exact)"))
        #expect(text.contains("  exact                     0.9000   0.050000   +4.170"))
        #expect(text.contains("  missing"))
        #expect(text.contains("prior among all pairs 0.001 (weight -9.964)"))
    }

    @Test func aSavedModelSaysWhereItWasReadNotHowEMWent() throws {
        let model = FellegiSunterModel(levelCounts: [3], u: [[0, 0.05, 0.95]])
        let text = ModelReport.text(
            model: model, specs: [try ComparisonSpec.parse("postcode:exact")], pairs: 10, patterns: 2, termFrequency: true, savedIn: "model.json")
        #expect(text.hasPrefix("model: 10 pairs compared in 2 patterns; read from model.json (--model: no EM)\n"))
        #expect(!text.contains("iterations"))
    }

    @Test func withLabelsShowsHowEachWeightMoved() throws {
        var before = FellegiSunterModel(levelCounts: [3], u: [[0, 0.05, 0.95]])
        before.prior = 0.001
        var after = before
        after.shifts = [[0, 1.5, -2]]
        let choice = ThresholdChoice.choose(probabilities: [0.9, 0.1], matches: [true, false], folds: 2, fallback: 0.9)
        let text = ModelReport.text(
            model: after, specs: [try ComparisonSpec.parse("postcode:exact")], pairs: 10, patterns: 2, termFrequency: false,
            withoutLabels: before, threshold: choice)
        #expect(text.contains("labels: 1 match, 1 distinct;"))
        #expect(text.contains("weight  unlabelled    moved"))
        #expect(text.contains("  exact                     0.9000   0.050000   +5.670      +4.170   +1.500"))
        #expect(text.contains("threshold 0.900 on 1 match and 1 distinct labels"))
    }
}
