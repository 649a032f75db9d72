import Testing

@testable import SluiceDedupe

@Suite struct FellegiSunterModelTests {
    @Test func patternsPackFourBitsPerField() {
        #expect(Pattern.pack([1, 0, 3]) == 0x301)
        #expect(Pattern.unpack(0x301, fields: 3) == [1, 0, 3])
        #expect(Pattern.unpack(Pattern.pack([4, 2, 1, 0, 4]), fields: 5) == [4, 2, 1, 0, 4])
    }

    /// Expected pattern counts of 10,000 pairs drawn from a known model: EM must find it again.
    @Test func emRecoversKnownParameters() {
        let mTrue = [[0, 0.9, 0.1], [0, 0.8, 0.2], [0, 0.95, 0.05]]
        let uTrue = [[0, 0.05, 0.95], [0, 0.1, 0.9], [0, 0.02, 0.98]]
        let lambda = 0.3
        var counts: [UInt64: Int] = [:]
        for a in 1...2 {
            for b in 1...2 {
                for c in 1...2 {
                    let match = mTrue[0][a] * mTrue[1][b] * mTrue[2][c], non = uTrue[0][a] * uTrue[1][b] * uTrue[2][c]
                    counts[Pattern.pack([UInt8(a), UInt8(b), UInt8(c)])] = Int((10_000 * (lambda * match + (1 - lambda) * non)).rounded())
                }
            }
        }
        var model = FellegiSunterModel(levelCounts: [3, 3, 3], u: uTrue)
        model.train(patterns: counts)
        #expect(model.converged)
        #expect(abs(model.lambda - lambda) < 0.01)
        for field in 0..<3 { #expect(abs(model.m[field][1] - mTrue[field][1]) < 0.01) }
    }

    /// Every match agrees exactly on the second field (as a field every rule blocks on did):
    /// the prior keeps its other levels' m at least 0.01 pseudo-matches per match, so a typo
    /// costs a few bits, not 11–20 (m 1.0 and 1e-6, as EM learnt before the prior).
    @Test func priorKeepsMAwayFromZeroAndOne() {
        var counts: [UInt64: Int] = [:]
        counts[Pattern.pack([1, 1])] = 5_000
        counts[Pattern.pack([2, 2])] = 5_000
        counts[Pattern.pack([2, 1])] = 20
        var model = FellegiSunterModel(levelCounts: [3, 5], u: [[0, 0.05, 0.95], [0, 0.001, 0.002, 0.003, 0.994]])
        model.train(patterns: counts)
        #expect(model.m[1][1] < 0.995)
        for level in 2...4 { #expect(model.m[1][level] > 0.01 / 1.01 * 0.01) }
        #expect(model.fieldWeight(1, 2) > -10)
    }

    @Test func missingLevelsWeighNothing() {
        let model = FellegiSunterModel(levelCounts: [3], u: [[0, 0.05, 0.95]])
        #expect(model.fieldWeight(0, 0) == 0)
        #expect(model.fieldWeight(0, 1) > 0)
        #expect(model.fieldWeight(0, 2) < 0)
        #expect(model.weight(levels: [0]) == model.priorWeight)
    }

    @Test func termFrequencyLowersTheWeightOfCommonValues() {
        let model = FellegiSunterModel(levelCounts: [3], u: [[0, 0.01, 0.99]])
        #expect(model.fieldWeight(0, 1, termFrequency: 0.2) < model.fieldWeight(0, 1))
        #expect(model.fieldWeight(0, 1, termFrequency: 0.0001) > model.fieldWeight(0, 1))
    }

    @Test func uFromSamplesWithExactShare() {
        // Ten samples: level 1 twice, level 2 eight times; the exact share overrides level 1.
        let samples: [UInt64] = [1, 1] + Array(repeating: 2, count: 8)
        let sampled = FellegiSunterModel.estimateU(levelCounts: [3], exactShare: [nil], samples: 10) { samples[$0] }
        #expect(abs(sampled[0][1] - 3.0 / 12) < 1e-9)  // add-one smoothing
        let exact = FellegiSunterModel.estimateU(levelCounts: [3], exactShare: [0.01], samples: 10) { samples[$0] }
        #expect(exact[0][1] == 0.01)
        #expect(abs(exact[0][2] - 0.99) < 1e-9)
    }

    @Test func matchesAreTakenOutOfSampledU() {
        // Half the random pairs that agree are matches: sampled 0.02 = prior 0.01 × m 1 + u.
        var model = FellegiSunterModel(levelCounts: [3], u: [[0, 0.02, 0.98]])
        model.m = [[0, 1, 0]]
        model.prior = 0.01
        model.removeMatches(fromSampledU: [[0, 0.02, 0.98]])
        #expect(abs(model.u[0][1] - 0.0101 / 1.0) < 0.0005)
        #expect(abs(model.u[0][1] + model.u[0][2] - 1) < 1e-9)
    }

    @Test func probabilityOfWeights() {
        let model = FellegiSunterModel(levelCounts: [2], u: [[0, 0.5]])
        #expect(model.probability(weight: 0) == 0.5)
        #expect(model.probability(weight: 10) > 0.999)
    }

    @Test func answersAboutAPatternOutweighTheGuess() {
        #expect(abs(FellegiSunterModel.posterior(0.99, PatternLabels(matches: 0, distinct: 3)) - 0.2475) < 1e-12)
        #expect(FellegiSunterModel.posterior(0.5, PatternLabels()) == 0.5)
        var labels = PatternLabels()
        labels.add(match: true)
        labels.add(match: false)
        #expect(labels.count == 2 && labels.matches == 1)
    }

    /// Pairs agreeing on field 1 only: EM alone calls them half matches; three answers saying
    /// they are not turn m of field 0's disagreement down.
    @Test func semiSupervisedEMFollowsTheAnswers() {
        let u = [[0, 0.01, 0.99], [0, 0.01, 0.99]]
        let counts = [Pattern.pack([1, 1]): 100, Pattern.pack([2, 1]): 100, Pattern.pack([2, 2]): 800]
        var plain = FellegiSunterModel(levelCounts: [3, 3], u: u)
        plain.train(patterns: counts)
        var taught = FellegiSunterModel(levelCounts: [3, 3], u: u)
        taught.train(patterns: counts, labels: [Pattern.pack([2, 1]): PatternLabels(matches: 0, distinct: 3)])
        #expect(taught.m[0][2] < plain.m[0][2])
        #expect(taught.lambda < plain.lambda)
    }

    @Test func shiftsAddToTheWeight() {
        var model = FellegiSunterModel(levelCounts: [3], u: [[0, 0.05, 0.95]])
        let before = model.fieldWeight(0, 2)
        model.shifts = [[0, 0, -1.5]]
        #expect(model.fieldWeight(0, 2) == before - 1.5)
        #expect(model.fieldWeight(0, 0) == 0)
    }

    /// Pairs blocked on field 0 (hidden from EM): field 1 agrees in nearly all of them, matches
    /// or not (the director of one film's records); fields 2, 3 and 4 agree for the 500
    /// matches (3 and 4 each for 5% of the others). Against random pairs' u, field 1's
    /// agreement makes EM call nearly all of them matches; with u learnt within the blocks
    /// (from `uWithin`) it finds the 5%. (Its prior, `uPrior` pairs like random ones, is 1%.)
    @Test func uWithinTheBlocksKeepsABlockCorrelatedFieldFromDecidingEM() {
        let random = [[Double]](repeating: [0, 0.01, 0.99], count: 5)
        let counts = [
            Pattern.pack([0, 1, 1, 1, 1]): 500, Pattern.pack([0, 1, 2, 2, 2]): 8484, Pattern.pack([0, 1, 2, 1, 2]): 446,
            Pattern.pack([0, 1, 2, 2, 1]): 446, Pattern.pack([0, 1, 2, 1, 1]): 24, Pattern.pack([0, 2, 2, 2, 2]): 100,
        ]
        var plain = FellegiSunterModel(levelCounts: [3, 3, 3, 3, 3], u: random)
        plain.train(patterns: counts)
        #expect(plain.lambda > 0.5)
        var model = FellegiSunterModel(levelCounts: [3, 3, 3, 3, 3], u: random)
        var groups = [TrainingGroup(patterns: counts, u: FellegiSunterModel.uWithin(patterns: counts, u: random))]
        model.train(groups: &groups)
        #expect(abs(model.lambda - 0.05) < 0.005)
        #expect(model.m[2][1] > 0.9)
        #expect(groups[0].u?[1][1] ?? 0 > 0.9)
    }

    /// A pair that agrees exactly on a rule's fields is scored against the rule's u for the
    /// others, without term frequency; its own fields, and pairs of no rule, against u.
    @Test func aPairSharingABlockKeyIsWeighedAgainstTheBlocksU() {
        var model = FellegiSunterModel(levelCounts: [3, 3], u: [[0, 0.01, 0.99], [0, 0.01, 0.99]])
        model.blocks = [BlockU(fields: [0], u: [[0, 0.5, 0.5], [0, 0.9, 0.1]])]
        #expect(model.block(of: Pattern.pack([1, 1])) == 0)
        #expect(model.block(of: Pattern.pack([2, 1])) == nil)
        let inBlock = model.weight(levels: [1, 1]), outside = model.weight(levels: [2, 1])
        #expect(abs(model.fieldWeight(1, 1, termFrequency: 0.001, block: 0) - 0) < 1e-12)
        #expect(model.fieldWeight(0, 1, block: 0) == model.fieldWeight(0, 1))
        #expect(abs(inBlock - (model.priorWeight + model.fieldWeight(0, 1) + 0)) < 1e-12)
        #expect(abs(outside - (model.priorWeight + model.fieldWeight(0, 2) + model.fieldWeight(1, 1))) < 1e-12)
    }
}
