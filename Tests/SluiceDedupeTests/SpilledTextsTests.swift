import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct SpilledTextsTests {
    func intern(_ texts: inout SpilledTexts, _ text: String) -> (id: Int32, isNew: Bool) {
        var text = text
        return text.withUTF8 { texts.intern($0) }
    }

    func readBack(_ texts: SpilledTexts) throws -> [String] {
        var read: [String] = []
        try texts.forEachText { read.append(String(decoding: $0, as: UTF8.self)) }
        return read
    }

    @Test func aTextIsFoundAgainAndReadBackInOrder() throws {
        var texts = SpilledTexts()
        #expect(intern(&texts, "market st") == (0, true))
        #expect(intern(&texts, "mission st") == (1, true))
        #expect(intern(&texts, "market st") == (0, false))
        #expect(intern(&texts, "") == (2, true))
        #expect(intern(&texts, "") == (2, false))
        var outside = "caf\u{E9}"
        #expect(outside.withUTF8 { texts.appendUnindexed($0) } == 3)
        #expect(texts.count == 4)
        texts.dropIndex()
        #expect(try readBack(texts) == ["market st", "mission st", "", "caf\u{E9}"])
    }

    /// Past a chunk of the file (1 MiB) and many doublings of the slots, every text keeps its
    /// id, lengths and texts running across chunks.
    @Test func manyTextsKeepTheirIds() throws {
        var texts = SpilledTexts()
        let all = (0..<100_000).map { k in "\(k) " + String(repeating: "x", count: k % 37) }
        for (k, text) in all.enumerated() { #expect(intern(&texts, text) == (Int32(k), true)) }
        for k in stride(from: 0, to: all.count, by: 7) { #expect(intern(&texts, all[k]) == (Int32(k), false)) }
        #expect(try readBack(texts) == all)
    }
}
