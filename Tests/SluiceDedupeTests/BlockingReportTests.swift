import Testing

@testable import SluiceDedupe

@Suite struct BlockingReportTests {
    @Test func sizesFallIntoBuckets() {
        let buckets = BlockingReport.histogram([1, 1, 2, 3, 5, 6, 60, 101, 400], maxBlock: 100)
        #expect(buckets.map(\.name) == ["1", "2", "3-5", "6-10", "11-50", "51-100", "over 100"])
        #expect(buckets.map(\.count) == [2, 1, 2, 1, 0, 1, 2])
        #expect(BlockingReport.histogram([1, 3, 4], maxBlock: 3).map(\.name) == ["1", "2", "3", "over 3"])
        let sizes = BlockingReport.blockSizes([0, 7, 7, 9, 0])
        #expect(sizes.sizes.sorted() == [1, 2] && sizes.withoutKey == 2)
    }

    @Test func pairsAndLabelledMatchesPerRule() throws {
        var blocker = Blocker(ruleCount: 2, recordCount: 4, maxBlock: 100, window: 5)
        for (record, key) in ["smith", "smith", "jones", "smith"].enumerated() { blocker.setKey(rule: 0, record: record, key) }
        for (record, key) in ["4011", "4011", "4011", nil].enumerated() { blocker.setKey(rule: 1, record: record, key) }
        try blocker.forEachPair(sortKey: { $0 }) { _, _, _, _ in }
        var labels = LabelledPairs()
        labels.record(0, 1, .match, line: 1)
        labels.record(2, 3, .match, line: 2)
        labels.record(0, 2, .distinct, line: 3)
        let rules = try ["surname", "postcode"].map(BlockingRule.parse)
        let text = BlockingReport.text(rules: rules, blocker: blocker, labels: labels, pairsCompared: 5)
        #expect(text.hasPrefix("blocking: 2 rules, 5 pairs compared (each pair once)\n--block surname\n"))
        #expect(text.contains("  pairs 3 (3 new); labelled matches caught: 1 of 2 (50.0%)\n"))
        #expect(text.contains("  blocks by size: 1: 1, 2: 0, 3-5: 1, 6-10: 0, 11-50: 0, 51-100: 0, over 100: 0; 0 records without a key\n"))
        #expect(text.contains("  pairs 3 (2 new); labelled matches caught: 1 of 2 (50.0%)\n"))
        #expect(text.contains("; 1 record without a key\n"))
        #expect(text.hasSuffix("all rules: labelled matches caught: 1 of 2 (50.0%)\n"))
        #expect(!text.contains("oversized"), "no block was over --max-block")
    }

    /// An oversized block says the pairs it skipped and the labelled matches among them that
    /// no rule compared.
    @Test func oversizedBlocksSayWhatTheySkipped() throws {
        // Rule 0: one block of 6 over --max-block 5, window 1 (0-1, 1-2, …, 4-5 compared).
        // Rule 1: records 0 and 5 share a small block, so that match is compared after all.
        var blocker = Blocker(ruleCount: 2, recordCount: 6, maxBlock: 5, window: 1)
        for record in 0..<6 { blocker.setKey(rule: 0, record: record, "big") }
        blocker.setKey(rule: 1, record: 0, "x")
        blocker.setKey(rule: 1, record: 5, "x")
        var labels = LabelledPairs()
        labels.record(0, 1, .match, line: 1)  // compared in the window
        labels.record(0, 2, .match, line: 2)  // skipped, compared by no rule
        labels.record(0, 5, .match, line: 3)  // skipped by rule 0, compared by rule 1
        labels.record(1, 4, .distinct, line: 4)
        blocker.watched = Set(labels.pairs.filter(\.match).map { LabelledPairs.key(Int($0.a), Int($0.b)) })
        try blocker.forEachPair(sortKey: { $0 }) { _, _, _, _ in }
        let rules = try ["title", "director"].map(BlockingRule.parse)
        let text = BlockingReport.text(rules: rules, blocker: blocker, labels: labels, pairsCompared: 6)
        #expect(
            text.contains(
                "  oversized: 1 block (largest 6) by sorted neighbourhood, window 1: 10 pairs skipped; labelled matches in them never compared: 1 of 3 (33.3%)\n"
            ))
        #expect(text.hasSuffix("all rules: labelled matches caught: 3 of 3 (100.0%); never compared, in an oversized block: 1 of 3 (33.3%)\n"))
        // Without labels: the pairs skipped alone.
        let unlabelled = BlockingReport.text(rules: rules, blocker: blocker, labels: LabelledPairs(), pairsCompared: 6)
        #expect(unlabelled.contains("  oversized: 1 block (largest 6) by sorted neighbourhood, window 1: 10 pairs skipped\n"))
    }
}
