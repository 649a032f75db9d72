import Dispatch
import SluiceCore

extension FuzzyMatcher {
    /// Compares candidate pairs, trains the model (on `labels` too when there are any), links
    /// and clusters; writes every scored pair to `pairsSink` when given.
    public mutating func match(facts: RecordFacts, pairsSink: ByteSink?, labels: LabelledPairs = LabelledPairs()) throws -> ClusterTable {
        try compare(recordCount: facts.count, keepAll: pairsSink != nil)
        learn(labels: labels)
        return try link(facts: facts, pairsSink: pairsSink)
    }

    /// Compares the candidate pairs of every block: EM's training counts, and the pairs kept for
    /// scoring with their patterns (`compared`).
    mutating func compare(recordCount n: Int, keepAll: Bool) throws {
        // The column sorted neighbourhood sorts by keeps its texts (`sortRanks`).
        for (index, column) in columns.enumerated() { try column.finish(keepingTexts: keepsColumnValues || index == sortColumn) }
        // Repeated raw texts only save work while records are read: their memos go.
        rawValues = reading.heads.map { _ in RawValueMemo(capacity: Self.rawValuesRemembered) }
        // The indexes and what reading's arrays left in glibc's heaps go back before comparing
        // (with the trim below, linking held ~510-530 MB at 10M bench records, not 570).
        FreedMemory.giveBack()
        var compared = ComparedPairs()
        compared.recordCount = n
        // Only blocks over --max-block need the ranks (one column's texts sorted, 4.5 s at 10M
        // bench records): with --threads above 1 they are sorted on other threads while u is
        // estimated and the blocker sorts its keys, and waited for at the first such block.
        let ranks = DeferredRanks()
        // A local copy, so the closure can read the columns while the blocker is mutated. The
        // keys are only there until it is given back: no other copy of the matcher (the ranks'
        // thread's) holds them, and the keys the blocker frees as it goes are freed.
        var blocker = self.blocker
        self.blocker.dropKeys()
        nonisolated(unsafe) let matcher = self
        if settings.threads > 1 {
            DispatchQueue.global().async(group: ranks.group) { ranks.ranks = matcher.sortRanks() }
        } else {
            ranks.ranks = sortRanks()
        }
        compared.sampledU = preset == nil ? estimateU(recordCount: n) : []
        // EM must not learn a field's m from pairs chosen for agreeing on it (Splink trains the
        // same way): each rule's own fields are masked to "missing" in its training patterns.
        // A field every rule uses is masked too, and keeps its starting m, when every rule
        // keys it on its whole text (exact, fingerprint): learnt from pairs that all agree on
        // it, its m went all to "exact" (1.0, and ~0 elsewhere, so one typo cost 11-20 bits),
        // and with u from random pairs its agreement alone made EM call nearly every compared
        // pair a match (the bench films with Splink's blocks: 100%). A looser key (a prefix, a
        // sound, a geohash) leaves the field's levels free to vary, so EM learns it there.
        let usedBy: [[Bool]] = specs.map { spec in rules.map { rule in rule.parts.contains { $0.path == spec.path } } }
        let wholeText: [[Bool]] = specs.map { spec in
            rules.map { rule in
                rule.parts.contains { part in
                    guard part.path == spec.path else { return false }
                    switch part.transform {
                    case .exact, .fingerprint: return true
                    default: return false
                    }
                }
            }
        }
        let masks: [UInt64] = rules.indices.map { rule in
            var mask = UInt64.max
            for field in specs.indices where usedBy[field][rule] && (usedBy[field].contains(false) || !wholeText[field].contains(false)) {
                mask &= ~(UInt64(0xF) << (4 * UInt64(field)))
            }
            return mask
        }
        // Pairs are gathered in batches and compared on all cores, then counted in order.
        let comparer = PairComparer(columns: columns, threads: settings.threads)
        var counting = PairCounting(
            compared: compared, ruleCount: rules.count, masks: masks, lastLevels: specs.map { UInt64($0.levelCount - 1) }, keepAll: keepAll)
        // A batch's pairs are compared on the other threads while this one counts the batch
        // before and gathers the next from the blocker (this thread's work, in order: with the
        // comparing threads waiting for it, about a quarter of this phase's wall time).
        var inFlight: (pending: PendingPatterns, tags: [Blocker.PairTag])?
        try blocker.forEachBatch(sortKey: { ranks.rank($0) }, size: 1 << 18) { batch, tags in
            let started = (pending: comparer.startPatterns(of: batch), tags: tags)
            if let inFlight { try counting.add(inFlight.pending, tags: inFlight.tags) }
            inFlight = started
            progress?.phase("comparing", count: counting.count, unit: "pairs")
        }
        if let inFlight { try counting.add(inFlight.pending, tags: inFlight.tags) }
        // The ranks' thread reads the first column's texts: it is done before comparing is (the
        // columns may be freed next, by linking). Its closure holds `ranks`, so the wait in
        // `DeferredRanks.deinit` did not come first: a run with no oversized block, whose
        // linking ended before the sort, read freed texts (1 run in 40-75 of a small case).
        ranks.group.wait()
        self.blocker = blocker
        compared = counting.compared
        compared.patterns = counting.scoredPatterns.patterns
        compared.training = rules.indices.map {
            Dictionary(uniqueKeysWithValues: zip(counting.trainingIndex[$0].patterns, counting.trainingCounts[$0]))
        }
        compared.masks = masks
        compared.count = counting.count
        pairsCompared = counting.count
        distinctPatterns = compared.patterns.count
        self.compared = compared
    }

