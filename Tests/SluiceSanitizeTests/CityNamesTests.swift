import Testing

@testable import SluiceSanitize

/// The names read as the trailing city: `--city`'s, or San Francisco's without one.
@Suite struct CityNamesTests {
    @Test func withoutCityTheyAreSanFrancisco() {
        let names = CityNames(city: nil, state: nil)
        #expect(names.isSanFrancisco)
        #expect(names.city(named: ["sf"]) == "San Francisco")
        #expect(names.city(named: ["san", "francisco"]) == "San Francisco")
        #expect(names.city(named: ["portland"]) == nil)
        #expect(names.stateWords == ["ca": "CA", "california": "CA"])
    }

    @Test func aSpellingOfSanFranciscoIsSanFrancisco() {
        #expect(CityNames(city: "San Francisco", state: "CA").isSanFrancisco)
        #expect(CityNames(city: "SF", state: nil).isSanFrancisco)
        #expect(CityNames(city: "", state: "OR").isSanFrancisco)
    }

    @Test func anotherCityIsItsOwnNameInAnyCase() {
        let names = CityNames(city: "Portland", state: "OR")
        #expect(!names.isSanFrancisco)
        #expect(names.city(named: ["portland"]) == "Portland")
        #expect(names.city(named: ["sf"]) == nil)
        #expect(names.city(named: ["south", "portland"]) == nil)
        #expect(names.maxWords == 1)
        #expect(names.stateWords == ["or": "OR", "oregon": "OR"])
        #expect(names.lastWords == ["portland", "or", "oregon"])
    }

    @Test func aSaintIsOneWordHoweverWritten() {
        let names = CityNames(city: "St. Paul", state: "Minnesota")
        for words in [["st", "paul"], ["saint", "paul"]] {
            #expect(names.city(named: words) == "St. Paul")
        }
        #expect(names.city(named: ["paul"]) == nil)
        #expect(names.stateWords["mn"] == "MN")
        #expect(CityNames(city: "Mount Vernon", state: nil).city(named: ["mt", "vernon"]) == "Mount Vernon")
    }

    @Test func severalWordsAndPunctuation() {
        let names = CityNames(city: "Winston-Salem", state: "NC")
        #expect(names.city(named: ["winston", "salem"]) == "Winston-Salem")
        #expect(names.city(named: ["winston-salem"]) == "Winston-Salem")
        let spaced = AddressParser(city: "Winston Salem", state: "NC")
        #expect(spaced.parse("100 N Main St Winston-Salem").clean == "100 N Main St, Winston Salem, NC")
        #expect(CityNames(city: "Coeur d'Alene", state: "ID").city(named: ["coeur", "dalene"]) == "Coeur d'Alene")
        #expect(CityNames(city: "Salt Lake City", state: "UT").maxWords == 3)
    }

    @Test func anUnknownStateAddsNoStateWords() {
        #expect(CityNames(city: "Portland", state: "Nowhere").stateWords.isEmpty)
        #expect(CityNames(city: "Portland", state: nil).lastWords == ["portland"])
    }
}
