import Testing

@testable import SluiceSanitize

@Suite struct WordsTests {
    @Test func split() {
        #expect(Words.split("St. Francis  Blvd.") == ["St", "Francis", "Blvd"])
        #expect(Words.split("") == [])
        #expect(Words.split("CALIFORNIA,ST") == ["CALIFORNIA", "ST"])
    }

    @Test func keyFoldsCaseAndPunctuation() {
        #expect(Words.key("O'Farrell") == "ofarrell")
        #expect(Words.key("O’Farrell") == "ofarrell")
        #expect(Words.key("Haight-Ashbury") == "haight ashbury")
        #expect(Words.key("  St. Mary's  Square ") == "st marys square")
        #expect(Words.key("CAFÉ") == "café")
    }

    @Test func titleCase() {
        #expect(Words.titleCased("MASON") == "Mason")
        #expect(Words.titleCased("o'farrell") == "O'Farrell")
        #expect(Words.titleCased("BIMBO'S") == "Bimbo's")
        #expect(Words.titleCased("McAllister") == "McAllister")
        #expect(Words.titleCased("DE-HARO") == "De-Haro")
        #expect(Words.titleCased("ÉCOLE") == "École")
    }

    @Test func lowercasedMatchesTheStandardLibrary() {
        for text in ["", "st", "St", "NW", "O'FARRELL", "ÉCOLE", "Café", "3RD"] {
            #expect(Words.lowercased(text) == text.lowercased())
        }
    }
}