    /// A model trained on the compared pairs and, when given, answers by training pattern (per
    /// rule, then those no rule blocks: see `trainingLabels`).
    func fit(labels: [[UInt64: PatternLabels]]) -> FellegiSunterModel {
        var model = FellegiSunterModel(levelCounts: specs.map(\.levelCount), u: compared.sampledU)
        // Scoring uses the prior of a match among all pairs, not among compared ones: the m/u
        // weights measure evidence against random pairs, and a pair is only compared because
        // of its values, which the weights already count.
        let n = compared.recordCount
        let allPairs = max(1, Double(n) * Double(n - 1) / 2)
        // EM learns m from each rule's pairs against u among the pairs that rule compares
        // (within its blocks), not among random pairs: a field that agrees because of the
        // blocking (the director and year of pairs blocked on a film's title: the same film)
        // is then no sign of a match, where against random pairs it made EM learn "the same
        // film" (10k films blocked on title: 49% of compared pairs called matches, F1 0.05).
        // That u is learnt with m, from the pairs EM calls non-matches, starting from all the
        // rule's pairs.
        var groups = compared.training.indices.map { rule in
            TrainingGroup(patterns: compared.training[rule], labels: rule < labels.count ? labels[rule] : [:], lambda: model.lambda)
        }
        if labels.count > compared.training.count, !labels[compared.training.count].isEmpty {
            groups.append(TrainingGroup(patterns: [:], labels: labels[compared.training.count], lambda: model.lambda))
        }
        // Each rule's own fields, when every one of them is compared.
        let blockFields: [[Int]] = rules.map { rule in
            let fields = rule.parts.map { part in specs.firstIndex { $0.path == part.path } }
            return fields.contains(nil) ? [] : Array(Set(fields.compactMap { $0 })).sorted()
        }
        for round in 0..<3 {
            if round > 0 { model.removeMatches(fromSampledU: compared.sampledU) }
            if round == 0 {
                for rule in compared.training.indices {
                    groups[rule].u = FellegiSunterModel.uWithin(patterns: compared.training[rule], u: model.u)
                }
            }
            model.prior = nil
            model.train(groups: &groups)
            model.blocks = compared.training.indices.map { BlockU(fields: blockFields[$0], u: groups[$0].u ?? model.u) }
            let floor = FellegiSunterModel.floor
            model.prior = min(max(model.lambda * Double(compared.count) / allPairs, floor * floor), model.lambda)
        }
        return model
    }

    /// The match probability of records `a` and `b`, a pair of pattern `pattern`.
    @inline(__always)
    func probability(_ model: FellegiSunterModel, _ a: Int, _ pattern: PatternWeight) -> Double {
        model.probability(weight: weight(model, a, pattern))
    }

    /// Pairs scored per hand-over to the threads (`probabilities(of:…)`): their
    /// probabilities are 512 KiB.
    static let scoringPart = 1 << 16

