import SluiceCore

extension FuzzyMatcher {
    /// Compares candidate pairs, trains the model, links and clusters; writes every scored pair
    /// to `pairsSink` when given.
    public mutating func match(facts: RecordFacts, pairsSink: ByteSink?) throws -> ClusterTable {
        let n = facts.count
        var model = FellegiSunterModel(levelCounts: specs.map(\.levelCount), u: estimateU(recordCount: n))
        var pairs = PairList()
        // The distinct patterns of scored pairs (a kept pair holds its pattern's index) and of
        // training, with counts.
        var scoredPatterns = PatternInterner(), keepsPattern: [Bool] = []
        var trainingIndex = PatternInterner(), trainingCounts: [Int] = []
        let ranks = sortRanks(recordCount: n)
        // A local copy, so the closure can read the columns while the blocker is mutated.
        var blocker = self.blocker
        // EM must not learn a field's m from pairs chosen for agreeing on it (Splink trains the
        // same way): each rule's own fields are masked to "missing" in its training patterns,
        // except a field every rule uses, which would otherwise never be learnt.
        let usedBy: [[Bool]] = specs.map { spec in rules.map { rule in rule.parts.contains { $0.path == spec.path } } }
        let masks: [UInt64] = rules.indices.map { rule in
            var mask = UInt64.max
            for field in specs.indices where usedBy[field][rule] && usedBy[field].contains(false) {
                mask &= ~(UInt64(0xF) << (4 * UInt64(field)))
            }
            return mask
        }
        // Pairs are gathered in batches and compared on all cores, then counted in order.
        let comparer = PairComparer(columns: columns, threads: settings.threads)
        var compared = 0
        let keepAll = pairsSink != nil
        let lastLevels = specs.map { UInt64($0.levelCount - 1) }
        func agreesSomewhere(_ pattern: UInt64) -> Bool {
            lastLevels.indices.contains { field in
                let level = (pattern >> (4 * UInt64(field))) & 0xF
                return level != 0 && level != lastLevels[field]
            }
        }
        blocker.forEachBatch(sortKey: { ranks[$0] }, size: 1 << 18) { batch, tags in
            for (index, pattern) in comparer.patterns(of: batch).enumerated() {
                let training = trainingIndex.index(of: pattern & masks[tags[index].rule])
                if training == trainingCounts.count { trainingCounts.append(0) }
                trainingCounts[training] += 1
                guard tags[index].isNew else { continue }
                compared += 1
                let scored = scoredPatterns.index(of: pattern)
                // A pair that agrees on nothing cannot reach any sensible threshold: it counts
                // for the model but is not kept (unless --pairs wants to show it).
                if scored == keepsPattern.count { keepsPattern.append(keepAll || agreesSomewhere(pattern)) }
                if keepsPattern[scored] { pairs.append(a: batch[index].0, b: batch[index].1, pattern: UInt32(scored)) }
            }
        }
        self.blocker = blocker
        let patterns = scoredPatterns.patterns
        let trainingPatterns = Dictionary(uniqueKeysWithValues: zip(trainingIndex.patterns, trainingCounts))
        pairsCompared = compared
        distinctPatterns = patterns.count
        // Scoring uses the prior of a match among all pairs, not among compared ones: the m/u
        // weights measure evidence against random pairs, and a pair is only compared because
        // of its values, which the weights already count.
        let allPairs = max(1, Double(n) * Double(n - 1) / 2)
        let sampled = model.u
        for round in 0..<3 {
            if round > 0 { model.removeMatches(fromSampledU: sampled) }
            model.prior = nil
            model.train(patterns: trainingPatterns)
            model.prior = min(max(model.lambda * Double(compared) / allPairs, FellegiSunterModel.floor * FellegiSunterModel.floor), model.lambda)
        }
        self.model = model

        var sets = UnionFind(count: n)
        var links: [(a: Int32, b: Int32, p: Float)] = []
        let baseWeights = patterns.map { model.weight(levels: Pattern.unpack($0, fields: specs.count)) }
        try pairs.forEach { pair in
            let pattern = patterns[Int(pair.pattern)]
            let w = weight(model, Int(pair.a), pattern: pattern, base: baseWeights[Int(pair.pattern)])
            let p = model.probability(weight: w)
            if let pairsSink {
                let levels = Pattern.unpack(pattern, fields: specs.count)
                writePair(Int(pair.a), Int(pair.b), levels: levels, weight: w, probability: p, model: model, facts: facts, to: &pairsSink.buffer)
                try pairsSink.endLine()
            }
            if p >= settings.threshold {
                sets.union(Int(pair.a), Int(pair.b))
                links.append((pair.a, pair.b, Float(p)))
            }
        }
        pairsMatched = links.count
        pairs.removeAll()

        // Labels: the union-find root, or a fresh label for each part of a split component.
        var labels = (0..<n).map { sets.find($0) }
        var flagged: Set<Int> = []
        let breaker = ChainBreaker(threshold: settings.threshold, minDensity: settings.minDensity, maxCheck: settings.maxCheck)
        for group in sets.groups() {
            switch breaker.split(group, probability: { model.probability(weight: weight(model, $0, levels($0, $1))) }) {
            case .kept: break
            case .flagged:
                flagged.insert(labels[group[0]])
                clustersFlagged += 1
            case .split(let parts):
                clustersSplit += 1
                for part in parts { for record in part { labels[record] = n + part[0] } }
            }
        }
        var table = ClusterTable(labels: labels, facts: facts, keyHashes: nil)
        for record in 0..<n where flagged.contains(labels[record]) { table.weak[Int(table.clusterOf[record])] = true }
        for link in links where table.clusterOf[Int(link.a)] == table.clusterOf[Int(link.b)] {
            for record in [Int(link.a), Int(link.b)] where !(table.scores[record] >= link.p) { table.scores[record] = link.p }
        }
        return table
    }

    /// One line of `--pairs`: both records, the result and each field's level, values and weight.
    func writePair(
        _ a: Int, _ b: Int, levels: [UInt8], weight: Double, probability: Double,
        model: FellegiSunterModel, facts: RecordFacts, to out: inout [UInt8]
    ) {
        var fields: [JSONMember] = []
        for (field, level) in levels.enumerated() {
            let tf = settings.termFrequency && level == 1 ? columns[field].termFrequency(a) : nil
            fields.append(
                JSONMember(
                    specs[field].path,
                    .object([
                        "level": .string(specs[field].levelNames[Int(level)]),
                        "a": columns[field].display(a),
                        "b": columns[field].display(b),
                        "weight": .double(model.fieldWeight(field, level, termFrequency: tf), decimals: 3),
                    ])))
        }
        JSONWriter.write(
            .object([
                "a": facts.reference(a),
                "b": facts.reference(b),
                "probability": .double(probability, decimals: 6),
                "weight": .double(weight, decimals: 3),
                "match": .bool(probability >= settings.threshold),
                "fields": .object(fields),
            ]), to: &out)
    }
}
