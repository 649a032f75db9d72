import Foundation

/// A Fellegi–Sunter model learnt without labels: for each compared field and level, `m` (how
/// often true matches fall in that level) and `u` (how often non-matches do). A pair's match
/// weight is log2 of the prior odds plus Σ log2(m/u) over its levels; missing values (level 0)
/// add nothing. `u` comes from random pairs (and, exactly, from value frequencies for equal
/// text); `m` and the share of matches among compared pairs come from EM over the compared
/// pairs, as in Splink.
///
///     var model = FellegiSunterModel(levelCounts: [5, 3], u: [[0, 0.01, 0.02, 0.07, 0.9], [0, 0.1, 0.9]])
///     model.train(patterns: [Pattern.pack([1, 1]): 40, Pattern.pack([4, 2]): 60])
///     model.probability(weight: model.weight(levels: [1, 1]))   // close to 1
///
/// - Complexity: EM is O(iterations × distinct patterns × fields), independent of pair count.
public struct FellegiSunterModel: Sendable {
    public var m: [[Double]]
    public var u: [[Double]]
    /// The share of compared pairs that are matches (learnt by EM).
    public var lambda = 0.2
    /// The prior of a match used for scoring; EM uses `lambda` while training, and the stage
    /// then sets this to the share of matches among all pairs.
    public var prior: Double?
    /// Bits added to each level's weight after training, to agree with labelled pairs (see
    /// `LabelFit`); nil without labels.
    public var shifts: [[Double]]?
    /// Per blocking rule, what its blocks say (see `BlockU`): a pair that agrees exactly on a
    /// rule's fields is scored with `u` among the pairs that rule compares for its other fields.
    public var blocks: [BlockU] = []
    public private(set) var iterations = 0
    public private(set) var converged = false
    /// Floors that keep log weights finite.
    static let floor = 1e-6

    /// The starting m, also the shape of the one pseudo-match EM adds per field so that a level
    /// no match happened to fall in keeps a small m instead of a weight of −20 (on small inputs).
    let initialM: [[Double]]

    public init(levelCounts: [Int], u: [[Double]]) {
        self.u = u
        // Start with agreement likely for matches: the closest level 0.9, the rest decreasing.
        m = levelCounts.map { count in
            let rest = (2..<max(2, count)).map { 0.1 * pow(0.5, Double($0 - 2)) }
            let total = rest.reduce(0, +)
            return [0, 0.9] + rest.map { $0 / max(total, 1e-12) * 0.1 }
        }
        initialM = m
    }

    /// Runs EM on pattern counts (see `Pattern`) until `m` and `lambda` change by less than 1e-6.
    /// With `labels` (answers about pairs, by pattern) it is semi-supervised: the pairs of a
    /// pattern someone answered about take the pattern's posterior (see `posterior`) instead of
    /// the model's guess, so a few answers can turn EM away from the wrong kind of sameness;
    /// a pattern only labels hold counts its labelled pairs.
    public mutating func train(patterns: [UInt64: Int], labels: [UInt64: PatternLabels] = [:], maxIterations: Int = 100) {
        var groups = [TrainingGroup(patterns: patterns, labels: labels, lambda: lambda)]
        train(groups: &groups, maxIterations: maxIterations)
    }

