import Testing

@testable import SluiceGeocode

@Suite struct PlaceIndexTests {
    let index = PlaceIndex([
        ["Crissy Field Center"], ["Coit Tower", "Telegraph Hill Tower"], ["San Francisco City Hall", "City Hall"], ["15th Avenue Steps"],
        ["Collis P. Huntington Park"],
    ])

    @Test func exactNameIgnoresCaseAccentsAndPunctuation() {
        #expect(index.best("COIT TOWER") == PlaceIndex.Hit(place: 1, score: 1, how: .exact))
        #expect(index.best("The Coit Tower.") == PlaceIndex.Hit(place: 1, score: 1, how: .exact))
    }

    @Test func aliasScoresJustBelowExact() {
        #expect(index.best("Telegraph Hill Tower") == PlaceIndex.Hit(place: 1, score: 0.97, how: .alias))
        // "San Francisco" is a stop word, so the name itself is "City Hall".
        #expect(index.best("City Hall")?.how == .exact)
    }

    @Test func fuzzyForgivesTyposAndExtraWords() throws {
        let typo = try #require(index.best("Chrissy Field"))
        #expect(typo.place == 0 && typo.how == .fuzzy)
        let subset = try #require(index.best("Huntington Park"))
        #expect(subset.place == 4)
    }

    @Test func aRepeatedWordCountsEachTime() {
        let bars = PlaceIndex([["Aub Zam Zam"], ["Tonga Room"], ["Coit Tower"]])
        // `Aub Zam Zam Bar`: both `zam`s match, so the extra `bar` does not sink it.
        #expect(bars.best("Aub Zam Zam Bar")?.place == 0)
        #expect(bars.best("Zam Bar") == nil)
    }

    @Test func aNameHoldingEveryWord() {
        let parks = PlaceIndex([["Yacht Harbor and Marina Green"], ["Crissy Field Center"]])
        #expect(parks.someName(holdsAllWordsOf: "Marina Green"))
        #expect(parks.someName(holdsAllWordsOf: "Crissy Field"))
        #expect(!parks.someName(holdsAllWordsOf: "Marina Green Drive"))
        #expect(!parks.someName(holdsAllWordsOf: "Marina"))
    }

    @Test func numbersAreNeverFuzzy() {
        #expect(index.best("16th Avenue Steps") == nil)
        #expect(index.best("Avenue Steps") == nil)
        // A house number in the query does not stop a name without numbers.
        #expect(index.best("Coit Tower, 1 Telegraph Hill Blvd")?.place == 1)
    }

    @Test func unknownOrEmptyFindsNothing() {
        #expect(index.best("Bay Bridge") == nil)
        #expect(index.best("") == nil)
        #expect(PlaceIndex().best("Coit Tower") == nil)
    }

    @Test func wordsDropStopWordsAndFoldAccents() {
        #expect(PlaceIndex.words("Musée Mécanique, San Francisco") == ["musee", "mecanique"])
        #expect(PlaceIndex.words("Fisherman's Wharf") == ["fishermans", "wharf"])
    }

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

    @Test func asciiWordsAreTheCharacterWords() {
        for text in ["Fisherman's Wharf", "St. Mary's Cathedral", "Pier 39 (The Embarcadero)", "A.T.&T. Park", "", " -- ", "a\r\nb", "Coit_Tower"] {
            #expect(PlaceIndex.asciiWords(text) == PlaceIndex.characterWords(text), "\(text)")
        }
        #expect(PlaceIndex.asciiWords("Café") == nil)
        #expect(PlaceIndex.words("Café de la Presse") == ["cafe", "de", "la", "presse"])
        #expect(PlaceIndex.words("The Mission District") == ["mission"])
    }
}
