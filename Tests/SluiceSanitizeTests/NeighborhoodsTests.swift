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

    @Test func everyListedNameIsFound() {
        for name in Neighborhoods.names { #expect(Neighborhoods.canonical(for: name) != nil, "\(name)") }
    }
}
