import SluiceCore
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
        let subset = try #require(index.best("Crissy Field"))
        #expect(subset.place == 0)
    }

    @Test func aMatchNeedsTheRareWordsOfTheQuery() {
        let parks = PlaceIndex(
            [["Francisco Park"], ["St. Francis Wood"], ["Merced Branch Library"], ["Harrison Shell"], ["Alioto Mini Park"], ["Mini Park"]],
            categories: ["park", "neighborhood", "library", "", "park", "park"])
        // Only the common word found: no match at all.
        #expect(parks.best("Candlestick Park") == nil)
        #expect(parks.best("Westin St. Francis") == nil)
        #expect(parks.best("Presidio Branch Library") == nil)
        // One word of a longer name is not that name; most of it is.
        #expect(parks.best("Harrison") == nil)
        #expect(parks.best("Alioto Park")?.place == 4)
    }

    @Test func theKindOfPlaceMustAgree() {
        let places = PlaceIndex(
            [["Forest Hill"], ["Forest Hill Station"], ["Candlestick Park Sports Bar"], ["California Academy of Sciences"]],
            categories: ["neighborhood", "station", "business", "museum"])
        #expect(places.best("Forrest Hill Muni Station")?.place == 1)
        #expect(places.kindAgreement(query: .station, place: 0) == PlaceIndex.otherKindShare)
        #expect(places.kindAgreement(query: .station, place: 1) == 1)
        #expect(places.kindAgreement(query: nil, place: 0) == 1)
        #expect(places.best("Candlestick Park") == nil)
        // A kind word in the place's own name agrees, whatever its category.
        #expect(places.best("California Academy of Sciences")?.score == 1)
    }

    @Test func samePlaceNamesAreAllFound() {
        let chain = PlaceIndex([["Starbucks"], ["Coit Tower"], ["Starbucks"]])
        #expect(chain.search("Starbucks").map(\.place) == [0, 2])
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
        // Numbers in the query must be in the name too: `Building #1` is not any building.
        #expect(index.best("Coit Tower 1") == nil)
    }

    @Test func unknownOrEmptyFindsNothing() {
        #expect(index.best("Bay Bridge") == nil)
        #expect(index.best("") == nil)
        #expect(PlaceIndex().best("Coit Tower") == nil)
    }

    @Test func wordsDropStopWordsAndFoldAccents() {
        #expect(PlaceIndex.words("Musée Mécanique, San Francisco") == ["musee", "mecanique"])
        #expect(PlaceIndex.words("Fisherman's Wharf") == ["fishermans", "wharf"])
        // The city's name as a whole, not a word of another name.
        #expect(PlaceIndex.words("SF City Hall") == ["city", "hall"])
        #expect(PlaceIndex.words("Francisco Park") == ["francisco", "park"])
        #expect(PlaceIndex.words("San Jose Market") == ["san", "jose", "market"])
    }

    /// Words naming a kind of place alone name no one place, though some place's name is those
    /// words and the city's; with `the` or the city's name they may be a place's own name.
    @Test func kindWordsAloneFindNothing() {
        let index = PlaceIndex([["Hotel San Francisco"], ["The Church in San Francisco"], ["Francisco Park"], ["The Saloon"], ["SF Zoo"]])
        for text in ["Hotel", "Church", "Park", "Saloon", "hotel park"] { #expect(index.best(text) == nil, "\(text)") }
        #expect(index.best("Hotel San Francisco")?.place == 0)
        #expect(index.best("Francisco Park")?.place == 2)
        #expect(index.best("The Saloon")?.place == 3)
        #expect(index.best("San Francisco Zoo")?.place == 4)
        // `The Park` is not Francisco Park.
        #expect(index.best("The Park")?.place != 2)
    }

    @Test func mergedPostingsGiveEachPlaceItsBestContribution() {
        func merged(_ lists: [(places: [Int], contribution: Double)]) -> [(Int, Double)] {
            var out: [(Int, Double)] = []
            PlaceIndex.forEachBest(of: lists) { out.append(($0, $1)) }
            return out
        }
        // The table it replaces: each place's largest contribution, places ascending.
        func table(_ lists: [(places: [Int], contribution: Double)]) -> [(Int, Double)] {
            var best: [Int: Double] = [:]
            for list in lists { for place in list.places where list.contribution > best[place] ?? 0 { best[place] = list.contribution } }
            return best.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        let cases: [[(places: [Int], contribution: Double)]] = [
            [], [([], 1)], [([3], 0.5)], [([1, 4], 0.5), ([4, 7], 0.9)], [([0, 2, 9], 0.9), ([0, 2, 9], 0.9)],
            [([5, 6], 0.7), ([1, 6, 8], 0.95), ([], 2), ([0, 6, 8, 12], 0.85)],
        ]
        var generator = SplitMix64(seed: 19)
        let random = (0..<50).map { _ in
            (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (places: (0..<40).filter { _ in Bool.random(using: &generator) }, contribution: Double.random(in: 0.1...3, using: &generator))
            }
        }
        for lists in cases + random {
            let (got, expected) = (merged(lists), table(lists))
            #expect(got.map(\.0) == expected.map(\.0) && got.map(\.1) == expected.map(\.1), "\(lists)")
        }
    }

    @Test func typoSearchByLengthFindsWhatThePlainScanFinds() {
        let names = [
            "Crissy Field", "Coit Tower", "Mission Dolores Park", "Misión Chapel", "Kearny Street Garage", "Dolores", "Fort Mason Center",
            "Sutro Baths",
            "Sutro Heights", "Mason", "Masonic Lodge", "Ferry Building", "Berry", "Pier 39", "A B", "abcdefgh", "abcdefghi", "Presidio", "Precidio",
        ]
        let index = PlaceIndex(names.map { [$0] })
        // Each word, and each with a letter dropped, two letters swapped, a letter added.
        var words = ["", "x", "chrissy", "misison", "delores", "abcdefg", "abcdefghij", "pressidio", "hieghts"]
        for word in index.vocabulary {
            let swapped = String(word.dropFirst().prefix(1)) + String(word.prefix(1)) + String(word.dropFirst(2))
            words += [word, String(word.dropFirst()), swapped, word + "s"]
        }
        for word in words {
            for allowed in 0...2 {
                let bytes = Array(word.utf8)
                let plain: [(position: Int, distance: Int)] = index.vocabularyBytes.indices.compactMap { position in
                    EditDistance.bounded(bytes, index.vocabularyBytes[position], limit: allowed).map { (position, $0) }
                }
                let found = index.typos(of: bytes, allowed: allowed)
                let (foundPositions, plainPositions) = (found.map { $0.position }, plain.map { $0.position })
                #expect(foundPositions == plainPositions && found.map { $0.distance } == plain.map { $0.distance }, "\(word) \(allowed)")
            }
        }
    }

    @Test func aBoundsTableKeptAcrossSearchesChangesNoAnswer() {
        let places = PlaceIndex(
            [["Aub Zam Zam"], ["Alioto Mini Park"], ["Mini Park"], ["Crissy Field Center"], ["Forest Hill Station"], ["Francisco Park"]],
            categories: ["bar", "park", "park", "", "station", "park"])
        var bounds: [Double] = []
        for text in [
            "Aub Zam Zam Bar", "Alioto Park", "Chrissy Field", "Mini Park", "Forrest Hill Muni Station", "Candlestick Park", "Park", "Zam Bar",
        ] {
            #expect(places.search(text, bounds: &bounds) == places.search(text), "\(text)")
            #expect(bounds.count == 6 && bounds.allSatisfy { $0 == 0 }, "\(text)")
        }
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
