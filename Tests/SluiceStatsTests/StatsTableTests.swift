import Testing

@testable import SluiceStats

@Suite struct StatsTableTests {
    @Test func fourSectionsForAMixedInput() throws {
        let text = StatsTable.render(
            try reports([#"{"n":1,"s":"ab"}"#, #"{"n":2,"s":"ab"}"#, #"{"n":"x"}"#]), records: 3, limits: StatsLimits(exactValues: 100))
        let sections = text.components(separatedBy: "\n\n")
        #expect(sections.count == 4)
        #expect(sections[0].hasPrefix("FIELDS (3 records)"))
        #expect(sections[0].contains("number 2, string 1 (l. 3)"))
        #expect(sections[1].hasPrefix("NUMBERS"))
        #expect(sections[2].hasPrefix("STRINGS"))
        #expect(sections[3].hasPrefix("TOP VALUES"))
        #expect(!text.contains("≈"))
    }

    @Test func leavesOutEmptySectionsAndSaysWhenEveryValueIsDistinct() throws {
        let text = StatsTable.render(try reports([#"{"s":"a"}"#, #"{"s":"b"}"#]), records: 2, limits: StatsLimits(exactValues: 100))
        #expect(!text.contains("NUMBERS"))
        #expect(text.contains("(all 2 values distinct)"))
    }

    @Test func marksEstimatesAndExplainsThem() throws {
        let lines = (0..<5_000).map { #"{"n":\#($0)}"# }
        let text = StatsTable.render(try reports(lines, limit: 20), records: 5_000, limits: StatsLimits(exactValues: 20))
        #expect(text.contains("≈"))
        #expect(text.contains("≈ distinct: a HyperLogLog estimate past 20 distinct values"))
        #expect(text.contains("≈ p1/p50/p99: from a KLL sketch past 20 distinct values"))
        #expect(text.contains("(no value stands out: all within the error)"))
    }

    @Test(arguments: [(707, 2084, "33.9%"), (2084, 2084, "100%"), (0, 5, "0.0%"), (1, 3, "33.3%"), (2, 3, "66.7%")])
    func percentages(part: Int, whole: Int, text: String) {
        #expect(StatsTable.percent(part, of: whole) == text)
    }

    @Test(arguments: [
        (1998.312345, "1998.31"), (37.791234, "37.7912"), (0.0123, "0.0123"), (180.0, "180"), (-0.0000001, "-1e-07"), (5e12, "5000000000000"),
    ])
    func readableNumbers(value: Double, text: String) {
        #expect(StatsTable.readable(value) == text)
    }
}
