import Foundation

/// The text `--explain-model` prints: how many pairs were compared, the learnt prior and, per
/// field and level, m, u and the weight log2(m/u) a pair gets for landing in that level. With
/// labels, also each weight as learnt without them and how far the labels moved it, and the
/// threshold chosen on them; any sign that the model collapsed (`ModelCheck`); and, per blocking
/// rule, the `u` within its blocks that a pair equal on its fields is weighed against.
///
///     model: 7214 pairs compared in 96 patterns; EM converged after 14 iterations
///     EM: 13.86% of compared pairs match; prior among all pairs 0.000109 (weight -13.160)
///     surname:jw (term-frequency adjusted when exact)
///       level                     m          u   weight
///       exact                0.8869   0.002154   +8.686
public enum ModelReport {
    public static func text(
        model: FellegiSunterModel, specs: [ComparisonSpec], pairs: Int, patterns: Int, termFrequency: Bool,
        withoutLabels: FellegiSunterModel? = nil, threshold: ThresholdChoice? = nil, savedIn: String? = nil,
        blocked: [Bool] = [], rules: [String] = []
    ) -> String {
        var out = "model: \(pairs) pairs compared in \(patterns) patterns; "
        if let savedIn {
            out += "read from \(savedIn) (--model: no EM)\n"
        } else {
            out +=
                model.converged
                ? "EM converged after \(model.iterations) iterations\n" : "EM stopped after \(model.iterations) iterations without converging\n"
        }
        if let withoutLabels, let threshold {
            out += "labels: \(threshold.matches) match, \(threshold.distinct) distinct; m learnt from them and EM over the other pairs; "
            out += "without labels EM found " + format(withoutLabels.lambda * 100, decimals: 2) + "% of compared pairs matching\n"
        }
        out += "EM: " + format(model.lambda * 100, decimals: 2) + "% of compared pairs match; "
        out += "prior among all pairs " + String(format: "%.3g", model.prior ?? model.lambda) + " (weight " + signed(model.priorWeight) + ")\n"
        if let threshold { out += threshold.summary + "\n" }
        for problem in ModelCheck.problems(model: model, specs: specs, blocked: blocked) {
            out += "looks wrong: " + ModelCheck.describe(problem, specs: specs) + "\n"
        }
        // Wide enough for the longest level name (22 for the text methods' names).
        let width = max(22, (specs.flatMap(\.levelNames).map(\.count).max() ?? 0) + 2)
        for (field, spec) in specs.enumerated() {
            out += spec.text + (termFrequency && spec.method.isText ? " (term-frequency adjusted when exact)" : "") + "\n"
            out += "  " + pad("level", width) + pad("m", 10, right: true) + pad("u", 11, right: true) + pad("weight", 9, right: true)
            out += withoutLabels == nil ? "\n" : pad("unlabelled", 12, right: true) + pad("moved", 9, right: true) + "\n"
            for level in 1..<spec.levelCount {
                let weight = model.fieldWeight(field, UInt8(level))
                out += "  " + pad(spec.levelNames[level], width)
                out += pad(format(model.m[field][level], decimals: 4), 10, right: true)
                out += pad(format(model.u[field][level], decimals: 6), 11, right: true)
                out += pad(signed(weight), 9, right: true)
                if let withoutLabels {
                    let before = withoutLabels.fieldWeight(field, UInt8(level))
                    out += pad(signed(before), 12, right: true) + pad(signed(weight - before), 9, right: true)
                }
                out += "\n"
            }
            out += "  " + pad("missing", width) + pad("-", 10, right: true) + pad("-", 11, right: true) + pad("0", 9, right: true) + "\n"
        }
        for (index, block) in model.blocks.enumerated() where !block.fields.isEmpty {
            let rule = index < rules.count ? "--block " + rules[index] : "blocking rule \(index + 1)"
            out += rule + ": a pair equal on " + block.fields.map { specs[$0].text }.joined(separator: ", ")
            out += " is weighed against u among the pairs this rule compares (no term frequencies)\n"
            for (field, spec) in specs.enumerated() where !block.fields.contains(field) {
                out += "  " + pad(spec.text, width) + pad("u", 21, right: true) + pad("weight", 9, right: true) + "\n"
                for level in 1..<spec.levelCount {
                    out += "    " + pad(spec.levelNames[level], width - 2) + pad(format(block.u[field][level], decimals: 6), 21, right: true)
                    out += pad(signed(model.fieldWeight(field, UInt8(level), block: index)), 9, right: true) + "\n"
                }
            }
        }
        return out
    }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + String(format: "%.3f", value) }

    static func format(_ value: Double, decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }
}
