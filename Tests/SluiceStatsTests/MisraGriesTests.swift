import Testing

@testable import SluiceStats

@Suite struct MisraGriesTests {
    func text(_ heavy: MisraGries, _ entry: ValueTable.Entry) -> String { String(decoding: heavy.table.bytes(of: entry), as: UTF8.self) }

    @Test func countsExactlyWhileItHoldsEveryValue() {
        var heavy = MisraGries(capacity: 4)
        for word in ["a", "b", "a", "c", "a", "b"] { heavy.add(kind: .string, bytes: Array(word.utf8)) }
        #expect(heavy.undercount == 0)
        #expect(heavy.top(2).map { text(heavy, $0) } == ["a", "b"])
        #expect(heavy.top(3).map(\.count) == [3, 2, 1])
    }

    /// The guarantee: every count is under the truth by at most `undercount`, which is at most
    /// (n − counts kept)/(capacity + 1); so a value more frequent than that is always found.
    @Test func findsEveryValueMoreFrequentThanTheBound() {
        var heavy = MisraGries(capacity: 16)
        var truth: [String: Int] = [:]
        var random = SluiceStatsTests.Random(seed: 7)
        let total = 50_000
        for _ in 0..<total {
            // A few frequent values in a long tail of rare ones.
            let roll = random.next() % 100
            let word = roll < 30 ? "hot\(roll % 3)" : "cold\(random.next() % 20_000)"
            truth[word, default: 0] += 1
            heavy.add(kind: .string, bytes: Array(word.utf8))
        }
        heavy.reduce()
        let kept = heavy.table.entries.reduce(0) { $0 + $1.count }
        #expect(heavy.undercount <= (total - kept) / 17)
        for entry in heavy.table.entries {
            let actual = truth[text(heavy, entry)] ?? 0
            #expect(entry.count <= actual && actual <= entry.count + heavy.undercount)
        }
        let found = Set(heavy.top(3).map { text(heavy, $0) })
        #expect(found == ["hot0", "hot1", "hot2"])
        for (word, count) in truth where count > heavy.undercount {
            #expect(heavy.table.entries.contains { text(heavy, $0) == word }, "\(word) (\(count)) was lost")
        }
    }

    @Test func keepsTheStartOfLongStringsAndTellsThemApartByHash() {
        var heavy = MisraGries(capacity: 4)
        let long = String(repeating: "x", count: 300)
        heavy.add(kind: .string, bytes: Array((long + "1").utf8))
        heavy.add(kind: .string, bytes: Array((long + "2").utf8))
        heavy.add(kind: .string, bytes: Array((long + "1").utf8))
        #expect(heavy.table.count == 2)
        #expect(heavy.top(1)[0].count == 2 && heavy.top(1)[0].length == Int32(MisraGries.storedBytes))
    }
}

/// A tiny deterministic generator for test data.
enum SluiceStatsTests {
    struct Random {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
    }
}
