/// The text `--explain-blocking` prints: per rule the pairs it produced (and those no earlier
/// rule had), the share of labelled matches whose records it puts in one block (a match no
/// rule catches is never compared, whatever the model), and how big its blocks are.
///
///     blocking: 2 rules, 40277 pairs compared (each pair once)
///     --block locations:fingerprint
///       pairs 40277 (40277 new); labelled matches caught: 25 of 30 (83.3%)
///       blocks by size: 1: 8123, 2: 512, 3-5: 240, 6-10: 40, 11-50: 12, 51-100: 0, over 100: 1; 43 records without a key
///       oversized: 1 block (largest 140) by sorted neighbourhood, window 20: 7070 pairs skipped; labelled matches in them never compared: 1 of 30 (3.3%)
///     all rules: labelled matches caught: 29 of 30 (96.7%); never compared, in an oversized block: 1 of 30 (3.3%)
///
/// A labelled match "caught" by a rule shares one of its blocks; in an oversized block it is
/// compared only when within the window, so the `oversized` line says what the rule gave up.
///
/// - Complexity: O(records × rules) with one dictionary entry per block.
public enum BlockingReport {
    public static func text(rules: [BlockingRule], blocker: Blocker, labels: LabelledPairs, pairsCompared: Int) -> String {
        let matches = labels.pairs.filter(\.match)
        func caught(_ rule: Int, _ pair: LabelledPairs.Pair) -> Bool {
            let key = blocker.keys[rule][Int(pair.a)]
            return key != 0 && key == blocker.keys[rule][Int(pair.b)]
        }
        func count(_ count: Int) -> String {
            "\(count) of \(matches.count) (" + ModelReport.format(100 * Double(count) / Double(matches.count), decimals: 1) + "%)"
        }
        func share(_ caught: Int) -> String {
            guard !matches.isEmpty else { return "no labelled matches" }
            return "labelled matches caught: " + count(caught)
        }
        // A labelled match the blocker watched for (`Blocker.watched`) and never saw compared.
        func compared(_ pair: LabelledPairs.Pair) -> Bool {
            let key = LabelledPairs.key(Int(pair.a), Int(pair.b))
            return !blocker.watched.contains(key) || blocker.watchedCompared.contains(key)
        }
        func skipped(_ rule: Int, _ pair: LabelledPairs.Pair) -> Bool {
            blocker.shareOversizedBlock(rule: rule, Int(pair.a), Int(pair.b)) && !compared(pair)
        }
        var out = "blocking: \(rules.count) \(rules.count == 1 ? "rule" : "rules"), \(pairsCompared) pairs compared (each pair once)\n"
        for (rule, blockingRule) in rules.enumerated() {
            out += "--block \(blockingRule.text)\n"
            out += "  pairs \(blocker.pairsOfRule[rule]) (\(blocker.newPairsOfRule[rule]) new); "
            out += share(matches.count { caught(rule, $0) }) + "\n"
            let sizes = blockSizes(blocker.keys[rule])
            let buckets = histogram(sizes.sizes, maxBlock: blocker.maxBlock)
            out += "  blocks by size: " + buckets.map { "\($0.name): \($0.count)" }.joined(separator: ", ")
            out += "; \(sizes.withoutKey) \(sizes.withoutKey == 1 ? "record" : "records") without a key\n"
            let oversized = blocker.oversizedSizes[rule]
            if !oversized.isEmpty {
                out += "  oversized: \(oversized.count) \(oversized.count == 1 ? "block" : "blocks") (largest \(oversized.max() ?? 0))"
                out += " by sorted neighbourhood, window \(blocker.window): \(blocker.skippedPairsOfRule[rule]) pairs skipped"
                out += matches.isEmpty ? "\n" : "; labelled matches in them never compared: " + count(matches.count { skipped(rule, $0) }) + "\n"
            }
        }
        let anyOversized = blocker.oversizedSizes.contains { !$0.isEmpty }
        if rules.count > 1 {
            out += "all rules: " + share(matches.count { pair in rules.indices.contains { caught($0, pair) } })
            if anyOversized, !matches.isEmpty {
                // Skipped by one rule but compared by another is no loss: `skipped` asks both.
                let lost = matches.count { pair in rules.indices.contains { skipped($0, pair) } }
                out += "; never compared, in an oversized block: " + count(lost)
            }
            out += "\n"
        }
        return out
    }

    /// The size of every block (records sharing a key), and the records without a key.
    static func blockSizes(_ keys: [UInt64]) -> (sizes: [Int], withoutKey: Int) {
        var counts: [UInt64: Int] = [:]
        var withoutKey = 0
        for key in keys {
            if key == 0 { withoutKey += 1 } else { counts[key, default: 0] += 1 }
        }
        return (Array(counts.values), withoutKey)
    }

    /// Blocks counted by size: 1 (a record alone), 2, 3-5, 6-10, 11-50, 51-maxBlock, over.
    static func histogram(_ sizes: [Int], maxBlock: Int) -> [(name: String, count: Int)] {
        var bounds = [1, 2, 5, 10, 50].filter { $0 < maxBlock }
        bounds.append(maxBlock)
        var counts = [Int](repeating: 0, count: bounds.count + 1)
        for size in sizes { counts[bounds.firstIndex { size <= $0 } ?? bounds.count] += 1 }
        var names: [String] = []
        var low = 1
        for bound in bounds {
            names.append(low == bound ? "\(bound)" : "\(low)-\(bound)")
            low = bound + 1
        }
        names.append("over \(maxBlock)")
        return Array(zip(names, counts)).map { (name: $0.0, count: $0.1) }
    }
}
