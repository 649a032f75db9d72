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

    /// A rule keyed on one field: a pair equal on it is weighed against u among that rule's
    /// pairs, which the report shows for the other fields (log2 of m over that u).
    @Test func eachRuleShowsTheUItsPairsAreWeighedAgainst() throws {
        var model = FellegiSunterModel(levelCounts: [3, 3], u: [[0, 0.05, 0.95], [0, 0.01, 0.99]])
        model.blocks = [BlockU(fields: [0], u: [[0, 0.05, 0.95], [0, 0.45, 0.55]])]
        let specs = [try ComparisonSpec.parse("postcode:exact"), try ComparisonSpec.parse("surname:exact")]
        let text = ModelReport.text(model: model, specs: specs, pairs: 10, patterns: 2, termFrequency: false, rules: ["postcode"])
        #expect(text.contains("--block postcode: a pair equal on postcode:exact is weighed against u among the pairs this rule compares"))
        #expect(text.contains("  surname:exact                             u   weight\n    exact                            0.450000   +1.000\n"))
        #expect(!text.contains("  postcode:exact                          u"))
    }
}
