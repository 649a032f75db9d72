import Foundation

/// The match threshold chosen on labels: the one that maximises F1 over the labelled pairs'
/// cross-validated probabilities (each pair scored by a model trained without its fold), so
/// the figures say how the threshold does on pairs the model did not learn from.
///
///     let choice = ThresholdChoice.choose(probabilities: [0.2, 0.7, 0.95], matches: [false, true, true], folds: 3, fallback: 0.9)
///     choice.threshold   // between 0.2 and 0.7, where F1 is 1
///
/// - Complexity: O(labels · log labels).
public struct ThresholdChoice: Equatable, Sendable {
    public var threshold: Double
    /// False when the threshold was given (`--threshold`) or the labels hold one kind of answer
    /// only: it is then measured, not chosen.
    public var chosen: Bool
    public var folds: Int
    public var matches: Int
    public var distinct: Int
    /// At `threshold`, over the cross-validated probabilities.
    public var precision: Double
    public var recall: Double
    public var f1: Double

    /// Fewer answers of either kind than this choose nothing: F1 on a few pairs is noise (on
    /// the bench's films, 6 matches among 30 answers chose 0.115, and F1 fell from 0.90 to 0.85).
    public static let minimumOfEach = 10

    /// Chooses the threshold with the best F1 (the middle of the best run of candidates, in
    /// log-odds, so it sits between the labels rather than on one); measures `fallback` instead
    /// when the labels cannot choose (fewer than `minimumOfEach` matches or distinct pairs) or
    /// `keep` is set.
    public static func choose(
        probabilities: [Double], matches: [Bool], weights: [Double]? = nil, folds: Int, fallback: Double, keep: Bool = false
    ) -> ThresholdChoice {
        let weights = weights ?? probabilities.map { _ in 1 }
        let matchCount = matches.count { $0 }
        var threshold = fallback
        let canChoose = !keep && min(matchCount, matches.count - matchCount) >= minimumOfEach
        if canChoose {
            // Candidates: below every probability, between each two neighbours, above all.
            let sorted = Array(Set(probabilities.map(logit))).sorted()
            var candidates = [sorted[0] - 1]
            for (low, high) in zip(sorted, sorted.dropFirst()) { candidates.append((low + high) / 2) }
            candidates.append(sorted[sorted.count - 1] + 1)
            let scores = candidates.map { score(probabilities, matches, weights, threshold: logistic($0)).f1 }
            let best = scores.max() ?? 0
            let first = scores.firstIndex(of: best) ?? 0
            var last = first
            while last + 1 < scores.count, scores[last + 1] == best { last += 1 }
            threshold = min(max(logistic((candidates[first] + candidates[last]) / 2), 0.01), 0.999)
        }
        let measured = score(probabilities, matches, weights, threshold: threshold)
        return ThresholdChoice(
            threshold: threshold, chosen: canChoose, folds: folds, matches: matchCount, distinct: matches.count - matchCount,
            precision: measured.precision, recall: measured.recall, f1: measured.f1)
    }

    /// Precision, recall and F1 of calling the pairs with a probability of at least `threshold`
    /// matches, each pair counting as its weight.
    public static func score(
        _ probabilities: [Double], _ matches: [Bool], _ weights: [Double], threshold: Double
    ) -> (precision: Double, recall: Double, f1: Double) {
        var truePositives = 0.0, predicted = 0.0, actual = 0.0
        for (k, p) in probabilities.enumerated() {
            if matches[k] { actual += weights[k] }
            guard p >= threshold else { continue }
            predicted += weights[k]
            if matches[k] { truePositives += weights[k] }
        }
        let precision = predicted == 0 ? 1 : truePositives / predicted
        let recall = actual == 0 ? 1 : truePositives / actual
        return (precision, recall, precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall))
    }

    static func logit(_ p: Double) -> Double {
        let q = min(max(p, 1e-12), 1 - 1e-12)
        return log(q / (1 - q))
    }

    static func logistic(_ x: Double) -> Double { 1 / (1 + exp(-x)) }

    /// The line `--explain-model` and the accounting details use.
    public var summary: String {
        let labelled = "\(matches) match and \(distinct) distinct labels"
        let figures = "precision \(Self.format(precision)), recall \(Self.format(recall)), F1 \(Self.format(f1))"
        if chosen {
            return
                "threshold \(Self.format(threshold)) chosen for the best F1 on \(labelled) (each weighed by its pattern's pairs), \(folds)-fold cross-validated: \(figures)"
        }
        return "threshold \(Self.format(threshold)) on \(labelled) (each weighed by its pattern's pairs), \(folds)-fold cross-validated: \(figures)"
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
