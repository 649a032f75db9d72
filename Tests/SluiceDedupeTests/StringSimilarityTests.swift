import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct StringSimilarityTests {
    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func jaroWinklerKnownValues() {
        // Winkler's published examples.
        #expect(abs(StringSimilarity.jaroWinkler(scalars("martha"), scalars("marhta")) - 0.9611) < 0.001)
        #expect(abs(StringSimilarity.jaroWinkler(scalars("dwayne"), scalars("duane")) - 0.84) < 0.001)
        #expect(abs(StringSimilarity.jaroWinkler(scalars("dixon"), scalars("dicksonx")) - 0.8133) < 0.001)
        #expect(StringSimilarity.jaroWinkler(scalars("waller"), scalars("waller")) == 1)
        #expect(StringSimilarity.jaroWinkler(scalars("abc"), scalars("xyz")) == 0)
        #expect(StringSimilarity.jaroWinkler(scalars(""), scalars("a")) == 0)
    }

    func summaryBound(_ x: [UInt32], _ y: [UInt32]) -> Double {
        x.withUnsafeBufferPointer { a in
            y.withUnsafeBufferPointer { b in
                StringSimilarity.jaroWinklerSummaryBound(
                    countA: a.count, countB: b.count, maskA: StringSimilarity.characterMask(a), maskB: StringSimilarity.characterMask(b),
                    tallyA: StringSimilarity.characterTally(a), tallyB: StringSimilarity.characterTally(b))
            }
        }
    }

    @Test func boundIsNeverBelowTheSimilarity() {
        let pairs = [("martha", "marhta"), ("tullaroop street", "tullaroop st"), ("lachlan", "lachlna"), ("berry", "perry"), ("abc", "xyz")]
        for (a, b) in pairs {
            #expect(summaryBound(scalars(a), scalars(b)) >= StringSimilarity.jaroWinkler(scalars(a), scalars(b)) - 1e-12, "\(a) / \(b)")
        }
        #expect(summaryBound(scalars("abc"), scalars("xyz")) == 0)
        #expect(summaryBound(scalars("vertigo"), scalars("looking")) < 0.88)
        // Random texts over few letters (classes that collide mod 16 and mod 64, runs of one
        // letter past a tally's 15) and outside ASCII.
        var random = SplitMix64(seed: 7)
        let letters = Array("aaqQ01 pé\u{10000}".unicodeScalars.map(\.value))
        for _ in 0..<20_000 {
            let x = (0..<Int(random.next() % 40)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
            let y = (0..<Int(random.next() % 40)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
            #expect(summaryBound(x, y) >= StringSimilarity.jaroWinkler(x, y) - 1e-12, "\(x) / \(y)")
        }
    }

    /// The lengths alone rule out a pair only when its similarity cannot reach the cut.
    @Test func lengthsRuleOutOnlyPairsBelowTheCut() {
        var random = SplitMix64(seed: 11)
        let letters = Array("aab ".unicodeScalars.map(\.value))
        for _ in 0..<20_000 {
            let x = (0..<Int(random.next() % 30)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
            let y = (0..<Int(random.next() % 30)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
            for cut in [0.8, 0.88, 0.92] where StringSimilarity.jaroWinkler(x, y) >= cut {
                #expect(StringSimilarity.jaroWinklerMayReach(cut, countA: x.count, countB: y.count), "\(x) / \(y)")
            }
        }
        // A street's name against a 200,000-character value: no window scanned.
        #expect(!StringSimilarity.jaroWinklerMayReach(0.92, countA: 11, countB: 200_000))
        #expect(StringSimilarity.jaroWinklerMayReach(0.92, countA: 11, countB: 12))
    }

    @Test func sharedTallyIsTheSumOfTheSmallerCounts() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            let x = (0..<Int(random.next() % 60)).map { _ in UInt8(random.next() % 24) }
            let y = (0..<Int(random.next() % 60)).map { _ in UInt8(random.next() % 24) }
            let counts = { (text: [UInt8]) in (0..<16).map { c in text.filter { Int($0) % 16 == c }.count } }
            let (cx, cy) = (counts(x), counts(y))
            let tallies = (x.withUnsafeBufferPointer(StringSimilarity.characterTally), y.withUnsafeBufferPointer(StringSimilarity.characterTally))
            let shared = StringSimilarity.sharedTally(tallies.0, tallies.1)
            if (0..<16).contains(where: { cx[$0] >= 15 && cy[$0] >= 15 }) {
                #expect(shared == nil)
            } else {
                #expect(shared == (0..<16).reduce(0) { $0 + min(cx[$1], cy[$1]) })
            }
        }
    }

    /// The same code on an ASCII text's bytes as on its scalars, to the bit.
    @Test func bytesAndScalarsGiveTheSameSimilarities() {
        let words = ["martha", "marhta", "dwayne", "duane", "dixon", "dicksonx", "", "a", String(repeating: "looking ", count: 9)]
        for a in words {
            for b in words {
                let (x, y) = (Array(a.utf8), Array(b.utf8))
                x.withUnsafeBufferPointer { x in
                    y.withUnsafeBufferPointer { y in
                        #expect(StringSimilarity.jaroWinkler(x, y) == StringSimilarity.jaroWinkler(scalars(a), scalars(b)), "\(a) / \(b)")
                        #expect(StringSimilarity.levenshteinRatio(x, y) == StringSimilarity.levenshteinRatio(scalars(a), scalars(b)))
                        #expect(StringSimilarity.characterMask(x) == scalars(a).withUnsafeBufferPointer { StringSimilarity.characterMask($0) })
                    }
                }
            }
        }
    }

    @Test func levenshtein() {
        #expect(StringSimilarity.levenshteinRatio(scalars("kitten"), scalars("sitting")) == 1 - 3.0 / 7)
        #expect(StringSimilarity.levenshteinRatio(scalars(""), scalars("")) == 1)
        #expect(StringSimilarity.levenshteinRatio(scalars("6988048"), scalars("6988084")) == 1 - 2.0 / 7)
    }

    @Test func tokenSetIgnoresOrderAndExtraWords() {
        #expect(StringSimilarity.tokenSet("mason st california st", "california st mason st") == 1)
        #expect(StringSimilarity.tokenSet("vallejo st garage 766 vallejo st", "766 vallejo st") == 1)
        #expect(StringSimilarity.tokenSet("market st", "mission st") < 0.9)
        #expect(StringSimilarity.tokenSet("", "") == 1)
    }

    @Test func bitParallelJaroMatchesEqualTheFlagLoops() {
        let words = [
            "a", "st", "martha", "marhta", "dwayne", "duane", "dixon", "dicksonx", "vertigo", "vertigo 2", "the rock",
            "rock the", "bill duke", "bil duk", "aaaaaaaaab", "baaaaaaaaa", "abcabcabcabc", "cbacbacba",
            String(repeating: "looking ", count: 8), String(repeating: "looking ", count: 9), "caf\u{E9} de la paix", "cafe de la paix",
        ]
        for a in words {
            for b in words {
                let x = scalars(a), y = scalars(b)
                let (s, t) = x.count <= y.count ? (x, y) : (y, x)
                s.withUnsafeBufferPointer { s in
                    t.withUnsafeBufferPointer { t in
                        let window = max(0, t.count / 2 - 1)
                        let expected = StringSimilarity.jaroMatches(s, t, window: window)
                        if let fast = StringSimilarity.bitParallelJaroMatches(s, t, window: window) {
                            #expect(fast == expected, "\(a) / \(b)")
                        } else {
                            #expect(t.count > 64 || t.contains { $0 >= 128 })
                        }
                    }
                }
            }
        }
    }
}
