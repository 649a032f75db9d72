import Testing

@testable import SluiceReport

@Suite struct LowestAnswersTests {
    @Test func keepsTheLowestDistinctAnswersWithExactCounts() {
        var lowest = LowestAnswers(limit: 2)
        let records = [
            Facts.placed("A", "Coit Tower", lat: "37.8", lon: "-122.4", precision: "place", score: "0.75"),
            Facts.placed("B", "Lombard St", lat: "37.8", lon: "-122.42", precision: "street", score: "0.45"),
            Facts.placed("C", "Pier 7", lat: "37.79", lon: "-122.39", precision: "street", score: "0.1"),
            Facts.placed("D", "Lombard St", lat: "37.8", lon: "-122.42", precision: "street", score: "0.45"),
            Facts.placed("E", "Market St", lat: "37.78", lon: "-122.41", precision: "street", score: "0.45"),
            Facts.unplaced("F", "Nowhere"),
        ]
        for facts in records { lowest.add(facts) }
        #expect(lowest.answers.map(\.text) == ["Pier 7", "Lombard St"])
        #expect(lowest.answers.map(\.count) == [1, 2])
        #expect(lowest.answers.map(\.precision) == ["street", "street"])
    }

    @Test func givesTheSameListInAnyOrder() {
        let records = (0..<30).map { Facts.placed("T\($0)", "Text \($0 % 7)", lat: "37.8", lon: "-122.4", score: "0.\(3 + $0 % 5)") }
        var forwards = LowestAnswers(limit: 4)
        var backwards = LowestAnswers(limit: 4)
        for facts in records { forwards.add(facts) }
        for facts in records.reversed() { backwards.add(facts) }
        #expect(forwards.answers == backwards.answers)
        // Six texts score 0.3: the first four by text.
        #expect(forwards.answers.map(\.score) == [0.3, 0.3, 0.3, 0.3])
        #expect(forwards.answers.map(\.text) == ["Text 0", "Text 1", "Text 3", "Text 4"])
    }

    @Test func leavesOutAnswersWithoutAScore() {
        var lowest = LowestAnswers(limit: 5)
        lowest.add(Facts.of(#"{"geo":{"lat":37.8,"lon":-122.4,"precision":"place"}}"#))
        #expect(lowest.answers.isEmpty)
    }
}
