extension FuzzyMatcher {
    /// Learns the model from the compared pairs. With labels: the unsupervised model is kept for
    /// `--explain-model`, EM runs again with the answers (semi-supervised, see
    /// `FellegiSunterModel.train`), the level weights move to agree with them (`LabelFit`),
    /// and the threshold is chosen for the best cross-validated F1 on the labels (or, with
    /// `--threshold`, measured there).
    mutating func learn(labels: LabelledPairs) {
        self.labels = labels
        if let preset {
            // A saved model is used as it is: answers are facts for linking, not lessons.
            model = preset.model
            threshold = settings.thresholdGiven ? settings.threshold : preset.threshold
            thresholdChoice = nil
            var answers: [UInt64: PatternLabels] = [:]
            for pair in labels.pairs { answers[pattern(Int(pair.a), Int(pair.b)), default: PatternLabels()].add(match: pair.match) }
            answersByPattern = labels.pairs.isEmpty ? [] : compared.patterns.map { answers[$0] }
            return
        }
        let unsupervised = compared.unsupervised ?? fit(labels: [])
        compared.unsupervised = unsupervised
        answersByPattern = []
        thresholdChoice = nil
        threshold = settings.threshold
        guard !labels.pairs.isEmpty else {
            model = unsupervised
            return
        }
        unsupervisedModel = unsupervised
        model = fit(labels.pairs)
        var answers: [UInt64: PatternLabels] = [:]
        for pair in labels.pairs { answers[pattern(Int(pair.a), Int(pair.b)), default: PatternLabels()].add(match: pair.match) }
        answersByPattern = compared.patterns.map { answers[$0] }
        let probabilities = crossValidated(labels.pairs)
        thresholdChoice = ThresholdChoice.choose(
            probabilities: probabilities.values, matches: labels.pairs.map(\.match), weights: labelWeights(labels.pairs),
            folds: probabilities.folds, fallback: settings.threshold, keep: settings.thresholdGiven)
        threshold = thresholdChoice?.threshold ?? settings.threshold
    }

    /// A model learnt with answers: EM with them (semi-supervised), then the level weights
    /// moved to agree with them (`LabelFit`).
    func fit(_ pairs: [LabelledPairs.Pair]) -> FellegiSunterModel {
        var model = fit(labels: trainingLabels(pairs))
        let patterns = pairs.map { pattern(Int($0.a), Int($0.b)) }
        let levels = patterns.map { Pattern.unpack($0, fields: specs.count) }
        let offsets = zip(pairs, patterns).map { pair, pattern in
            weight(model, Int(pair.a), patternWeight(model, pattern))
        }
        model.shifts = LabelFit.fit(offsets: offsets, levels: levels, matches: pairs.map(\.match), levelCounts: specs.map(\.levelCount)).shifts
        return model
    }

    /// The answers by the patterns EM trains on, per rule and then one more: a labelled pair
    /// counts under each rule that puts both records in one block, with that rule's fields
    /// hidden as they are for its other pairs; a pair no rule blocks counts last, with every field.
    func trainingLabels(_ pairs: [LabelledPairs.Pair]) -> [[UInt64: PatternLabels]] {
        var out = [[UInt64: PatternLabels]](repeating: [:], count: rules.count + 1)
        for pair in pairs {
            let a = Int(pair.a), b = Int(pair.b)
            let full = pattern(a, b)
            var blocked = false
            for rule in rules.indices where blocker.keys[rule][a] != 0 && blocker.keys[rule][a] == blocker.keys[rule][b] {
                out[rule][full & compared.masks[rule], default: PatternLabels()].add(match: pair.match)
                blocked = true
            }
            if !blocked { out[rules.count][full, default: PatternLabels()].add(match: pair.match) }
        }
        return out
    }

    /// What each labelled pair stands for: the compared pairs of its pattern, shared among the
    /// pattern's labelled pairs (1 for a pair of a pattern nothing else fell in). Pairs are
    /// asked about for being hard, not at random; weighed so, F1 over the labels estimates F1
    /// over the patterns they come from.
    func labelWeights(_ pairs: [LabelledPairs.Pair]) -> [Double] {
        let indexOf = Dictionary(compared.patterns.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let patterns = pairs.map { pattern(Int($0.a), Int($0.b)) }
        var labelled: [UInt64: Int] = [:]
        for pattern in patterns { labelled[pattern, default: 0] += 1 }
        return patterns.map { pattern in
            let size = indexOf[pattern].map { compared.patternSizes[$0] } ?? 0
            return Double(max(size, labelled[pattern] ?? 1)) / Double(labelled[pattern] ?? 1)
        }
    }

    /// Each labelled pair's probability from a model that did not see its fold (label k is in
    /// fold k mod folds, up to 5 folds).
    func crossValidated(_ pairs: [LabelledPairs.Pair]) -> (values: [Double], folds: Int) {
        let folds = min(5, pairs.count)
        var values = [Double](repeating: 0, count: pairs.count)
        for fold in 0..<folds {
            let training = pairs.indices.filter { $0 % folds != fold }.map { pairs[$0] }
            let model = training.isEmpty ? (compared.unsupervised ?? fit(labels: [])) : fit(training)
            for k in pairs.indices where k % folds == fold {
                values[k] = probability(model, Int(pairs[k].a), Int(pairs[k].b))
            }
        }
        return (values, folds)
    }
}