    /// The match probability of each of `pairs`, in order, computed on `settings.threads`
    /// threads: each is `probability(model, a, pattern)`, which only reads.
    func probabilities(of pairs: UnsafeBufferPointer<ComparedPair>, model: FellegiSunterModel, weights: [PatternWeight]) -> [Double] {
        var out = [Double](repeating: 0, count: pairs.count)
        let parts = PairComparer.parts(of: pairs.count, threads: settings.threads)
        nonisolated(unsafe) let matcher = self
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            nonisolated(unsafe) let pairsIn = pairs
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                for k in PairComparer.range(ofPart: part, of: parts, count: pairsIn.count) {
                    output[k] = matcher.probability(model, Int(pairsIn[k].a), weights[Int(pairsIn[k].pattern)])
                }
            }
        }
        return out
    }

    /// The compared pairs that reach the threshold by their levels alone, without term
    /// frequencies (0 with `--no-tf`): when none was linked, those held every one back (on a
    /// small input a value two records of six share reads as common), which the stage says.
    public var pairsOverThresholdWithoutFrequencies: Int {
        guard let model, settings.termFrequency else { return 0 }
        return zip(compared.patterns, compared.patternSizes).reduce(0) { total, scored in
            model.probability(weight: patternWeight(model, scored.0).base) >= threshold ? total + scored.1 : total
        }
    }

    /// The same for any two records, compared afresh (chain breaking, labelled pairs).
    func probability(_ model: FellegiSunterModel, _ a: Int, _ b: Int) -> Double {
        probability(model, a, patternWeight(model, pattern(a, b)))
    }

    /// Links the pairs at or above the threshold, clusters them and splits chains. No cluster
    /// holds two records answered distinct: links are joined strongest first (answered matches,
    /// then the model's by falling probability) and one that would join such records is refused
    /// and kept as a `LinkConflict` (`AnsweredDistinct`).
    mutating func link(facts: RecordFacts, pairsSink: ByteSink?) throws -> ClusterTable {
        let n = facts.count
        guard let model else { preconditionFailure("link runs after learn") }
        // Nothing from here on looks a block up: the keys go before the sets and the table are
        // made (8 bytes a record per rule).
        blocker.dropKeys()
        FreedMemory.giveBack()  // and comparing's, before the sets are made
        let distinctPairs = self.labels.pairs.filter { !$0.match }
        var sets = AnsweredDistinct(count: n, distinct: distinctPairs.map { (Int($0.a), Int($0.b)) })
        for (a, b) in knownLinks { _ = sets.union(Int(a), Int(b)) }
        var links: [(a: Int32, b: Int32, p: Float)] = []
        let patterns = compared.patterns
        let weights = patterns.map { patternWeight(model, $0) }
        // Answers are facts: a pair answered `distinct` is never linked, one answered `match`
        // is linked unless that joins two records answered distinct.
        let distinct = Set(distinctPairs.map { LabelledPairs.key(Int($0.a), Int($0.b)) })
        let answeredMatches = self.labels.pairs.filter(\.match)
        let matchKeys = Set(answeredMatches.map { LabelledPairs.key(Int($0.a), Int($0.b)) })
        for pair in answeredMatches { links.append((pair.a, pair.b, 1)) }
        var matched = 0
        var matchesCompared: Set<UInt64> = []
        var scored = 0
        // The probabilities, the most of this pass's work, are computed a part of the pairs at
        // a time on every thread; what is done with each stays on this one, in order.
        try compared.pairs.forEachChunk { chunk in
            for partStart in stride(from: 0, to: chunk.count, by: Self.scoringPart) {
                let part = UnsafeBufferPointer(rebasing: chunk[partStart..<min(chunk.count, partStart + Self.scoringPart)])
                let probabilities = self.probabilities(of: part, model: model, weights: weights)
                scored += part.count
                progress?.phase("scoring", count: scored, of: compared.pairs.count, unit: "pairs")
                for (k, pair) in part.enumerated() {
                    let index = Int(pair.pattern)
                    var p = probabilities[k]
                    if p >= threshold, !distinct.isEmpty, distinct.contains(LabelledPairs.key(Int(pair.a), Int(pair.b))) { p = 0 }
                    if let pairsSink {
                        let levels = Pattern.unpack(patterns[index], fields: specs.count)
                        let w = weight(model, Int(pair.a), weights[index])
                        writePair(
                            Int(pair.a), Int(pair.b), levels: levels, weight: w, probability: p, model: model, facts: facts,
                            to: &pairsSink.buffer)
                        try pairsSink.endLine()
                    }
                    let key = LabelledPairs.key(Int(pair.a), Int(pair.b))
                    let answered = !matchKeys.isEmpty && matchKeys.contains(key)
                    if answered {
                        matched += 1
                        matchesCompared.insert(key)
                    }
                    if p >= threshold, !answered {
                        matched += 1
                        links.append((pair.a, pair.b, Float(p)))
                    }
                }
            }
        }
        compared.pairs.removeAll()
        // Strongest first, when distinct answers can refuse links; without, every link is
        // joined and their order does not matter.
        var order: [Int32] = []
        if !distinct.isEmpty {
            order = (0..<Int32(links.count)).sorted {
                links[Int($0)].p != links[Int($1)].p ? links[Int($0)].p > links[Int($1)].p : $0 < $1
            }
        }
        var refused: [Bool] = []
        conflicts = []
        conflictCount = 0
        for position in links.indices {
            let index = order.isEmpty ? position : Int(order[position])
            let link = links[index]
            guard let answer = sets.union(Int(link.a), Int(link.b)) else { continue }
            if refused.isEmpty { refused = [Bool](repeating: false, count: links.count) }
            refused[index] = true
            conflictCount += 1
            if index >= answeredMatches.count || matchesCompared.contains(LabelledPairs.key(Int(link.a), Int(link.b))) { matched -= 1 }
            if conflicts.count < LinkConflict.kept {
                conflicts.append(
                    LinkConflict(
                        a: Int(link.a), b: Int(link.b), probability: Double(link.p),
                        answeredMatch: index < answeredMatches.count ? answeredMatches[index] : nil, distinct: distinctPairs[answer]))
            }
        }
        pairsMatched = matched

        // Labels: the set's root, or a fresh label for each part of a split component (those
        // noted apart, and the labels made once the columns are freed: 4 bytes a record).
        var splitLabels: [Int32: Int32] = [:]
        var flaggedGroups: [Int] = []
        let breaker = ChainBreaker(threshold: threshold, minDensity: settings.minDensity, maxCheck: settings.maxCheck)
        let answers = Dictionary(self.labels.pairs.map { (LabelledPairs.key(Int($0.a), Int($0.b)), $0.match) }, uniquingKeysWith: { _, last in last })
        // With `--against`, a group of known records only is a known cluster, kept as it is.
        // In a scope of its own: `levels` holds the columns' arrays, and must be gone before
        // `release` below frees them.
        do {
            let levels = columns.map(\.levels)
            sets.forEachGroup { group in
                guard group.last ?? 0 >= knownCount else { return }
                // A part of a cluster without two records answered distinct has none either.
                let outcome = breaker.split(group) { a, b in
                    if !answers.isEmpty, let match = answers[LabelledPairs.key(a, b)] { return match ? 1 : 0 }
                    return probability(model, a, patternWeight(model, Self.pattern(a, b, levels)))
                }
                switch outcome {
                case .kept: break
                case .flagged:
                    flaggedGroups.append(group[0])
                    clustersFlagged += 1
                case .split(let parts):
                    clustersSplit += 1
                    // A part's first record is in no other set, so its number is a label no other
                    // cluster has: labels stay below n (the table finds clusters by label in an array).
                    for part in parts { for record in part { splitLabels[Int32(record)] = Int32(part[0]) } }
                }
            }
        }
        if !keepsColumnValues { for column in columns { column.release() } }
        let labels = (0..<n).map { splitLabels[Int32($0)] ?? Int32(sets.find($0)) }
        // A flagged group was not split: its label is its root.
        let flagged = flaggedGroups.map { Int32(sets.find($0)) }
        // The sets are done with: freed before the table is built (4 bytes a record).
        sets = AnsweredDistinct(count: 0, distinct: [])
        var table = try ClusterTable(labels: consume labels, facts: facts, keyHashes: nil)
        // A flagged label is its group's root, a member of the group: its cluster is the root's.
        for label in flagged { table.clusters[Int(table.clusterOf[Int(label)])].weak = true }
        for (index, link) in links.enumerated() where refused.isEmpty || !refused[index] {
            guard table.inOneCluster(Int(link.a), Int(link.b)) else { continue }
            for record in [Int(link.a), Int(link.b)] where !(table.scores[record] >= link.p) { table.scores[record] = link.p }
        }
        return table
    }

    /// One line of `--pairs`: both records, the result and each field's level, values and weight.
    func writePair(
        _ a: Int, _ b: Int, levels: [UInt8], weight: Double, probability: Double,
        model: FellegiSunterModel, facts: RecordFacts, to out: inout [UInt8]
    ) {
        JSONWriter.write(
            .object([
                "a": facts.reference(a),
                "b": facts.reference(b),
                "probability": .double(probability, decimals: 6),
                "weight": .double(weight, decimals: 3),
                "match": .bool(probability >= threshold),
                "fields": fieldsJSON(a, b, levels: levels, model: model),
            ]), to: &out)
    }

    /// Each field's level, both values as compared and the weight, for `--pairs` and `--suggest`.
    func fieldsJSON(_ a: Int, _ b: Int, levels: [UInt8], model: FellegiSunterModel) -> JSONValue {
        var fields: [JSONMember] = []
        let block = model.block(of: Pattern.pack(levels))
        for (field, level) in levels.enumerated() {
            let tf = settings.termFrequency && level == 1 ? columns[field].termFrequency(a) : nil
            fields.append(
                JSONMember(
                    specs[field].path,
                    .object([
                        "level": .string(specs[field].levelNames[Int(level)]),
                        "a": columns[field].display(a),
                        "b": columns[field].display(b),
                        "weight": .double(model.fieldWeight(field, level, termFrequency: tf, block: block), decimals: 3),
                    ])))
        }
        return .object(fields)
    }
}