    /// EM over the compared pairs of each blocking rule (`TrainingGroup`): one `m` for all, and
    /// per group its own share of matches and, when it has one, its own `u` (what non-matches
    /// that share the rule's key look like), learnt as m is, from the pairs EM calls
    /// non-matches. `lambda` becomes the share over all groups' pairs.
    public mutating func train(groups: inout [TrainingGroup], maxIterations: Int = 100) {
        let fields = m.count
        let sets = groups.map { group in
            var counts = group.patterns
            for (pattern, answers) in group.labels where counts[pattern] == nil { counts[pattern] = Int(answers.count) }
            return counts.map { (levels: Pattern.unpack($0.key, fields: fields), count: Double($0.value), labels: group.labels[$0.key]) }
                .sorted { $0.levels.lexicographicallyPrecedes($1.levels) }
        }
        guard sets.contains(where: { !$0.isEmpty }) else { return }
        // Iterations add up over calls (the stage trains three rounds, u corrected between).
        converged = false
        for _ in 1...maxIterations {
            var mSums = m.map { [Double](repeating: 0, count: $0.count) }
            var change = 0.0, allMatches = 0.0, allPairs = 0.0
            var updatedU: [[[Double]]?] = []
            for (index, entries) in sets.enumerated() where !entries.isEmpty {
                let u = groups[index].u ?? self.u
                let p = prior ?? groups[index].lambda
                let priorWeight = log2(p / (1 - p))
                var matchTotal = 0.0, total = 0.0
                // The prior: `uPrior` pseudo-non-matches that look like random pairs (`u`).
                var uSums = groups[index].u.map { $0.indices.map { field in self.u[field].map { $0 * Self.uPrior } } }
                for entry in entries {
                    var w = priorWeight
                    for (field, level) in entry.levels.enumerated() where level > 0 {
                        w += log2(max(m[field][Int(level)], Self.floor) / max(u[field][Int(level)], Self.floor))
                    }
                    let guess = probability(weight: w)
                    let p = entry.labels.map { Self.posterior(guess, $0) } ?? guess
                    let weighted = p * entry.count
                    matchTotal += weighted
                    total += entry.count
                    for (field, level) in entry.levels.enumerated() where level > 0 {
                        mSums[field][Int(level)] += weighted
                        uSums?[field][Int(level)] += entry.count - weighted
                    }
                }
                updatedU.append(uSums?.map { levels in levels.map { $0 / levels.reduce(0, +) } })
                change = max(change, abs(matchTotal / total - groups[index].lambda))
                groups[index].lambda = min(max(matchTotal / total, Self.floor), 1 - Self.floor)
                allMatches += matchTotal
                allPairs += total
            }
            lambda = min(max(allMatches / allPairs, Self.floor), 1 - Self.floor)
            for (index, learnt) in zip(groups.indices.filter { !sets[$0].isEmpty }, updatedU) {
                guard let learnt, let old = groups[index].u else { continue }
                for field in learnt.indices {
                    for level in learnt[field].indices { change = max(change, abs(learnt[field][level] - old[field][level])) }
                }
                groups[index].u = learnt
            }
            for field in m.indices {
                let present = mSums[field].reduce(0, +)
                guard present > 0 else { continue }
                // The prior: pseudo-matches spread like the starting m, at least one and
                // `mPrior` per match seen, so m stays away from 0 and 1 however many pairs agree.
                let pseudo = max(1, Self.mPrior * present)
                for level in 1..<m[field].count {
                    let updated = max((mSums[field][level] + pseudo * initialM[field][level]) / (present + pseudo), Self.floor)
                    change = max(change, abs(updated - m[field][level]))
                    m[field][level] = updated
                }
            }
            iterations += 1
            if change < 1e-6 {
                converged = true
                break
            }
        }
    }

    /// The levels of all the pairs of a group (level counts per field over its patterns, with
    /// `uPrior` pseudo-pairs like random ones, `u`; a field hidden in all of them is never
    /// read): where EM starts the group's `u`, as though none were matches.
    public static func uWithin(patterns: [UInt64: Int], u: [[Double]]) -> [[Double]] {
        var counts = u.map { $0.map { $0 * uPrior } }
        for (pattern, count) in patterns {
            for field in counts.indices {
                let level = Int((pattern >> (4 * UInt64(field))) & 0xF)
                if level > 0 { counts[field][level] += Double(count) }
            }
        }
        return counts.map { levels in
            let total = levels.reduce(0, +)
            return levels.map { $0 / total }
        }
    }

    /// The strength of the prior on a rule's `u`, in pseudo-non-matches like random pairs: a
    /// rule whose blocks hold few non-matches (a shared id number) has too few to say what its
    /// non-matches look like, and EM could call a cluster of true matches (names swapped) its
    /// non-matches and learn their agreement as "usual in these blocks" (Febrl 1: recall 0.89).
    /// Chosen among 10, 100 and 1,000 on the food businesses' unsupervised F1 (0.919, 0.933,
    /// 0.913); Febrl and the films of scripts/eval_dedupe_labels.py measure it.
    public static let uPrior = 100.0

