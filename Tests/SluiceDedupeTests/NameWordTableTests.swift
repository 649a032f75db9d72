import Testing

@testable import SluiceDedupe

@Suite struct NameWordTableTests {
    /// Ten cafés: `cafe` is in most names, so sharing it says little.
    static let names = [
        "cafe de la presse", "cafe lo", "cafe de la presse sf", "the cafe", "cafe zoetrope", "blue bottle cafe", "cafe reverie",
        "piazza pellegrini", "piaza pellegrini", "cafe bakery",
    ]

    func table() -> NameWordTable {
        let table = NameWordTable()
        for name in Self.names { table.append(name) }
        table.finish(recordCounts: Self.names.map { _ in 1 })
        return table
    }

    @Test func rareWordsCountMoreThanCommonOnes() {
        let t = table()
        #expect(t.similarity(0, 2) > 0.7)  // all but the rare "sf"
        #expect(t.similarity(0, 1) < 0.2)  // only "cafe" shared
        #expect(t.similarity(1, 3) < t.similarity(0, 2))
        #expect(t.similarity(4, 4) > 0.999)
    }

    @Test func closeWordsCountAlmostAsEqual() {
        let t = table()
        #expect(t.similarity(7, 8) > 0.9)  // piazza / piaza
        #expect(t.similarity(0, 7) == 0)
        #expect(abs(t.similarity(7, 8) - t.similarity(8, 7)) < 1e-12)
    }

    @Test func weightsFollowTheRecordsHoldingAWord() {
        let t = NameWordTable()
        t.append("the cafe")
        t.append("the mill")
        t.finish(recordCounts: [9, 1])
        // "the" is in all 10 records: weight ~0; "mill" in 1 of 10.
        #expect(t.wordWeights[0] < 0.02)
        #expect(t.wordWeights[2] > t.wordWeights[1])
    }
}
