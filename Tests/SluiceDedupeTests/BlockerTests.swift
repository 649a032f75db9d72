import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct BlockerTests {
    func newPairs(_ blocker: inout Blocker, sortKey: (Int) -> Int = { $0 }) throws -> [[Int]] {
        var out: [[Int]] = []
        try blocker.forEachPair(sortKey: sortKey) { a, b, _, isNew in if isNew { out.append([a, b]) } }
        return out
    }

    @Test func pairsShareABlockAndComeOnce() throws {
        var blocker = Blocker(ruleCount: 2, recordCount: 4, maxBlock: 100, window: 5)
        for (record, key) in ["smith", "smith", "jones", "smith"].enumerated() { blocker.setKey(rule: 0, record: record, key) }
        for (record, key) in ["4011", "4011", "4011", nil].enumerated() { blocker.setKey(rule: 1, record: record, key) }
        let pairs = try newPairs(&blocker)
        // 0-1 shares both rules but is produced once.
        #expect(pairs.sorted { $0.lexicographicallyPrecedes($1) } == [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3]])
        #expect(blocker.pairsOfRule == [3, 3] && blocker.newPairsOfRule == [3, 2])
    }

    @Test func recordsWithoutAKeyAreInNoBlock() throws {
        var blocker = Blocker(ruleCount: 1, recordCount: 3, maxBlock: 100, window: 5)
        blocker.setKey(rule: 0, record: 0, nil)
        blocker.setKey(rule: 0, record: 1, nil)
        #expect(try newPairs(&blocker).isEmpty)
    }

    @Test func oversizedBlocksUseSortedNeighbourhoodAndAreReported() throws {
        let n = 10
        var blocker = Blocker(ruleCount: 1, recordCount: n, maxBlock: 4, window: 2)
        for record in 0..<n { blocker.setKey(rule: 0, record: record, "same") }
        let pairs = try newPairs(&blocker, sortKey: { -$0 })
        #expect(pairs.count == 2 * n - 3)  // each record with its 2 next neighbours
        #expect(pairs.contains([8, 9]) && pairs.contains([7, 9]) && !pairs.contains([0, 9]))
        #expect(blocker.oversizedSizes == [[10]])
        #expect(blocker.pairsOfRule == [2 * n - 3] && blocker.newPairsOfRule == [2 * n - 3])
        // The block's 45 pairs, less the 17 its window compared.
        #expect(blocker.skippedPairsOfRule == [n * (n - 1) / 2 - (2 * n - 3)])
    }

    @Test func watchedPairsAreNotedWhenCompared() throws {
        // One oversized block of 6 (window 1: 0-1, 1-2, … in key order) and a small block of 2.
        var blocker = Blocker(ruleCount: 1, recordCount: 8, maxBlock: 5, window: 1)
        for record in 0..<6 { blocker.setKey(rule: 0, record: record, "big") }
        for record in 6..<8 { blocker.setKey(rule: 0, record: record, "small") }
        blocker.watched = [LabelledPairs.key(0, 1), LabelledPairs.key(0, 5), LabelledPairs.key(6, 7), LabelledPairs.key(0, 6)]
        _ = try newPairs(&blocker)
        #expect(blocker.watchedCompared == [LabelledPairs.key(0, 1), LabelledPairs.key(6, 7)])
        #expect(blocker.skippedPairsOfRule == [15 - 5])
        #expect(blocker.shareOversizedBlock(rule: 0, 0, 5) && !blocker.shareOversizedBlock(rule: 0, 6, 7))
        #expect(!blocker.shareOversizedBlock(rule: 0, 0, 6))
    }

    /// A saved model's oversized blocks: a run holding few of a block's records still compares
    /// it by sorted neighbourhood, as the model's run did; other blocks as usual.
    @Test func blocksTheModelFoundOversizedStaySo() throws {
        var blocker = Blocker(ruleCount: 1, recordCount: 6, maxBlock: 4, window: 1)
        for record in 0..<6 { blocker.setKey(rule: 0, record: record, record < 3 ? "big" : "small") }
        blocker.learntOversized = [[StableHash.of("big"): 40]]
        let pairs = try newPairs(&blocker)
        #expect(pairs.sorted { $0.lexicographicallyPrecedes($1) } == [[0, 1], [1, 2], [3, 4], [3, 5], [4, 5]])
        #expect(blocker.oversizedSizes == [[3]])
    }
}

extension BlockerTests {
    @Test func appendedKeyCopiesShareTheBlock() throws {
        var blocker = Blocker(ruleCount: 1, recordCount: 0, maxBlock: 100, window: 5)
        blocker.appendKey(rule: 0, "smith")
        blocker.appendKey(rule: 0, nil)
        blocker.appendKey(rule: 0, copyOf: 0)
        blocker.appendKey(rule: 0, copyOf: 1)
        #expect(try newPairs(&blocker) == [[0, 2]])
    }
}

