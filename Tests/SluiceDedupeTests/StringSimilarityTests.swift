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

    @Test func boundIsNeverBelowTheSimilarity() {
        let pairs = [("martha", "marhta"), ("tullaroop street", "tullaroop st"), ("lachlan", "lachlna"), ("berry", "perry"), ("abc", "xyz")]
        for (a, b) in pairs {
            let x = scalars(a), y = scalars(b)
            let bound = x.withUnsafeBufferPointer { px in
                y.withUnsafeBufferPointer { py in
                    StringSimilarity.jaroWinklerBound(px, py, maskA: StringSimilarity.characterMask(px), maskB: StringSimilarity.characterMask(py))
                }
            }
            #expect(bound >= StringSimilarity.jaroWinkler(x, y) - 1e-12, "\(a) / \(b)")
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