/// What comparing the candidate pairs of every block leaves for training, linking and
/// suggesting: the pairs kept for scoring (12 bytes each, with their pattern's index), the
/// distinct patterns, EM's training counts and the `u` sampled from random pairs.
struct ComparedPairs {
    var pairs = PairList()
    var patterns: [UInt64] = []
    /// Per pattern, the compared pairs in it (kept or not).
    var patternSizes: [Int] = []
    /// Per rule, EM's training patterns (its own fields hidden) with counts.
    var training: [[UInt64: Int]] = []
    /// Per rule, the mask of its training patterns (its own fields hidden from EM).
    var masks: [UInt64] = []
    var sampledU: [[Double]] = []
    var recordCount = 0
    /// Pairs compared (each once).
    var count = 0
    /// The model learnt without labels, kept while labels come in.
    var unsupervised: FellegiSunterModel?
}

/// What counting the compared pairs in order gathers (`FuzzyMatcher.compare`): EM's training
/// patterns with counts, per rule; each new pair's scored pattern; and the pairs kept for
/// scoring. A struct of its own, so that counting a batch touches its state without the
/// runtime's access checks of variables captured by closures (1-3% of the cycles each).
struct PairCounting {
    var compared: ComparedPairs
    /// The distinct patterns of scored pairs (a kept pair holds its pattern's index) and of
    /// training, with counts.
    var scoredPatterns = PatternInterner()
    var keepsPattern: [Bool] = []
    var trainingIndex: [PatternInterner]
    var trainingCounts: [[Int]]
    let masks: [UInt64]
    let lastLevels: [UInt64]
    let keepAll: Bool
    var count = 0

