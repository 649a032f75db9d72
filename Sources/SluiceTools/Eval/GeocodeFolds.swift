import Foundation
import SluiceCore
import SluiceGeocode

/// K-fold cross-validation of the geocode scores (`sluice-eval geocode-reference --folds K`):
/// each rule's score is refitted on K−1 folds of the reference strings and measured on the
/// fold left out, so the figures are those of strings the scores were not chosen on.
///
///     let folds = GeocodeEval.folds(of: ["Coit Tower", "1 Post St", "Coit Tower"], count: 2, seed: 0)
///     // [f, g, f]: the same text always in the same fold; folds differ in size by at most one text
extension GeocodeEval {
    /// The fold of each text, 0..<count. The distinct texts are ordered by the core's
    /// `ByteHash` of the seed and the text, and dealt out in turn, so the folds are balanced (their
    /// numbers of distinct texts differ by at most one), a text and its repeats share a fold, and
    /// the same texts and seed give the same folds.
    public static func folds(of texts: [String], count: Int, seed: UInt64) -> [Int] {
        let distinct = Set(texts).map { text in
            (hash: Array("\(seed)\u{1F}\(text)".utf8).withUnsafeBufferPointer { ByteHash.of($0) }, text: text)
        }
        var fold: [String: Int] = [:]
        for (rank, entry) in distinct.sorted(by: { ($0.hash, $0.text) < ($1.hash, $1.text) }).enumerated() {
            fold[entry.text] = rank % max(1, count)
        }
        return texts.map { fold[$0] ?? 0 }
    }

    /// The rule an answer's method names first (`intersection+cross_suffix_added` → intersection):
    /// the level a score is refitted per.
    static func rule(of method: String) -> String {
        String(method.prefix { $0 != "+" })
    }

    /// Each rule's score refitted on training answers. A rule's scores are multiplied by one
    /// factor, chosen so that their sum on the training answers equals the number right: the
    /// rule's level becomes the share of its answers right within 250 m there, while what the
    /// rule lowers its score for (a completed street name, a long street, a fuzzy place name,
    /// parts that disagree) lowers it as much as before. Small samples: each rule also counts
    /// `prior` pseudo-answers at the training answers' overall share right and mean score, so a
    /// rule with few answers stays near the overall factor and one with none takes it. No score
    /// exceeds `ceiling`, the cap `GeocodeScore.confirmed` keeps too.
    public struct ScoreRefit {
        public var factors: [String: Double]
        public var overall: Double

        public static let prior = 10.0
        public static let ceiling = 0.99

        public init(training: [Sample]) {
            let answered = training.filter { $0.error != nil }
            let right = Double(answered.filter(\.isRight).count)
            let scores = answered.reduce(0) { $0 + $1.score }
            let n = Double(answered.count)
            let share = n > 0 ? right / n : 0, mean = n > 0 ? scores / n : 0
            overall = mean > 0 ? share / mean : 1
            var sums: [String: (right: Double, scores: Double)] = [:]
            for sample in answered {
                sums[GeocodeEval.rule(of: sample.method), default: (0, 0)].right += sample.isRight ? 1 : 0
                sums[GeocodeEval.rule(of: sample.method), default: (0, 0)].scores += sample.score
            }
            factors = sums.mapValues { sum in
                let scoreSum = sum.scores + Self.prior * mean
                return scoreSum > 0 ? (sum.right + Self.prior * share) / scoreSum : 1
            }
        }

        /// The sample scored by its rule's refitted level.
        public func apply(_ sample: Sample) -> Sample {
            var refitted = sample
            if sample.error != nil {
                refitted.score = min(Self.ceiling, sample.score * (factors[GeocodeEval.rule(of: sample.method)] ?? overall))
            }
            return refitted
        }
    }

    /// The mean squared gap between score and outcome (1 right within 250 m, 0 not) over the
    /// answers: 0 is perfect; always answering 0.5 scores 0.25.
    public static func brier(_ samples: [Sample]) -> Double {
        let answered = samples.filter { $0.error != nil }
        guard !answered.isEmpty else { return 0 }
        return answered.reduce(0) { sum, sample in
            let gap = sample.score - (sample.isRight ? 1 : 0)
            return sum + gap * gap
        } / Double(answered.count)
    }

    /// The figures of one group of samples, as a row of the cross-validation table.
    struct FoldFigures {
        var strings = 0, answered = 0, within250 = 0, within50 = 0
        var meanScore = 0.0, shareRight = 0.0, brier = 0.0

        init(_ samples: [Sample]) {
            let answered = samples.filter { $0.error != nil }
            strings = samples.count
            self.answered = answered.count
            within250 = answered.filter(\.isRight).count
            within50 = answered.filter { ($0.error ?? .infinity) <= 50 }.count
            if !answered.isEmpty {
                meanScore = answered.reduce(0) { $0 + $1.score } / Double(answered.count)
                shareRight = Double(within250) / Double(answered.count)
            }
            brier = GeocodeEval.brier(samples)
        }

