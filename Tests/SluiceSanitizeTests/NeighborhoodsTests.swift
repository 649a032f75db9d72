import Testing

@testable import SluiceSanitize

@Suite struct NeighborhoodsTests {
    @Test func canonicalNames() {
        #expect(Neighborhoods.canonical(for: "Nob Hill") == "Nob Hill")
        #expect(Neighborhoods.canonical(for: "Marina District") == "Marina")
        #expect(Neighborhoods.canonical(for: "Fisherman's Wharf") == "Fishermans Wharf")
        #expect(Neighborhoods.canonical(for: "SOMA") == "South of Market")
        #expect(Neighborhoods.canonical(for: "The Castro") == "Castro")
        #expect(Neighborhoods.canonical(for: "Haight-Ashbury") == "Haight Ashbury")
        #expect(Neighborhoods.canonical(for: "Union Square") == "Union Square")
        #expect(Neighborhoods.canonical(for: "Mason Street") == nil)
        #expect(Neighborhoods.canonical(for: "") == nil)
    }

    /// The token's trait answers as the string test it replaces, for listed words, other words,
    /// and words whose key differs from their lowercase form.
    @Test func mayStartNameFromTraitsMatchesTheStringTest() {
        var words = Array(Neighborhoods.firstWords) + ["mason", "the", "fisherman's", "fisherman’s", "ÉCOLE", "nob-hill", "1158", "mission'", "soma"]
        words += Neighborhoods.names.flatMap { $0.split(separator: " ").map(String.init) }
        for word in words {
            for token in AddressTokenizer.tokens(word) where token.isWord {
                #expect(Neighborhoods.mayStartName(token) == Neighborhoods.mayStartName(token.lower), "\(word)")
            }
        }
        #expect(Neighborhoods.mayStartName(AddressTokenizer.tokens("Nob Hill").first))
        #expect(!Neighborhoods.mayStartName(AddressTokenizer.tokens("Mason Street").first))
        #expect(!Neighborhoods.mayStartName(nil as Token?))
    }

    @Test func everyListedNameIsFound() {
        for name in Neighborhoods.names { #expect(Neighborhoods.canonical(for: name) != nil, "\(name)") }
    }
}