    init(compared: ComparedPairs, ruleCount: Int, masks: [UInt64], lastLevels: [UInt64], keepAll: Bool) {
        self.compared = compared
        trainingIndex = (0..<ruleCount).map { _ in PatternInterner() }
        trainingCounts = (0..<ruleCount).map { _ in [] }
        self.masks = masks
        self.lastLevels = lastLevels
        self.keepAll = keepAll
    }

    /// Whether a pattern agrees, at least a little, on some field.
    func agreesSomewhere(_ pattern: UInt64) -> Bool {
        lastLevels.indices.contains { field in
            let level = (pattern >> (4 * UInt64(field))) & 0xF
            return level != 0 && level != lastLevels[field]
        }
    }

    /// Counts a compared batch (waiting for its patterns), its pairs in order.
    mutating func add(_ batch: PendingPatterns, tags: [Blocker.PairTag]) throws {
        let patterns = batch.wait(), pairs = batch.pairs
        for (index, pattern) in patterns.enumerated() {
            let rule = Int(tags[index].rule)
            let training = trainingIndex[rule].index(of: pattern & masks[rule])
            if training == trainingCounts[rule].count { trainingCounts[rule].append(0) }
            trainingCounts[rule][training] += 1
            guard tags[index].isNew else { continue }
            count += 1
            let scored = scoredPatterns.index(of: pattern)
            if scored == compared.patternSizes.count { compared.patternSizes.append(0) }
            compared.patternSizes[scored] += 1
            // A pair that agrees on nothing cannot reach any sensible threshold: it counts
            // for the model but is not kept (unless --pairs wants to show it).
            if scored == keepsPattern.count { keepsPattern.append(keepAll || agreesSomewhere(pattern)) }
            if keepsPattern[scored] { try compared.pairs.append(ComparedPair(a: pairs[index].0, b: pairs[index].1, pattern: UInt32(scored))) }
        }
    }
}

/// The sort ranks of sorted neighbourhood (`FuzzyMatcher.sortRanks`), made on another thread
/// and waited for by the first look-up (on the thread comparing, which alone reads them).
final class DeferredRanks: @unchecked Sendable {
    let group = DispatchGroup()
    // Unchecked: written once on the sorting thread before `group` is left, then only read.
    @exclusivity(unchecked) var ranks = FuzzyMatcher.SortRanks(ids: nil, ofValue: [])
    @exclusivity(unchecked) private var ready = false

    deinit { group.wait() }

    @inline(__always)
    func rank(_ record: Int) -> Int {
        if !ready {
            group.wait()
            ready = true
        }
        return ranks.rank(record)
    }
}