extension BlockerTests {
    @Test func batchesHoldThePairsInOrder() throws {
        func blocker() -> Blocker {
            var blocker = Blocker(ruleCount: 2, recordCount: 5, maxBlock: 100, window: 5)
            for (record, key) in ["smith", "smith", "jones", "smith", "jones"].enumerated() { blocker.setKey(rule: 0, record: record, key) }
            for (record, key) in ["4011", "4011", "4011", nil, "4011"].enumerated() { blocker.setKey(rule: 1, record: record, key) }
            return blocker
        }
        var one = blocker()
        var expected: [[Int]] = []
        try one.forEachPair(sortKey: { $0 }) { a, b, rule, isNew in expected.append([a, b, rule, isNew ? 1 : 0]) }
        var batched = blocker()
        var seen: [[Int]] = []
        var sizes: [Int] = []
        try batched.forEachBatch(sortKey: { $0 }, size: 3) { pairs, tags in
            sizes.append(pairs.count)
            for (pair, tag) in zip(pairs, tags) { seen.append([Int(pair.0), Int(pair.1), Int(tag.rule), tag.isNew ? 1 : 0]) }
        }
        #expect(seen == expected)
        #expect(sizes.dropLast().allSatisfy { $0 == 3 } && expected.count == 10)
    }
}

extension BlockerTests {
    /// Records are sorted by their key's high 32 bits: keys that share them are still separate
    /// blocks, in key order, each in record order.
    @Test func keysSharingTheirHighBitsAreSeparateBlocks() throws {
        var blocker = Blocker(ruleCount: 1, recordCount: 7, maxBlock: 100, window: 5)
        let high: UInt64 = 0x1234_5678_0000_0000
        blocker.keys[0] = [high | 9, high | 2, high | 9, 0x0000_0001_0000_0005, high | 2, high | 9, 0x0000_0001_0000_0005]
        #expect(try newPairs(&blocker) == [[3, 6], [1, 4], [0, 2], [0, 5], [2, 5]])
        #expect(blocker.pairsOfRule == [5])
    }

    /// Records are sorted a slice of keys at a time (`Blocker.slices`, by their top bits): the
    /// blocks still come in key order, across slices too.
    @Test func blocksComeInKeyOrderAcrossSlices() throws {
        let keys: [UInt64] = (0..<16).map { UInt64(15 - $0 / 2) << 60 | 7 }
        var blocker = Blocker(ruleCount: 1, recordCount: keys.count, maxBlock: 100, window: 5)
        blocker.keys[0] = keys
        #expect(try newPairs(&blocker) == (0..<8).reversed().map { [2 * $0, 2 * $0 + 1] })
    }
}

extension BlockerTests {
    /// With the last rule's keys spilled, every pair comes with its rule and `isNew` in the
    /// same order, and the same blocks are reported oversized: over several slices, keys sharing
    /// their high bits, blocks past --max-block, and an earlier rule's pairs seen again.
    @Test func theLastRulesKeysSpilledGiveTheSamePairs() throws {
        func blocker(spills: Bool) -> Blocker {
            var blocker = Blocker(ruleCount: 2, recordCount: 0, maxBlock: 6, window: 3)
            blocker.spillsLastRuleKeys = spills
            var state: UInt64 = 3
            for record in 0..<3_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                blocker.appendKey(rule: 0, record % 7 == 0 ? nil : "k\(state >> 55)")
                blocker.appendKey(rule: 1, record % 5 == 0 ? nil : "j\(state % 601)")
            }
            let high: UInt64 = 0x8765_4321_0000_0000
            blocker.keys[1][10] = high | 1
            blocker.keys[1][11] = high | 2
            blocker.keys[1][12] = high | 1
            return blocker
        }
        func visit(_ blocker: inout Blocker) throws -> [[Int]] {
            var out: [[Int]] = []
            try blocker.forEachPair(sortKey: { ($0 * 7_919) % 3_001 }) { a, b, rule, isNew in out.append([a, b, rule, isNew ? 1 : 0]) }
            return out
        }
        var held = blocker(spills: false), spilled = blocker(spills: true)
        let expected = try visit(&held)
        #expect(try visit(&spilled) == expected)
        #expect(expected.contains([10, 12, 1, 1]) && !expected.contains { $0[0] == 10 && $0[1] == 11 })
        #expect(spilled.keys[1].isEmpty && spilled.keys[0].count == 3_000)
        #expect(spilled.oversized == held.oversized && spilled.oversizedSizes == held.oversizedSizes && !held.oversized[1].isEmpty)
        #expect(spilled.pairsOfRule == held.pairsOfRule && spilled.newPairsOfRule == held.newPairsOfRule)
        #expect(spilled.skippedPairsOfRule == held.skippedPairsOfRule)
    }
}
