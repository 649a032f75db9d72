import Testing

@testable import SluiceDedupe

@Suite struct ModelCheckTests {
    let specs = ModelCheckTests.parsed

    static let parsed: [ComparisonSpec] = ["title", "locations", "release_year:exact"].compactMap { try? ComparisonSpec.parse($0) }

    /// The model main learnt on the bench's 100k films blocked on title+locations,
    /// release_year+locations and director+locations (before locations was masked in training):
    /// `--explain-model` printed "EM: 100.00% of compared pairs match", locations' m 1.0 on
    /// exact and 0 elsewhere (−6.6 to −19.9 bits a typo).
    func collapsed() -> FellegiSunterModel {
        var model = FellegiSunterModel(
            levelCounts: [5, 5, 3],
            u: [[0, 0.000077, 0.006529, 0.005200, 0.988194], [0, 0.001233, 0.000096, 0.001558, 0.997113], [0, 0.018174, 0.981826]])
        model.m = [[0, 0.0672, 0.0333, 0.0052, 0.8943], [0, 1.0, 1e-6, 1e-6, 1e-6], [0, 0.2165, 0.7835]]
        model.lambda = 1 - FellegiSunterModel.floor
        return model
    }

    @Test func collapsedFilmsModelIsRecognised() {
        #expect(specs.count == 3)
        let problems = ModelCheck.problems(model: collapsed(), specs: specs)
        #expect(problems.contains(.mostPairsMatch(1 - FellegiSunterModel.floor)))
        #expect(problems.contains { if case .typoCosts(field: 1, _) = $0 { true } else { false } })
        // Title's close levels cost little and its exact level counts for a match.
        #expect(!problems.contains { if case .typoCosts(field: 0, _) = $0 { true } else { false } })
        #expect(!problems.contains(.exactAgainst(field: 0)))
    }

    /// Title and locations weigh 4 levels each, the year 2 (missing is no level learnt): 100
    /// compared pairs at the least.
    @Test func fewComparedPairsAreNamed() {
        #expect(ModelCheck.pairsNeeded(compared: 2, specs: specs) == 100)
        #expect(ModelCheck.pairsNeeded(compared: 99, specs: specs) == 100)
        #expect(ModelCheck.pairsNeeded(compared: 100, specs: specs) == nil)
    }

    @Test func exactAgainstAMatchIsRecognised() {
        var model = collapsed()
        model.m[0] = [0, 0.00002, 0.1, 0.1, 0.79998]
        #expect(ModelCheck.problems(model: model, specs: specs).contains(.exactAgainst(field: 0)))
    }

    /// The 10k films of scripts/eval_dedupe_labels.py blocked on loc.key and title: EM learnt
    /// "the same film", whose records agree on loc.key 3.2% of the time.
    @Test func aBlockedFieldMatchesRarelyAgreeOnIsRecognised() {
        var model = FellegiSunterModel(levelCounts: [5, 5, 3], u: collapsed().u)
        model.lambda = 0.49
        model.m[1] = [0, 0.03, 0.001, 0.001, 0.968]
        let problems = ModelCheck.problems(model: model, specs: specs, blocked: [true, true, false])
        #expect(problems == [.blockedFieldDisagrees(field: 1, agree: 1 - 0.968)])
        // Without knowing the rules, nothing to say.
        #expect(ModelCheck.problems(model: model, specs: specs).isEmpty)
    }

    @Test func aSoundModelPasses() {
        var model = FellegiSunterModel(levelCounts: [5, 5, 3], u: collapsed().u)
        model.lambda = 0.3
        #expect(ModelCheck.problems(model: model, specs: specs).isEmpty)
    }

    @Test func warningSaysWhatToDo() {
        let text = ModelCheck.warning(ModelCheck.problems(model: collapsed(), specs: specs), specs: specs, labelled: false)
        #expect(text.hasPrefix("the learnt model looks wrong: EM called 100.00% of compared pairs matches"))
        #expect(text.contains("locations:jw: a close value costs 10.6 bits (m all on exact)"))
        #expect(text.contains("--explain-model") && text.contains("--labels FILE or --label FILE"))
    }
}