    /// The strength of the prior on m, in pseudo-matches per match EM counts. Without it, a
    /// field every match agrees on exactly got m = 1.0 there and ~0 elsewhere, and one typo cost
    /// 11–20 bits. Chosen on the bench's 100k films with Splink's blocks
    /// (scripts/eval_dedupe_films_splink.py); Febrl, the food businesses and the 10k films of
    /// scripts/eval_dedupe_labels.py measure it.
    public static let mPrior = 0.01

    /// How many answers the model's own guess counts as, against the answers about a pattern.
    public static let guessWeight = 1.0

    /// The chance a pair is a match given the model's probability `p` and the answers about
    /// pairs of the same pattern (which the model cannot tell apart): the guess counts as
    /// `guessWeight` answers, so one `distinct` about a pattern scored 0.99 makes it 0.495.
    ///
    ///     FellegiSunterModel.posterior(0.99, PatternLabels(matches: 0, distinct: 3))   // 0.2475
    @inline(__always)
    public static func posterior(_ p: Double, _ labels: PatternLabels) -> Double {
        (guessWeight * p + labels.matches) / (guessWeight + labels.count)
    }

    /// Random pairs include some matches, which inflate u where duplicates are common (the same
    /// place named in many records): sampled = prior·m + (1 − prior)·u, so u is recovered from
    /// the sample with the current prior and m, then renormalised.
    public mutating func removeMatches(fromSampledU sampled: [[Double]]) {
        u = Self.withoutMatches(sampled, share: prior ?? 0, m: m)
    }

    /// u from a sample of pairs a share `p` of which are matches distributed as `m`.
    static func withoutMatches(_ sampled: [[Double]], share p: Double, m: [[Double]]) -> [[Double]] {
        sampled.indices.map { field in
            var corrected = sampled[field].indices.map { level in
                level == 0 ? 0 : max((sampled[field][level] - p * m[field][level]) / (1 - p), sampled[field][level] * 0.01)
            }
            let total = corrected.reduce(0, +)
            if total > 0 { corrected = corrected.map { $0 / total } }
            return corrected
        }
    }

    /// The rule whose `u` scores a pair of these levels: the first whose fields all agree
    /// exactly (such a pair shares its key), nil for none.
    public func block(of pattern: UInt64) -> Int? {
        blocks.firstIndex { block in
            !block.fields.isEmpty && block.fields.allSatisfy { (pattern >> (4 * UInt64($0))) & 0xF == 1 }
        }
    }

    /// log2(m/u) of one field's level; 0 for missing. In `block` (see `block(of:)`), a field
    /// that is not the rule's own is weighed against the rule's `u`, without term frequency:
    /// how common a value is among all records says little about pairs that already share a key.
    @inline(__always)
    public func fieldWeight(_ field: Int, _ level: UInt8, termFrequency: Double? = nil, block: Int? = nil) -> Double {
        guard level > 0 else { return 0 }
        let mValue = max(m[field][Int(level)], Self.floor)
        if let block, !blocks[block].fields.contains(field) {
            return log2(mValue / max(blocks[block].u[field][Int(level)], Self.floor)) + (shifts?[field][Int(level)] ?? 0)
        }
        // Term-frequency adjustment: two records agreeing on a rare value are stronger evidence
        // than two agreeing on a common one, so equal text uses the value's own frequency as u.
        let uValue = level == 1 && termFrequency != nil ? termFrequency ?? 1 : u[field][Int(level)]
        return log2(mValue / max(uValue, Self.floor)) + (shifts?[field][Int(level)] ?? 0)
    }

    public var priorWeight: Double {
        let p = prior ?? lambda
        return log2(p / (1 - p))
    }

    public func weight(levels: [UInt8]) -> Double {
        var total = priorWeight
        let block = block(of: Pattern.pack(levels))
        for (field, level) in levels.enumerated() { total += fieldWeight(field, level, block: block) }
        return total
    }

