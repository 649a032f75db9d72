import SluiceCore

/// Generates the candidate pairs of the blocking rules: every pair of records sharing a key of
/// any rule, each pair flagged new only the first time. A block larger than `maxBlock` is not compared all-to-all (that
/// grows as its size squared); it is sorted by `sortKey` and each record is compared with its
/// `window` next neighbours (sorted neighbourhood), and it is reported.
///
///     var blocker = Blocker(ruleCount: 1, recordCount: 3, maxBlock: 100, window: 5)
///     blocker.setKey(rule: 0, record: 0, "smith"); blocker.setKey(rule: 0, record: 2, "smith")
///     blocker.forEachPair(sortKey: { $0 }) { i, j, rule, isNew in print(i, j) }   // 0 2
///
/// - Complexity: memory 8 bytes per record per rule (the key hashes; with `spillsLastRuleKeys`
///   the last rule's on disk, 16 bytes per keyed record, as they are added) plus, while
///   pairs are visited, 12 bytes per keyed record of an eighth of one rule (its sort key and the
///   sort's buffer: `slices`; 24 for the last rule's, read back from disk);
///   pairs are streamed, at most Σ min(b², b·window) for blocks of size b.
public struct Blocker {
    /// Per rule, per record: the key's hash, 0 when the record has no key.
    var keys: [[UInt64]]
    public let maxBlock: Int
    public let window: Int
    /// Per rule, the keys of the blocks that were too large, with their sizes.
    public private(set) var oversized: [[UInt64: Int]]
    /// `--model`: per rule, the blocks the model found too large (key → size): such a block is
    /// compared by sorted neighbourhood in every run, however few of its records the run holds,
    /// as the model's run compared it (`SavedModel`).
    public var learntOversized: [[UInt64: Int]] = []
    /// `--against` holding part of KNOWN (`KnownSelection`): per rule, the blocks holding an
    /// input record that are oversized over all of KNOWN, with their sizes there: compared by
    /// sorted neighbourhood (the held records are those within the window) and reported so.
    public var forcedOversized: [[UInt64: Int]] = []
    /// Per rule, the size of each oversized block holding an input record, for the report.
    public private(set) var oversizedSizes: [[Int]]
    /// Per rule, the pairs it produced, and those no earlier rule had (`--explain-blocking`).
    public private(set) var pairsOfRule: [Int]
    public private(set) var newPairsOfRule: [Int]
    /// Per rule, the pairs of its reported oversized blocks that sorted neighbourhood did not
    /// compare (a block of b records holds b(b-1)/2 pairs; its window compares fewer): what
    /// the rule gave up for bounded work, said on stderr and by `--explain-blocking`.
    public private(set) var skippedPairsOfRule: [Int]
    /// Pairs to watch for (`LabelledPairs.key`: the labelled matches), and those of them some
    /// rule compared: a labelled match sharing a block but never compared was skipped.
    public var watched: Set<UInt64> = []
    public private(set) var watchedCompared: Set<UInt64> = []
    /// `--against`: records below this are known ones, and pairs of two of them are skipped.
    public var knownCount = 0
    /// Whether the last rule's keys go to disk, slice by slice, and are then gone: for a caller
    /// that looks no block of that rule up afterwards (the stage without labels). Set before
    /// the first key, they go as they are added (`spilledKeys`); after, when its pairs are
    /// visited. At 10M bench records they were 80 MB of what reading and comparing held.
    public var spillsLastRuleKeys = false {
        didSet { spilledKeys = spillsLastRuleKeys && !keys.isEmpty && keys[keys.count - 1].isEmpty ? SpilledBlockKeys() : nil }
    }
    /// The last rule's keyed records as they are added (by `MemberReading`), when
    /// `spillsLastRuleKeys` was set before any: its `keys` then stay empty.
    var spilledKeys: SpilledBlockKeys?

    public init(ruleCount: Int, recordCount: Int, maxBlock: Int, window: Int) {
        keys = Array(repeating: [UInt64](repeating: 0, count: recordCount), count: ruleCount)
        self.maxBlock = max(2, maxBlock)
        self.window = max(1, window)
        oversized = Array(repeating: [:], count: ruleCount)
        oversizedSizes = Array(repeating: [], count: ruleCount)
        pairsOfRule = Array(repeating: 0, count: ruleCount)
        newPairsOfRule = Array(repeating: 0, count: ruleCount)
        skippedPairsOfRule = Array(repeating: 0, count: ruleCount)
    }

    public mutating func setKey(rule: Int, record: Int, _ key: String?) {
        guard key != nil else { return }
        keys[rule][record] = Self.hash(of: key)
    }

    /// A key as the blocker holds it: its hash, never 0 (0 is "no key").
    public static func hash(of key: String?) -> UInt64 {
        guard var key else { return 0 }
        return key.withUTF8 { hash(ofKey: $0) }
    }

    /// The same from the key's UTF-8 (a reader that keeps no String: `KnownSelection`).
    static func hash(ofKey bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let hash = StableHash.of(bytes)
        return hash == 0 ? 1 : hash
    }

