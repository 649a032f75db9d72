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

    @Test func ordinalWords() {
        #expect(USPSTables.ordinalWords["third"] == 3)
        #expect(USPSTables.ordinalWords["twelfth"] == 12)
        #expect(USPSTables.tensWords["forty"] == 40)
    }
}
