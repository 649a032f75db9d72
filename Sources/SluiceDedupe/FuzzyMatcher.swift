import Foundation
import SluiceCore

/// Fuzzy mode: reads the compared fields and blocking keys of every record, compares the pairs
/// that share a block, learns a Fellegi–Sunter model from them (no labels needed), links pairs
/// whose match probability reaches the threshold, and clusters the links.
///
///     var matcher = FuzzyMatcher(specs: [try .parse("surname:jw")], rules: [try .parse("surname:soundex")], settings: .init())
///     matcher.append(record)            // for each record
///     let table = try matcher.match(facts: facts, pairsSink: nil)
///
/// - Complexity: memory O(records × (fields + rules)) for the columns and keys, plus 12 bytes
///   per candidate pair and the distinct values of each text field.
public struct FuzzyMatcher {
    public struct Settings: Sendable {
        public var threshold = 0.9
        public var maxBlock = 100
        public var window = 20
        public var minDensity = 0.5
        public var maxCheck = 200
        public var termFrequency = true
        public var randomPairs = 100_000
        /// Threads comparing pairs (`--threads`).
        public var threads = PairComparer.defaultThreads
        /// Whether `--threshold` was given: with labels, it is then checked, not chosen.
        public var thresholdGiven = false
        public init() {}
    }

    public let specs: [ComparisonSpec]
    public let rules: [BlockingRule]
    public let settings: Settings
    public internal(set) var columns: [FieldColumn]
    var blocker: Blocker
    public internal(set) var model: FellegiSunterModel?
    /// With labels: the model learnt without them, for `--explain-model`'s comparison.
    public internal(set) var unsupervisedModel: FellegiSunterModel?
    /// The threshold pairs are linked at: `--threshold`, or chosen on the labels.
    public internal(set) var threshold: Double
    /// How the threshold was chosen (or checked) on the labels.
    public internal(set) var thresholdChoice: ThresholdChoice?
    /// The labels in use, and per scored pattern (indices of `compared.patterns`) the answers
    /// about its pairs (for choosing what to ask next).
    public internal(set) var labels = LabelledPairs()
    var answersByPattern: [PatternLabels?] = []
    /// What comparing the candidate pairs leaves for training, linking and suggesting.
    var compared = ComparedPairs()
    /// Counts for the accounting line and `--explain-model`.
    public internal(set) var pairsCompared = 0
    /// Compared pairs linked: at or above the threshold or answered match, not answered
    /// distinct, and not refused for joining two records answered distinct.
    public internal(set) var pairsMatched = 0
    /// The links refused because they would put two records answered distinct in one cluster
    /// (the first `LinkConflict.kept`), and how many there were.
    public internal(set) var conflicts: [LinkConflict] = []
    public internal(set) var conflictCount = 0
    public internal(set) var distinctPatterns = 0
    public internal(set) var clustersSplit = 0
    public internal(set) var clustersFlagged = 0
    /// `--model`: the model and threshold to use as they are (no EM, no sampled u).
    public var preset: (model: FellegiSunterModel, threshold: Double)?
    /// `--against`: the first `knownCount` records are known ones (no pair of two of them is
    /// compared), and `knownLinks` joins each known cluster's records before any new link.
    public var knownCount = 0 {
        didSet { blocker.knownCount = knownCount }
    }
    public var knownLinks: [(Int32, Int32)] = []

    /// The top-level members the specs and rules read (`address` for `address.key`).
    let heads: [String]
    /// Per member, the columns and the rules whose every part read it.
    let columnsOfHead: [[Int]]
    let rulesOfHead: [[Int]]
    /// The rules whose parts read several members.
    let mixedRules: [Int]
    /// Per member, the records that held its recent raw values, and the first record without
    /// the member: a record repeating a value copies that record's results.
    var rawValues: [RawValueMemo]
    var firstMissing: [Int?]
    var recordCount = 0

    public init(specs: [ComparisonSpec], rules: [BlockingRule], settings: Settings) {
        self.specs = specs
        self.rules = rules
        self.settings = settings
        threshold = settings.threshold
        columns = specs.map(FieldColumn.init)
        blocker = Blocker(ruleCount: rules.count, recordCount: 0, maxBlock: settings.maxBlock, window: settings.window)
        func head(_ path: String) -> String { String(path.prefix { $0 != "." }) }
        var heads: [String] = []
        for path in specs.map(\.path) + rules.flatMap({ $0.parts.map(\.path) }) where !heads.contains(head(path)) {
            heads.append(head(path))
        }
        self.heads = heads
        columnsOfHead = heads.map { name in specs.indices.filter { head(specs[$0].path) == name } }
        rulesOfHead = heads.map { name in rules.indices.filter { rule in rules[rule].parts.allSatisfy { head($0.path) == name } } }
        mixedRules = rules.indices.filter { rule in Set(rules[rule].parts.map { head($0.path) }).count > 1 }
        rawValues = heads.map { _ in RawValueMemo(capacity: Self.rawValuesRemembered) }
        firstMissing = heads.map { _ in nil }
    }

    /// Raw texts remembered per member and generation (`RawValueMemo`): the records of one
    /// film or place mostly come together, so a window of recent texts finds nearly all repeats.
    static let rawValuesRemembered = 1 << 15

