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
}