    /// The match probability of a total weight.
    public func probability(weight: Double) -> Double { 1 / (1 + exp2(-weight)) }

    /// `u` from random pairs: `sample(i)` returns the pattern of the i-th random pair. Equal
    /// text's share is given exactly by `exactShare` (Σ over values of count·(count−1) /
    /// (n·(n−1))) where known; other levels get add-one smoothing.
    public static func estimateU(
        levelCounts: [Int], exactShare: [Double?], samples: Int, sample: (Int) -> UInt64
    ) -> [[Double]] {
        var counts = levelCounts.map { [Double](repeating: 0, count: $0) }
        for index in 0..<samples {
            let pattern = sample(index)
            for field in counts.indices { counts[field][Int((pattern >> (4 * UInt64(field))) & 0xF)] += 1 }
        }
        return counts.indices.map { field in
            let levels = levelCounts[field]
            let rawFirst = Array(counts[field][1...])
            let exact = exactShare[field].map { min(max($0, floor), 1 - floor) }
            var u = [0.0] + [Double](repeating: 0, count: levels - 1)
            if let exact {
                let others = rawFirst.dropFirst().map { $0 + 1 }
                let sum = others.reduce(0, +)
                u[1] = exact
                for (offset, value) in others.enumerated() { u[2 + offset] = value / sum * (1 - exact) }
            } else {
                let smoothed = rawFirst.map { $0 + 1 }
                let sum = smoothed.reduce(0, +)
                for (offset, value) in smoothed.enumerated() { u[1 + offset] = value / sum }
            }
            return u
        }
    }
}

/// A pair's comparison levels packed 4 bits per field (up to 16 fields) into one UInt64, so
/// EM runs over distinct patterns instead of pairs.
///
///     Pattern.pack([1, 0, 3])               // 0x301
///     Pattern.unpack(0x301, fields: 3)      // [1, 0, 3]
public enum Pattern {
    public static let maxFields = 16

    public static func pack(_ levels: [UInt8]) -> UInt64 {
        var packed: UInt64 = 0
        for (field, level) in levels.enumerated() { packed |= UInt64(level & 0xF) << (4 * UInt64(field)) }
        return packed
    }

    public static func unpack(_ packed: UInt64, fields: Int) -> [UInt8] {
        (0..<fields).map { UInt8((packed >> (4 * UInt64($0))) & 0xF) }
    }
}

/// What one blocking rule's blocks say about the fields it does not key: its fields (indices
/// of the compared fields; empty when it reads one not compared, so no pattern can show a
/// pair shares its key) and per field and level `u` among the non-matches it compares. In a
/// title's blocks the director agrees because the film is the same, not because the records
/// are: against random pairs that agreement was strong evidence of a match.
public struct BlockU: Equatable, Sendable {
    public var fields: [Int]
    public var u: [[Double]]

    public init(fields: [Int], u: [[Double]]) {
        self.fields = fields
        self.u = u
    }
}

/// The compared pairs of one blocking rule as EM sees them: pattern counts (the rule's own
/// fields hidden), the answers by the same patterns, `u` among the non-matches that share the
/// rule's key (nil: the model's, from random pairs) and the share of matches among them.
public struct TrainingGroup: Sendable {
    public var patterns: [UInt64: Int]
    public var labels: [UInt64: PatternLabels]
    public var u: [[Double]]?
    public var lambda: Double

    public init(patterns: [UInt64: Int], labels: [UInt64: PatternLabels] = [:], u: [[Double]]? = nil, lambda: Double = 0.2) {
        self.patterns = patterns
        self.labels = labels
        self.u = u
        self.lambda = lambda
    }
}

/// The answers about pairs of one comparison pattern.
public struct PatternLabels: Equatable, Sendable {
    public var matches: Double
    public var distinct: Double

    public init(matches: Double = 0, distinct: Double = 0) {
        self.matches = matches
        self.distinct = distinct
    }

    public var count: Double { matches + distinct }

    public mutating func add(match: Bool) {
        if match { matches += 1 } else { distinct += 1 }
    }
}
