import Testing

@testable import SluiceDedupe

@Suite struct WordSetTableTests {
    // Normalised location texts as they come out of TextNormalizer.
    let texts = [
        "mason st california st", "california st at mason st", "vallejo st garage 766 vallejo st", "766 vallejo st",
        "market st", "mission st", "ferry building", "the ferry building", "golden gate bridge", "golden gate park",
        "cafe de la paix", "caf\u{E9} de la paix", "na\u{EF}ve caf\u{E9}", "st", "st st st",
    ]

    func table() -> WordSetTable {
        let table = WordSetTable()
        for text in texts { table.append(text) }
        return table
    }

    @Test func similarityIsTokenSetBitForBit() {
        let table = table()
        #expect(table.count == texts.count)
        for a in texts.indices {
            for b in texts.indices {
                #expect(table.similarity(a, b) == StringSimilarity.tokenSet(texts[a], texts[b]), "\(texts[a]) / \(texts[b])")
            }
        }
    }

    @Test func levelMatchesTheLevelOfTheSimilarity() throws {
        let table = table()
        let spec = try ComparisonSpec.parse("locations:tokens")
        for a in texts.indices {
            for b in texts.indices {
                let expected = ComparisonSpec.level(forSimilarity: StringSimilarity.tokenSet(texts[a], texts[b]), cuts: spec.levelCuts)
                #expect(table.level(a, b) { ComparisonSpec.level(forSimilarity: $0, cuts: spec.levelCuts) } == expected, "\(texts[a]) / \(texts[b])")
            }
        }
        #expect(table.level(0, 1) { ComparisonSpec.level(forSimilarity: $0, cuts: spec.levelCuts) } == 2)  // same words, other order
        #expect(table.level(4, 5) { ComparisonSpec.level(forSimilarity: $0, cuts: spec.levelCuts) } == 4)  // market st / mission st
    }
}