    public mutating func append(_ record: NDJSONRecord) {
        let index = recordCount
        recordCount += 1
        for h in heads.indices {
            let member = record.member(named: heads[h])
            // Results depend only on the member's raw text, so a text seen before copies them.
            var earlier: Int?
            if let member {
                let raw = record.rawValue(member)
                earlier = rawValues[h].holder(of: raw)
                if earlier == nil { rawValues[h].remember(raw, record: index) }
            } else {
                earlier = firstMissing[h]
                if earlier == nil { firstMissing[h] = index }
            }
            if let earlier {
                for column in columnsOfHead[h] { columns[column].appendCopy(of: earlier) }
                for rule in rulesOfHead[h] { blocker.appendKey(rule: rule, copyOf: earlier) }
                continue
            }
            let top = member.map(record.value(of:))
            // UTF-8 lengths: O(1), where counting Characters walked the paths every time.
            let headLength = heads[h].utf8.count
            func value(_ path: String) -> JSONValue? {
                guard path.utf8.count > headLength else { return top }
                return top?.value(atPath: path[path.utf8.index(path.startIndex, offsetBy: headLength + 1)...])
            }
            for column in columnsOfHead[h] { columns[column].append(value(columns[column].spec.path)) }
            for rule in rulesOfHead[h] { blocker.appendKey(rule: rule, rules[rule].key(value)) }
        }
        for rule in mixedRules { blocker.appendKey(rule: rule, rules[rule].key { record.value(atPath: $0) }) }
    }

    /// Per compared field, whether some blocking rule reads it (for `ModelCheck`).
    public var blockedFields: [Bool] { specs.map { spec in rules.contains { rule in rule.parts.contains { $0.path == spec.path } } } }

    /// Levels of records `i` and `j` on every field.
    func levels(_ i: Int, _ j: Int) -> [UInt8] { columns.map { $0.level(i, j) } }

    /// The same levels packed into a pattern, without allocating.
    @inline(__always)
    func pattern(_ i: Int, _ j: Int) -> UInt64 {
        var packed: UInt64 = 0
        for (field, column) in columns.enumerated() { packed |= UInt64(column.level(i, j)) << (4 * UInt64(field)) }
        return packed
    }

    /// The match weight of two records given their levels, with term-frequency adjustment.
    func weight(_ model: FellegiSunterModel, _ i: Int, _ levels: [UInt8]) -> Double {
        var total = model.priorWeight
        let block = model.block(of: Pattern.pack(levels))
        for (field, level) in levels.enumerated() {
            let tf = settings.termFrequency && level == 1 ? columns[field].termFrequency(i) : nil
            total += model.fieldWeight(field, level, termFrequency: tf, block: block)
        }
        return total
    }

    /// The same weight from a pattern whose weight without term frequencies is `base`: only
    /// the fields that agree exactly need their value's frequency.
    @inline(__always)
    func weight(_ model: FellegiSunterModel, _ i: Int, pattern: UInt64, base: Double) -> Double {
        guard settings.termFrequency else { return base }
        var total = base
        let own = model.block(of: pattern).map { model.blocks[$0].fields }
        for (field, column) in columns.enumerated() where (pattern >> (4 * UInt64(field))) & 0xF == 1 && own?.contains(field) != false {
            guard let tf = column.termFrequency(i) else { continue }
            total += log2(max(model.u[field][1], FellegiSunterModel.floor) / max(tf, FellegiSunterModel.floor))
        }
        return total
    }

    /// Learns `u` from random pairs (a fixed-seed generator, so runs repeat exactly).
    func estimateU(recordCount n: Int) -> [[Double]] {
        let exactShare: [Double?] = columns.map { column in
            guard !column.ids.isEmpty, column.presentCount > 1 else { return nil }
            let p = Double(column.presentCount)
            let same = column.counts.reduce(0.0) { $0 + Double($1) * Double($1 - 1) }
            return same / (p * (p - 1))
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(n))
        }
        let samples = n < 2 ? 0 : min(settings.randomPairs, n * (n - 1) / 2)
        let randomPairs: [(Int32, Int32)] = (0..<samples).map { _ in
            let i = next()
            var j = next()
            if j == i { j = (i + 1) % n }
            return (Int32(i), Int32(j))
        }
        let patterns = PairComparer(columns: columns, threads: settings.threads).patterns(of: randomPairs)
        return FellegiSunterModel.estimateU(levelCounts: specs.map(\.levelCount), exactShare: exactShare, samples: samples) { patterns[$0] }
    }

    /// The rank of each record's first text value in sorted order: the sort key of sorted
    /// neighbourhood inside oversized blocks (`Int32`, as record numbers are: held while pairs
    /// are compared, 4 bytes a record where `Int` took 8).
    func sortRanks(recordCount n: Int) -> [Int32] {
        guard let column = columns.first(where: { !$0.ids.isEmpty }) else { return (0..<n).map { Int32($0) } }
        let order = (0..<column.values.count).sorted { column.textPrecedes($0, $1) }
        var rankOfId = [Int32](repeating: 0, count: order.count)
        for (rank, id) in order.enumerated() { rankOfId[id] = Int32(rank) }
        return column.ids.map { $0 < 0 ? Int32.max : rankOfId[Int($0)] }
    }
}
