import Testing

@testable import SluiceSanitize

@Suite struct USPSTablesTests {
    @Test func suffixesMapEverySpellingToTheStandardAbbreviation() {
        #expect(USPSTables.suffixes["avenue"] == "Ave")
        #expect(USPSTables.suffixes["av"] == "Ave")
        #expect(USPSTables.suffixes["boulevard"] == "Blvd")
        #expect(USPSTables.suffixes["str"] == "St")
        #expect(USPSTables.suffixes["terrace"] == "Ter")
        #expect(USPSTables.suffixes["alley"] == "Aly")
        #expect(USPSTables.suffixes["mason"] == nil)
        // Every street suffix is a standard abbreviation of the table.
        for suffix in USPSTables.streetSuffixes { #expect(USPSTables.suffixes[suffix.lowercased()] == suffix) }
    }

    @Test func directionalsUnitsStates() {
        #expect(USPSTables.directionals["northwest"] == "NW")
        #expect(USPSTables.directionals["s"] == "S")
        #expect(USPSTables.unitDesignators["suite"] == "Ste")
        #expect(USPSTables.unitDesignators["floor"] == "Fl")
        #expect(USPSTables.states["california"] == "CA")
        #expect(USPSTables.states["ny"] == "NY")
        #expect(USPSTables.states["district of columbia"] == "DC")
        #expect(USPSTables.states.values.allSatisfy { $0.count == 2 })
    }

    /// A whole text that is a state's name or the country's, in any case and punctuation; not a
    /// state's code alone (a word too), nor a text with more in it.
    @Test func regionNamedByAWholeText() {
        #expect(USPSTables.region(named: "New York") == .state(code: "NY"))
        #expect(USPSTables.region(named: " district of COLUMBIA ") == .state(code: "DC"))
        #expect(USPSTables.region(named: "U.S.A.") == .country)
        #expect(USPSTables.region(named: "United States") == .country)
        #expect(USPSTables.region(named: "OR") == nil)
        #expect(USPSTables.region(named: "Texas St") == nil)
        #expect(USPSTables.region(named: "New York Pizza") == nil)
        #expect(USPSTables.region(named: "") == nil)
    }

    @Test func ordinalWords() {
        #expect(USPSTables.ordinalWords["third"] == 3)
        #expect(USPSTables.ordinalWords["twelfth"] == 12)
        #expect(USPSTables.tensWords["forty"] == 40)
    }
}
