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
    /// Whether the columns keep every value to the end. Without (the stage, unless it shows or
    /// counts values: `--pairs`, `--suggest`, `--label`, `--model-out`), a `tokens` column frees
    /// its texts once split into words (but for the one sorted neighbourhood sorts by), and
    /// linking frees every column once the clusters are split, before the facts are read back
    /// for the table: at 10M bench records 200 MB and ~600 MB, held through comparing and linking.
    public var keepsColumnValues = true {
        // Then a `tokens` column's texts go to disk as they are read (`SpilledTexts`), but for
        // the column sorted neighbourhood sorts by.
        didSet { for (index, column) in columns.enumerated() { column.spillsTexts = !keepsColumnValues && index != sortColumn } }
    }
    /// The column whose texts sorted neighbourhood sorts oversized blocks by (`sortRanks`):
    /// the first text column.
    var sortColumn: Int? { columns.firstIndex { $0.spec.method.isText } }
    /// The stage's progress line, told how comparing and scoring go (nil: nothing reported).
    public var progress: SluiceCore.Progress?

    /// Which member of a record fills which columns and rules (`MemberReading`).
    let reading: MemberReading
    /// Per member (of `reading.heads`), the records that held its recent raw values, and the
    /// first record without the member: a record repeating a value copies that record's results.
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
        reading = MemberReading(specs: specs, rules: rules, columns: columns)
        rawValues = reading.heads.map { _ in RawValueMemo(capacity: Self.rawValuesRemembered) }
        firstMissing = reading.heads.map { _ in nil }
    }

    /// Raw texts remembered per member and generation (`RawValueMemo`): the records of one
    /// film or place mostly come together, so a window of recent texts finds nearly all repeats.
    static let rawValuesRemembered = 1 << 15

    /// Adds the next record: its compared values and blocking keys, member by member (see
    /// `MemberReading`; `append(threads:_:)` reads the members of many records on threads).
    public mutating func append(_ record: NDJSONRecord) {
        let index = recordCount
        recordCount += 1
        let reading = self.reading
        withReadingSlots { slots in
            for member in reading.heads.indices { reading.read(member: member, of: record, index: index, into: slots) }
            reading.readMixedRules(of: record, index: index, into: slots)
        }
    }

    /// Per compared field, whether some blocking rule reads it (for `ModelCheck`).
    public var blockedFields: [Bool] { specs.map { spec in rules.contains { rule in rule.parts.contains { $0.path == spec.path } } } }

    /// The levels of records `i` and `j` on every field, packed into a pattern.
    func pattern(_ i: Int, _ j: Int) -> UInt64 { Self.pattern(i, j, columns.map(\.levels)) }

    /// The same from the columns' `levels`, taken once for many pairs (chain breaking); the
    /// one place a pair's levels are packed.
    @inline(__always)
    static func pattern(_ i: Int, _ j: Int, _ levels: [FieldColumn.Levels]) -> UInt64 {
        var packed: UInt64 = 0
        for field in levels.indices { packed |= UInt64(levels[field].level(i, j)) << (4 * UInt64(field)) }
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

    /// A pattern's weight without term frequencies, and the fields whose value's frequency
    /// adjusts it for each pair (a bit each): those that agree exactly, and of them, when the
    /// pattern has a block of its own (`model.block(of:)`), only that block's. Worked out once
    /// per distinct pattern: looking the block up for every pair, retaining the model's arrays,
    /// cost 3.4% of fuzzy mode's cycles at 1M bench records (perf).
    struct PatternWeight {
        var base: Double
        var adjusted: UInt32
    }

    func patternWeight(_ model: FellegiSunterModel, _ pattern: UInt64) -> PatternWeight {
        let base = model.weight(levels: Pattern.unpack(pattern, fields: specs.count))
        guard settings.termFrequency else { return PatternWeight(base: base, adjusted: 0) }
        let own = model.block(of: pattern).map { model.blocks[$0].fields }
        var adjusted: UInt32 = 0
        for field in columns.indices where (pattern >> (4 * UInt64(field))) & 0xF == 1 && own?.contains(field) != false {
            adjusted |= 1 << UInt32(field)
        }
        return PatternWeight(base: base, adjusted: adjusted)
    }

    /// The weight of record `i` and another in a pair of pattern `pattern`: only the fields that
    /// agree exactly need the value's frequency.
    @inline(__always)
    func weight(_ model: FellegiSunterModel, _ i: Int, _ pattern: PatternWeight) -> Double {
        var total = pattern.base
        var fields = pattern.adjusted
        while fields != 0 {
            let field = fields.trailingZeroBitCount
            fields &= fields - 1
            guard let tf = columns[field].termFrequency(i) else { continue }
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

    /// The sort key of sorted neighbourhood inside oversized blocks: the rank of each record's
    /// first text value in sorted order (`SortRanks`).
    ///
    /// Distinct texts are all different, so any correct sort gives the one order: with
    /// `settings.threads` above 1 the two halves are sorted on two threads and merged (the
    /// titles of 10M bench records took 4.5 s on one), in `FieldColumn.textOrder`.
    func sortRanks() -> SortRanks {
        guard let column = sortColumn.map({ columns[$0] }), !column.ids.isEmpty else { return SortRanks(ids: nil, ofValue: []) }
        let count = column.values.count
        let precedes = column.textOrder()
        // Ids as `Int32`s: the two orders were 8 bytes a distinct text each (28 MB of titles at
        // 10M bench records, held while the first pairs are compared).
        var order: [Int32]
        if settings.threads > 1, count >= 1 << 14 {
            var halves = Array(0..<Int32(count))
            let middle = count / 2
            halves.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let all = buffer
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    var part = UnsafeMutableBufferPointer(rebasing: all[(half == 0 ? 0 : middle)..<(half == 0 ? middle : count)])
                    part.sort(by: precedes)
                }
            }
            order = []
            order.reserveCapacity(count)
            var left = 0, right = middle
            while left < middle, right < count {
                if precedes(halves[right], halves[left]) {
                    order.append(halves[right])
                    right += 1
                } else {
                    order.append(halves[left])
                    left += 1
                }
            }
            order += halves[left..<middle]
            order += halves[right..<count]
        } else {
            order = (0..<Int32(count)).sorted(by: precedes)
        }
        var rankOfId = [Int32](repeating: 0, count: order.count)
        for (rank, id) in order.enumerated() { rankOfId[Int(id)] = Int32(rank) }
        return SortRanks(ids: column.ids, ofValue: rankOfId)
    }

    /// Per record, the rank of its first text value in sorted order (`Int32.max` without one;
    /// with no text column, its own number), as `Int32`s: record numbers are. Held per distinct
    /// value beside the column's ids, 4 bytes a value, where a rank per record was 40 MB at 10M
    /// bench records, held while pairs are compared.
    struct SortRanks: Sendable {
        /// The text column's ids (shared with it, not copied); nil when there is none.
        let ids: RecordIds?
        /// Per distinct value of the column, its rank.
        let ofValue: [Int32]

        @inline(__always)
        func rank(_ record: Int) -> Int {
            guard let ids else { return record }
            let id = ids[record]
            return id < 0 ? Int(Int32.max) : Int(ofValue[Int(id)])
        }
    }
}