    /// Appends a record's key (nil when it has none) when the record count is not known ahead.
    public mutating func appendKey(rule: Int, _ key: String?) {
        keys[rule].append(0)
        setKey(rule: rule, record: keys[rule].count - 1, key)
    }

    /// Appends a record's key as a copy of an earlier record's, when both hold the same values.
    public mutating func appendKey(rule: Int, copyOf record: Int) {
        let key = keys[rule][record]
        keys[rule].append(key)
    }

    /// Frees the keys, for a caller that visits and looks up no block again (linking: 8 bytes
    /// a record per rule; the last rule's are gone already with `spillsLastRuleKeys`).
    mutating func dropKeys() {
        keys = keys.map { _ in [] }
        spilledKeys = nil
    }

    /// True when an earlier rule already put `i` and `j` in one (fully compared) block.
    @inline(__always)
    func seenBefore(rule: Int, _ i: Int, _ j: Int) -> Bool {
        for earlier in 0..<rule {
            let key = keys[earlier][i]
            if key != 0, key == keys[earlier][j], oversized[earlier][key] == nil { return true }
        }
        return false
    }

    /// Calls `body(i, j, rule, isNew)` with i < j for each pair sharing a block of `rule`, rule
    /// by rule, block by block in key order, so the order is the same on every run. `isNew` is
    /// false when an earlier rule already produced the pair (training wants every rule's pairs;
    /// scoring wants each pair once).
    public mutating func forEachPair(sortKey: (Int) -> Int, _ body: (Int, Int, Int, Bool) throws -> Void) throws {
        try visitPairs(sortKey: sortKey, body)
    }

    /// A pair's rule, and whether no earlier rule produced it.
    public typealias PairTag = (rule: Int32, isNew: Bool)

    /// The same pairs in order, handed over in batches of at most `size` with each pair's rule
    /// and `isNew`: for callers that compare pairs in parallel, and so that no caller's closure
    /// runs (with its captured state) once per pair. (A tag is 8 bytes: with `Int` rules a
    /// batch's tags were 4 MiB, mapped afresh for every batch, its pages faulted in again.)
    public mutating func forEachBatch(
        sortKey: (Int) -> Int, size: Int, _ body: (_ pairs: [(Int32, Int32)], _ tags: [PairTag]) throws -> Void
    ) throws {
        var pairs: [(Int32, Int32)] = [], tags: [PairTag] = []
        pairs.reserveCapacity(size)
        tags.reserveCapacity(size)
        try visitPairs(sortKey: sortKey) { a, b, rule, isNew in
            pairs.append((Int32(a), Int32(b)))
            tags.append((Int32(rule), isNew))
            if pairs.count == size {
                try body(pairs, tags)
                pairs.removeAll(keepingCapacity: true)
                tags.removeAll(keepingCapacity: true)
            }
        }
        if !pairs.isEmpty { try body(pairs, tags) }
    }

    /// Notes that the pair `a`, `b` was compared, when it is watched.
    private mutating func watch(_ a: Int, _ b: Int) {
        let key = LabelledPairs.key(a, b)
        if watched.contains(key) { watchedCompared.insert(key) }
    }

    /// Whether records `a` and `b` share a block of `rule` that was too large to compare whole.
    func shareOversizedBlock(rule: Int, _ a: Int, _ b: Int) -> Bool {
        let key = keys[rule][a]
        return key != 0 && key == keys[rule][b] && oversized[rule][key] != nil
    }

    /// The keyed records of a rule are sorted and visited in this many slices, by their key's
    /// top bits: in order, so blocks still come in key order. All at once, the sorted records
    /// and the sort's buffer were 120 MB at 10M bench records, beside the keys (the peak of
    /// comparing); a key hash's top bits are even, so a slice holds about an eighth.
    static let slices = 8

    @inline(__always)
    private mutating func visitPairs(sortKey: (Int) -> Int, _ body: (Int, Int, Int, Bool) throws -> Void) throws {
        let sliceShift = UInt64(64 - Self.slices.trailingZeroBitCount)
        for rule in keys.indices {
            if spillsLastRuleKeys, rule == keys.count - 1 {
                try visitSpilledPairs(rule: rule, sortKey: sortKey, body)
                continue
            }
            var sliceSizes = [Int](repeating: 0, count: Self.slices)
            for key in keys[rule] where key != 0 { sliceSizes[Int(key >> sliceShift)] += 1 }
            for slice in 0..<Self.slices {
                // Each keyed record as one integer, its key's high 32 bits above its number:
                // sorted, a block's records come together in record order and the blocks in key
                // order, but for blocks whose keys share those bits, told apart by the whole key
                // below. (Pairs of key and record, 16 bytes, and the sort's buffer of half as
                // many: 240 MB at 10M.)
                var entries: [UInt64] = []
                entries.reserveCapacity(sliceSizes[slice])
                for (record, key) in keys[rule].enumerated() where key != 0 && Int(key >> sliceShift) == slice {
                    entries.append(key & 0xFFFF_FFFF_0000_0000 | UInt64(record))
                }
                entries.sort()
                try visitBlocks(rule: rule, sorted: entries, sortKey: sortKey, body)
            }
        }
    }

