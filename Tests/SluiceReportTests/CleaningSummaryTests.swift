import Testing

@testable import SluiceReport

@Suite struct CleaningSummaryTests {
    @Test func countsKindsPrecisionsScoresAndUnmatched() {
        var summary = CleaningSummary()
        let records = [
            Facts.placed("A", "766 Vallejo St", lat: "37.79", lon: "-122.41", precision: "address", score: "0.98"),
            Facts.placed("B", "Mason & Pine", lat: "37.79", lon: "-122.41", precision: "intersection", score: "0.9"),
            Facts.placed("C", "Lombard", lat: "37.8", lon: "-122.42", precision: "street", score: "0.3"),
            Facts.unplaced("D", "Pier 7", reason: "no street, intersection or place matched 'Pier 7'"),
            Facts.unplaced("E", "Pier 7", reason: "no street, intersection or place matched 'Pier 7'"),
            Facts.of(#"{"title":"F","address":{"raw":null,"kind":"none"},"geo":{"precision":"none","reason":"empty location"}}"#),
            Facts.of(#"{"title":"G"}"#),
            Facts.of(#"{"title":"H","geo":{"precision":"place","lat":"x"}}"#),
        ]
        for facts in records { summary.add(facts) }
        #expect(summary.records == 8 && summary.withAddress == 6 && summary.withGeo == 7 && summary.placed == 3)
        #expect(summary.withoutPoint == 1)
        #expect(summary.kinds.count(of: "street_address") == 3 && summary.kinds.count(of: "place") == 2 && summary.kinds.count(of: "none") == 1)
        #expect(summary.precisions.count(of: "none") == 3 && summary.precisions.count(of: "place") == 1)
        #expect(summary.scoreBins == [0, 0, 0, 1, 0, 0, 0, 0, 0, 2])
        #expect(summary.unmatched.top(5).map { "\($0.value) \($0.count)" } == ["Pier 7 2", "(no location text) 1"])
        #expect(summary.unmatched.top(1).first?.note == "no street, intersection or place matched 'Pier 7'")
        #expect(summary.lowest.answers.first?.text == "Lombard")
    }

    @Test func aScoreOfOneFallsInTheLastTenth() {
        var summary = CleaningSummary()
        summary.add(Facts.placed("A", "x", lat: "37.8", lon: "-122.4", score: "1"))
        summary.add(Facts.placed("A", "x", lat: "37.8", lon: "-122.4", score: "0"))
        summary.add(Facts.of(#"{"geo":{"lat":37.8,"lon":-122.4,"precision":"place"}}"#))
        #expect(summary.scoreBins == [1, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        #expect(summary.unscored == 1)
    }

    @Test func scoresFarOutsideZeroToOneFallInTheEndTenths() {
        // 1e300 trapped converting its tenth to an Int (issue 33); 1e400 is read as infinity.
        var summary = CleaningSummary()
        for score in ["1e300", "-1e300", "1e308", "-1e308", "9223372036854775808", "-0", "1e400", "-1e400"] {
            summary.add(Facts.placed("A", "x", lat: "37.8", lon: "-122.4", score: score))
        }
        #expect(summary.scoreBins == [3, 0, 0, 0, 0, 0, 0, 0, 0, 3])
        #expect(summary.unscored == 2)
    }
}