        func row(_ label: String) -> String {
            pad(label, 10) + pad(String(strings), 9) + pad(percent(within250, strings), 9) + pad(percent(within50, strings), 9)
                + pad(String(format: "%.3f", meanScore), 8) + pad(String(format: "%.3f", shareRight), 8)
                + pad(String(format: "%+.1f", (shareRight - meanScore) * 100), 7) + String(format: "%.4f", brier)
        }
        static let header =
            pad("", 10) + pad("strings", 9) + pad("<=250m", 9) + pad("<=50m", 9) + pad("score", 8) + pad("right", 8) + pad("gap", 7)
            + "Brier"
    }

    /// The cross-validation section: per held-out fold and pooled, with refitted scores, beside
    /// the whole set with the shipped ones; each fold's calibration; each rule's refitted level.
    public static func crossValidationReport(_ samples: [Sample], folds count: Int, seed: UInt64) -> [String] {
        let fold = folds(of: samples.map(\.text), count: count, seed: seed)
        var heldOut: [[Sample]] = []
        var refits: [ScoreRefit] = []
        for k in 0..<count {
            let training = samples.indices.filter { fold[$0] != k }.map { samples[$0] }
            let refit = ScoreRefit(training: training)
            heldOut.append(samples.indices.filter { fold[$0] == k }.map { refit.apply(samples[$0]) })
            refits.append(refit)
        }
        let pooled = heldOut.flatMap { $0 }
        let whole = FoldFigures(samples), crossValidated = FoldFigures(pooled)
        var lines = [
            "cross-validation: \(count) folds (seed \(seed)); each rule's score refitted on the other folds, measured on the held-out one",
            "  (within 250 m and 50 m as shares of all strings; score and right: mean score and share right of the answers; gap = right - score)",
            "  " + FoldFigures.header,
        ]
        for (k, samples) in heldOut.enumerated() { lines.append("  " + FoldFigures(samples).row("fold \(k + 1)")) }
        lines.append("  " + crossValidated.row("pooled"))
        lines.append("  " + whole.row("whole set") + "  (shipped scores, chosen on these strings)")
        let foldShares = heldOut.map { Double(FoldFigures($0).within250) * 100 / Double(max(1, $0.count)) }
        lines.append(
            String(
                format:
                    "  gap, whole set - held out: Brier %+.4f, right - score %+.1f points; within 250 m %.1f%%-%.1f%% by fold, %@ pooled (scores refitted, answers not)",
                whole.brier - crossValidated.brier,
                ((whole.shareRight - whole.meanScore) - (crossValidated.shareRight - crossValidated.meanScore)) * 100,
                foldShares.min() ?? 0, foldShares.max() ?? 0, percent(crossValidated.within250, crossValidated.strings)))
        lines.append("  calibration of the held-out folds pooled (refitted scores):")
        lines += calibrationTable(pooled.filter { $0.error != nil }).map { "    " + $0 }
        for (k, samples) in heldOut.enumerated() {
            lines.append("  calibration of fold \(k + 1):")
            lines += calibrationTable(samples.filter { $0.error != nil }).map { "    " + $0 }
        }
        lines.append("  each rule's answers (share right with its 95% interval) and refitted factor by fold (share right / mean shipped")
        lines.append("  score on the training folds, \(Int(ScoreRefit.prior)) pseudo-answers at the overall level); then each modifier's answers:")
        lines.append(
            "    " + pad("rule or +modifier", 34) + pad("answers", 9) + pad("right", 8) + pad("95% interval", 14) + pad("score", 8) + "factor by fold"
        )
        var answersByRule: [String: [Sample]] = [:], answersByModifier: [String: [Sample]] = [:]
        for sample in samples where sample.error != nil {
            answersByRule[rule(of: sample.method), default: []].append(sample)
            for modifier in Set(sample.method.split(separator: "+").dropFirst().map { $0.prefix { $0 != "(" } }) {
                answersByModifier["+" + modifier, default: []].append(sample)
            }
        }
        func row(_ name: String, _ answers: [Sample]) -> String {
            let figures = FoldFigures(answers)
            let (low, high) = wilson(Double(figures.within250), Double(figures.answered))
            return "    " + pad(name, 34) + pad(String(answers.count), 9) + pad(String(format: "%.3f", figures.shareRight), 8)
                + pad(String(format: "%.3f-%.3f", low, high), 14) + pad(String(format: "%.3f", figures.meanScore), 8)
        }
        for name in answersByRule.keys.sorted() {
            lines.append(
                row(name, answersByRule[name] ?? []) + refits.map { String(format: "%.3f", $0.factors[name] ?? $0.overall) }.joined(separator: " "))
        }
        for name in answersByModifier.keys.sorted() { lines.append(row(name, answersByModifier[name] ?? [])) }
        return lines
    }
}

extension GeocodeEval.Sample {
    /// Within `GeocodeEval.rightWithin` (250 m) of the reference: what a score is the chance of.
    var isRight: Bool { (error ?? .infinity) <= GeocodeEval.rightWithin }
}