    /// The pairs of `rule` as `visitPairs` visits them, in the same order, from its keys on
    /// disk (`spilledKeys`, or its `keys` written there first and freed): a slice at a time,
    /// its keyed records are read back and sorted by key and number (key order, then record
    /// order in a block, as above).
    private mutating func visitSpilledPairs(rule: Int, sortKey: (Int) -> Int, _ body: (Int, Int, Int, Bool) throws -> Void) throws {
        var spilled = spilledKeys ?? SpilledBlockKeys()
        spilledKeys = nil
        for (record, key) in keys[rule].enumerated() { spilled.append(key: key, record: record) }
        keys[rule] = []
        for slice in 0..<Self.slices {
            var entries = try spilled.takeSlice(slice)
            entries.sort { ($0.key, $0.record) < ($1.key, $1.record) }
            var start = 0
            while start < entries.count {
                var end = start + 1
                while end < entries.count, entries[end].key == entries[start].key { end += 1 }
                try visitBlock(rule: rule, key: entries[start].key, members: entries[start..<end].map { Int($0.record) }, sortKey: sortKey, body)
                start = end
            }
        }
    }

    /// The blocks of `rule` whose records are `entries` (sorted as `visitPairs` makes them).
    @inline(__always)
    private mutating func visitBlocks(
        rule: Int, sorted entries: [UInt64], sortKey: (Int) -> Int, _ body: (Int, Int, Int, Bool) throws -> Void
    ) rethrows {
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, entries[end] >> 32 == entries[start] >> 32 { end += 1 }
            let run = entries[start..<end].map { Int($0 & 0xFFFF_FFFF) }
            start = end
            let key = keys[rule][run[0]]
            if run.allSatisfy({ keys[rule][$0] == key }) {
                try visitBlock(rule: rule, key: key, members: run, sortKey: sortKey, body)
                continue
            }
            let sorted = run.sorted { (keys[rule][$0], $0) < (keys[rule][$1], $1) }
            var first = 0
            while first < sorted.count {
                var last = first + 1
                while last < sorted.count, keys[rule][sorted[last]] == keys[rule][sorted[first]] { last += 1 }
                try visitBlock(rule: rule, key: keys[rule][sorted[first]], members: Array(sorted[first..<last]), sortKey: sortKey, body)
                first = last
            }
        }
    }

    /// The pairs of one block of `rule` (`members` in record order), all or by sorted neighbourhood.
    @inline(__always)
    private mutating func visitBlock(
        rule: Int, key: UInt64, members: [Int], sortKey: (Int) -> Int, _ body: (Int, Int, Int, Bool) throws -> Void
    ) rethrows {
        let learntSize = learntOversized.isEmpty ? 0 : learntOversized[rule][key] ?? 0
        let forcedSize = forcedOversized.isEmpty ? nil : forcedOversized[rule][key]
        if forcedSize != nil || members.count > maxBlock || (members.count > 1 && learntSize > maxBlock) {
            oversized[rule][key] = forcedSize ?? members.count
            // With `--against`, a block of known records only is compared nowhere: not
            // reported (a run holding part of KNOWN would report another count).
            let sorted = members.sorted { (sortKey($0), $0) < (sortKey($1), $1) }
            for (position, i) in sorted.enumerated() {
                for j in sorted[(position + 1)..<min(sorted.count, position + 1 + window)] {
                    let (a, b) = i < j ? (i, j) : (j, i)
                    if b < knownCount { continue }
                    let isNew = !seenBefore(rule: rule, a, b)
                    if isNew { newPairsOfRule[rule] += 1 }
                    if !watched.isEmpty { watch(a, b) }
                    try body(a, b, rule, isNew)
                }
            }
            let windowPairs = (0..<sorted.count).reduce(0) { $0 + min(window, sorted.count - 1 - $1) }
            pairsOfRule[rule] += windowPairs
            if members.last ?? 0 >= knownCount {
                oversizedSizes[rule].append(forcedSize ?? members.count)
                skippedPairsOfRule[rule] += sorted.count * (sorted.count - 1) / 2 - windowPairs
            }
        } else if members.count > 1 {
            // Members are in record order: known ones first, whose pairs are skipped.
            let firstNew = knownCount == 0 ? 0 : members.firstIndex { $0 >= knownCount } ?? members.count
            for x in 0..<(members.count - 1) {
                for y in max(x + 1, firstNew)..<members.count {
                    let isNew = !seenBefore(rule: rule, members[x], members[y])
                    if isNew { newPairsOfRule[rule] += 1 }
                    if !watched.isEmpty { watch(members[x], members[y]) }
                    try body(members[x], members[y], rule, isNew)
                }
            }
            pairsOfRule[rule] += members.count * (members.count - 1) / 2
        }
    }
}
