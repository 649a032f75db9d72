import Foundation

/// The level weights moved to agree with the answers: a logistic regression on the labelled
/// pairs whose starting point is the learnt model, one shift per field and level, each held
/// near 0 by a Gaussian prior (a maximum a posteriori fit). EM cannot see that two agreeing
/// fields outvote a name that disagrees completely in some data (businesses inside one
/// building share an address and a phone); answers about such pairs move the weights of every
/// level they share, so the lesson reaches pairs of other patterns too.
///
///     let fit = LabelFit.fit(offsets: [9.1, 8.7, -3], levels: [[3, 1], [3, 1], [1, 1]], matches: [false, false, true],
///                            levelCounts: [5, 3])
///     fit.shifts[0][3]   // negative: the name's low level counts for less than EM thought
///
/// - Complexity: O(iterations × labels × parameters²), parameters ≤ 15 per field.
public struct LabelFit: Equatable, Sendable {
    /// Per field and level, bits added to the level's weight (level 0, missing, stays 0).
    public var shifts: [[Double]]

    /// How far a shift may move without evidence: the prior's standard deviation, in bits.
    public static let spread = 3.0

    /// - Parameters:
    ///   - offsets: each labelled pair's weight under the model (bits, prior and term
    ///     frequencies included).
    ///   - levels: each pair's level per field.
    public static func fit(offsets: [Double], levels: [[UInt8]], matches: [Bool], levelCounts: [Int], iterations: Int = 25) -> LabelFit {
        // One parameter per (field, level ≥ 1) that some labelled pair lands in.
        var index: [[Int?]] = levelCounts.map { [Int?](repeating: nil, count: $0) }
        var count = 0
        var seen = levelCounts.map { [Int](repeating: 0, count: $0) }
        for pairLevels in levels { for (field, level) in pairLevels.enumerated() { seen[field][Int(level)] += 1 } }
        for pairLevels in levels {
            for (field, level) in pairLevels.enumerated() where level > 0 && index[field][Int(level)] == nil {
                // A level every labelled pair lands in cannot be told from the labels' overall
                // lean, which says how the pairs were chosen, not what the level means.
                if seen[field][Int(level)] == levels.count { continue }
                index[field][Int(level)] = count
                count += 1
            }
        }
        var theta = [Double](repeating: 0, count: count)
        let features = levels.map { pairLevels in pairLevels.enumerated().compactMap { index[$0.offset][Int($0.element)] } }
        // Natural log-odds: ln 2 per bit. The prior 1 / spread² is in bits², so scaled alike.
        let ln2 = log(2.0)
        let precision = 1 / (spread * spread * ln2 * ln2)
        // The log posterior (up to a constant), for the line search.
        func objective(_ theta: [Double]) -> Double {
            var total = -precision / 2 * theta.reduce(0) { $0 + $1 * $1 }
            for (pair, active) in features.enumerated() {
                let z = offsets[pair] * ln2 + active.reduce(0) { $0 + theta[$1] }
                // log σ(z) and log(1 − σ(z)) without overflow.
                let logP = -softplus(-z), logNotP = -softplus(z)
                total += matches[pair] ? logP : logNotP
            }
            return total
        }
        var current = objective(theta)
        // Newton's method, each step halved until the posterior improves (a step on pairs the
        // model is sure of can otherwise overshoot far).
        for _ in 0..<iterations where count > 0 {
            var gradient = theta.map { -precision * $0 }
            var hessian = [Double](repeating: 0, count: count * count)
            for k in 0..<count { hessian[k * count + k] = precision }
            for (pair, active) in features.enumerated() {
                let z = offsets[pair] * ln2 + active.reduce(0) { $0 + theta[$1] }
                let p = 1 / (1 + exp(-z))
                let residual = (matches[pair] ? 1 : 0) - p
                let curvature = max(p * (1 - p), 1e-9)
                for x in active {
                    gradient[x] += residual
                    for y in active { hessian[x * count + y] += curvature }
                }
            }
            guard let step = solve(hessian, gradient, count) else { break }
            var scale = 1.0
            var improved = false
            while scale > 1e-4 {
                let trial = zip(theta, step).map { $0 + scale * $1 }
                let value = objective(trial)
                if value >= current {
                    improved = value > current + 1e-12
                    theta = trial
                    current = value
                    break
                }
                scale /= 2
            }
            if !improved { break }
        }
        var shifts = levelCounts.map { [Double](repeating: 0, count: $0) }
        for field in index.indices {
            for level in index[field].indices { if let k = index[field][level] { shifts[field][level] = theta[k] / ln2 } }
        }
        return LabelFit(shifts: shifts)
    }

    /// log(1 + eˣ), exact for large x.
    static func softplus(_ x: Double) -> Double { x > 30 ? x : log1p(exp(x)) }

    /// Solves the symmetric positive definite system H x = g (Cholesky); nil if it is not.
    static func solve(_ h: [Double], _ g: [Double], _ n: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0...i {
                var sum = h[i * n + j]
                for k in 0..<j { sum -= l[i * n + k] * l[j * n + k] }
                if i == j {
                    guard sum > 0 else { return nil }
                    l[i * n + i] = sqrt(sum)
                } else {
                    l[i * n + j] = sum / l[j * n + j]
                }
            }
        }
        var y = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var sum = g[i]
            for k in 0..<i { sum -= l[i * n + k] * y[k] }
            y[i] = sum / l[i * n + i]
        }
        var x = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var sum = y[i]
            for k in (i + 1)..<n { sum -= l[k * n + i] * x[k] }
            x[i] = sum / l[i * n + i]
        }
        return x
    }
}
