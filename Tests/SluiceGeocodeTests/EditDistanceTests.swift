import Testing

@testable import SluiceGeocode

@Suite struct EditDistanceTests {
    @Test func editDistanceStopsAtTheLimit() {
        #expect(EditDistance.bounded("kearney", "kearny", limit: 1) == 1)
        #expect(EditDistance.bounded("chrissy", "crissy", limit: 1) == 1)
        #expect(EditDistance.bounded("mason", "bryant", limit: 2) == nil)
        #expect(EditDistance.bounded("", "ab", limit: 2) == 2)
    }

    @Test func oneTranspositionIsTwoAdjacentBytesSwapped() {
        func swapped(_ a: String, _ b: String) -> Bool { EditDistance.isOneTransposition(Array(a.utf8), Array(b.utf8)) }
        #expect(swapped("misison", "mission"))
        #expect(swapped("ab", "ba"))
        #expect(!swapped("mission", "mission"))
        #expect(!swapped("misisno", "mission"))
        #expect(!swapped("kearney", "kearny"))
        #expect(!swapped("", ""))
    }

    @Test func byteSetBoundNeverRulesOutARealMatch() {
        let pairs = [("kearney", "kearny", 1), ("chrissy", "crissy", 1), ("delores", "dolores", 1), ("californa", "california", 1)]
        for (a, b, limit) in pairs {
            #expect(EditDistance.mayBeWithin(limit, EditDistance.mask(Array(a.utf8)), EditDistance.mask(Array(b.utf8))))
        }
        #expect(!EditDistance.mayBeWithin(1, EditDistance.mask(Array("mason".utf8)), EditDistance.mask(Array("bryant".utf8))))
    }
}
