import Testing

@testable import SluiceCore

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

    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func bitParallelEqualsTheDynamicProgramme() {
        let words = [
            "", "a", "st", "kitten", "sitting", "mason st california st", "california st mason st", "766 vallejo st",
            "vallejo st garage 766 vallejo st", "golden gate bridge", "golden gate park", "aaaaaaaaab", "baaaaaaaaa",
            String(repeating: "pier 39 ", count: 8), String(repeating: "pier 39 ", count: 9), "caf\u{E9} de la paix", "cafe de la paix",
        ]
        for a in words {
            for b in words {
                let x = scalars(a), y = scalars(b)
                x.withUnsafeBufferPointer { x in
                    y.withUnsafeBufferPointer { y in
                        let expected = EditDistance.dynamic(x, y, limit: Int.max)
                        #expect(EditDistance.distance(x, y) == expected, "\(a) / \(b)")
                        if let fast = EditDistance.bitParallel(x, y) { #expect(fast == expected, "\(a) / \(b)") }
                    }
                }
            }
        }
        // Longer than a word, or outside ASCII: the dynamic programme.
        #expect(
            scalars(String(repeating: "pier 39 ", count: 9)).withUnsafeBufferPointer { long in
                EditDistance.bitParallel(long, long) == nil
            })
    }

    @Test func closestNameIsANearMisspelling() {
        let options = ["field", "as", "city", "state", "split", "threads", "rejects", "max-line-bytes", "quiet", "help", "version"]
        #expect(EditDistance.closest(to: "feild", among: options) == "field")
        #expect(EditDistance.closest(to: "thread", among: options) == "threads")
        #expect(EditDistance.closest(to: "reject", among: options) == "rejects")
        #expect(EditDistance.closest(to: "max-line-byte", among: options) == "max-line-bytes")
        #expect(EditDistance.closest(to: "location", among: ["title", "release_year", "locations"]) == "locations")
        #expect(EditDistance.closest(to: "Title", among: ["title", "locations"]) == "title")
        #expect(EditDistance.closest(to: "adress", among: ["name", "address", "phone"]) == "address")
        // The one name a short name begins; none when several do.
        #expect(EditDistance.closest(to: "parsed", among: ["shop", "address", "parsed_address"]) == "parsed_address")
        #expect(EditDistance.closest(to: "explain", among: ["explain-model", "explain-blocking"]) == nil)
        #expect(EditDistance.closest(to: "pa", among: ["parsed_address"]) == nil)
        // Nothing near, a listed name, an empty name or list: no suggestion.
        #expect(EditDistance.closest(to: "gazetteer", among: options) == nil)
        #expect(EditDistance.closest(to: "x", among: ["as"]) == nil)
        #expect(EditDistance.closest(to: "field", among: options) == nil)
        #expect(EditDistance.closest(to: "", among: options) == nil)
        #expect(EditDistance.closest(to: "field", among: []) == nil)
        // The nearer wins over the first listed; equals go to the first.
        #expect(EditDistance.closest(to: "stat", among: ["split", "state"]) == "state")
        #expect(EditDistance.closest(to: "ab", among: ["ac", "ad"]) == "ac")
    }
}
