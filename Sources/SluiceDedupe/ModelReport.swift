import Foundation

/// The text `--explain-model` prints: how many pairs were compared, the learnt prior and, per
/// field and level, m, u and the weight log2(m/u) a pair gets for landing in that level.
///
///     model: 7214 pairs compared in 96 patterns; EM converged after 14 iterations
///     EM: 13.86% of compared pairs match; prior among all pairs 0.000109 (weight -13.160)
///     surname:jw (term-frequency adjusted when exact)
///       level                     m          u   weight
///       exact                0.8869   0.002154   +8.686
public enum ModelReport {
    public static func text(model: FellegiSunterModel, specs: [ComparisonSpec], pairs: Int, patterns: Int, termFrequency: Bool) -> String {
        var out = "model: \(pairs) pairs compared in \(patterns) patterns; "
        out +=
            model.converged
            ? "EM converged after \(model.iterations) iterations\n" : "EM stopped after \(model.iterations) iterations without converging\n"
        out += "EM: " + String(format: "%.2f", model.lambda * 100) + "% of compared pairs match; "
        out += "prior among all pairs " + String(format: "%.3g", model.prior ?? model.lambda) + " (weight " + signed(model.priorWeight) + ")\n"
        for (field, spec) in specs.enumerated() {
            let isText = [ComparisonSpec.Method.exact, .jaroWinkler, .levenshtein, .tokenSet].contains(spec.method)
            out += spec.text + (termFrequency && isText ? " (term-frequency adjusted when exact)" : "") + "\n"
            out += "  " + pad("level", 22) + pad("m", 10, right: true) + pad("u", 11, right: true) + pad("weight", 9, right: true) + "\n"
            for level in 1..<spec.levelCount {
                out += "  " + pad(spec.levelNames[level], 22)
                out += pad(String(format: "%.4f", model.m[field][level]), 10, right: true)
                out += pad(String(format: "%.6f", model.u[field][level]), 11, right: true)
                out += pad(signed(model.fieldWeight(field, UInt8(level))), 9, right: true) + "\n"
            }
            out += "  " + pad("missing", 22) + pad("-", 10, right: true) + pad("-", 11, right: true) + pad("0", 9, right: true) + "\n"
        }
        return out
    }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + String(format: "%.3f", value) }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }
}
