import SluiceCore

/// A pair worth asking a person about, with what the model makes of it now.
public struct Suggestion: Equatable, Sendable {
    public var a: Int
    public var b: Int
    public var pattern: UInt64
    /// The match probability and weight the model gives it.
    public var probability: Double
    public var weight: Double
    /// How many compared pairs share its pattern, and how many of them were answered.
    public var pairsInPattern: Int
    public var labelsInPattern: Int
}

extension FuzzyMatcher {
    /// The `count` pairs worth asking about, across every block: one per comparison pattern
    /// (pairs of one pattern look the same to the model, so one answer speaks for them all),
    /// the patterns ranked by the wrong decisions the model expects among their pairs, Σ
    /// min(p, 1 − p), over 1 + the answers the pattern already has, and in each the pair whose
    /// match probability is nearest 0.5; never a pair answered before. A pattern of 1,000
    /// pairs the model scores 0.95 (50 expected errors) comes before a lone pair at 0.5.
    /// Patterns the model would link and patterns it would not are ranked apart and taken in
    /// turn, so that answers of both kinds come in.
    /// `--suggest` prints them; `--label` asks about the first, learns from the answer, and
    /// chooses again.
    ///
    ///     try matcher.suggestions(2)   // [Suggestion(a: 4, b: 9, probability: 0.48, …), …]
    ///
    /// - Complexity: O(compared pairs + patterns · log patterns).
    public func suggestions(_ count: Int) throws -> [Suggestion] {
        guard let model, count > 0 else { return [] }
        let patterns = compared.patterns
        let weights = patterns.map { patternWeight(model, $0) }
        let answers = answersByPattern
        // Ranked by the chance the answers about its pattern give (see `FellegiSunterModel.posterior`).
        var chance = [Double](repeating: 0, count: patterns.count)
        var best = [Suggestion?](repeating: nil, count: patterns.count)
        var sizes = [Int](repeating: 0, count: patterns.count)
        var expectedErrors = [Double](repeating: 0, count: patterns.count)
        try compared.pairs.forEach { pair in
            let index = Int(pair.pattern)
            let a = Int(pair.a), b = Int(pair.b)
            let w = weight(model, a, weights[index])
            let guess = model.probability(weight: w)
            let p = answers.isEmpty ? guess : answers[index].map { FellegiSunterModel.posterior(guess, $0) } ?? guess
            sizes[index] += 1
            expectedErrors[index] += min(p, 1 - p)
            guard !labels.answered.contains(LabelledPairs.key(a, b)) else { return }
            // The first pair seen wins ties: pairs come in block order, the same every run.
            if best[index] != nil, abs(chance[index] - 0.5) <= abs(p - 0.5) { return }
            chance[index] = p
            best[index] = Suggestion(
                a: a, b: b, pattern: patterns[index], probability: guess, weight: w, pairsInPattern: 0,
                labelsInPattern: Int(answers.isEmpty ? 0 : answers[index]?.count ?? 0))
        }
        // Two rankings, of the patterns the model would link and of those it would not, taken
        // in turn: answers of both kinds, whichever kind of mistake dominates.
        var sides: [[(score: Double, index: Int, suggestion: Suggestion)]] = [[], []]
        for (index, found) in best.enumerated() {
            guard var suggestion = found else { continue }
            suggestion.pairsInPattern = sizes[index]
            let side = chance[index] >= threshold ? 0 : 1
            sides[side].append((expectedErrors[index] / Double(1 + suggestion.labelsInPattern), index, suggestion))
        }
        for side in sides.indices { sides[side].sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index } }
        // The side to start with: the one with fewer answers so far (links first on a tie).
        var turn = labels.matches <= labels.distinct ? 0 : 1
        var taken = [0, 0]
        var out: [Suggestion] = []
        while out.count < count, taken[0] < sides[0].count || taken[1] < sides[1].count {
            if taken[turn] < sides[turn].count {
                out.append(sides[turn][taken[turn]].suggestion)
                taken[turn] += 1
            }
            turn = 1 - turn
        }
        return out
    }

    /// One line of `--suggest`: both records as labels name them, the model's view of the pair,
    /// and each field's values, level and weight. Add `"label":"match"` (or `distinct`,
    /// `unsure`) and it is a line of a labels file.
    func suggestionJSON(_ suggestion: Suggestion, facts: RecordFacts) -> JSONValue {
        let levels = Pattern.unpack(suggestion.pattern, fields: specs.count)
        guard let model else { return .null }
        return .object([
            "a": facts.reference(suggestion.a),
            "b": facts.reference(suggestion.b),
            "probability": .double(suggestion.probability, decimals: 6),
            "weight": .double(suggestion.weight, decimals: 3),
            "pairs_like_it": .int(suggestion.pairsInPattern),
            "fields": fieldsJSON(suggestion.a, suggestion.b, levels: levels, model: model),
        ])
    }
}
