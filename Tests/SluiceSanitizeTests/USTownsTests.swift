import Testing

@testable import SluiceSanitize

@Suite struct USTownsTests {
    let towns = USTowns.self

    @Test func townsByNameInAnySpelling() {
        #expect(towns.states(named: ["seattle"]) == ["WA"])
        #expect(towns.states(named: ["st", "paul"]).contains("MN"))
        #expect(towns.states(named: ["saint", "paul"]) == towns.states(named: ["st", "paul"]))
        #expect(towns.states(named: ["winston-salem"]) == ["NC"])
        #expect(towns.states(named: ["coeur", "d'alene"]) == ["ID"])
        let portland = towns.states(named: ["portland"])
        #expect(portland.contains("OR") && portland.contains("ME"))
        #expect(towns.states(named: ["nowhereville"]).isEmpty)
        #expect(towns.states(named: []).isEmpty)
    }

    @Test func townsWrittenWithUSPSAbbreviations() {
        #expect(towns.towns(named: ["n", "hollywood"]).spelled == "North Hollywood")
        #expect(towns.states(named: ["n", "hollywood"]) == ["CA"])
        #expect(towns.states(named: ["flowery", "br"]) == ["GA"])
        // As written first: a town whose own name holds the word is not spelled out.
        #expect(towns.towns(named: ["seattle"]).spelled == nil)
        #expect(towns.spelledOut(["st", "paul"]) == nil)
        #expect(towns.spelledOut(["e", "orange"]) == ["east", "orange"])
        // A direction is spelled out only before other words.
        #expect(towns.spelledOut(["n"]) == nil)
    }

    @Test func aCityTheListNamesWithoutIt() {
        #expect(towns.towns(named: ["new", "york", "city"]).spelled == "New York")
        #expect(towns.states(named: ["new", "york", "city"]) == ["NY"])
        // Found as written: the word is the town's own.
        #expect(towns.towns(named: ["kansas", "city"]).spelled == nil)
        #expect(towns.states(named: ["kansas", "city"]).contains("MO"))
        #expect(towns.states(named: ["city"]).isEmpty)
    }

    @Test func zipCodesGiveTheirTown() {
        // Left out of the table where it is its key in title case.
        #expect(towns.town(zip: "98101")?.name == "Seattle")
        #expect(towns.town(zip: "83814")?.name == "Coeur d'Alene")
        #expect(towns.town(zip: "55101")?.name == "Saint Paul")
        #expect(towns.town(zip: "55101")?.state == "MN")
        // Inside a run (`97201+24`), ZIP+4, and leading zeros.
        #expect(towns.town(zip: "97210")?.name == "Portland")
        #expect(towns.town(zip: "60611-1234")?.name == "Chicago")
        #expect(towns.town(zip: "04101")?.state == "ME")
        #expect(towns.town(zip: "00000") == nil)
        #expect(towns.town(zip: "6061") == nil)
        #expect(towns.town(zip: "abcde") == nil)
    }

    @Test func townsGiveTheirZipCodes() {
        #expect(
            USTowns.zipCodes(ofTown: "Abilene", state: "TX") == [
                "79601", "79602", "79603", "79604", "79605", "79606", "79608", "79697", "79698", "79699",
            ])
        #expect(USTowns.zipCodes(ofTown: "abilene", state: nil).first == "67410")
        #expect(USTowns.zipCodes(ofTown: "Abilene", state: "Kansas") == ["67410"])
        // A leading zero, the title spelled out, and a name no post office has.
        #expect(USTowns.zipCodes(ofTown: "Abington", state: "CT") == ["06230"])
        #expect(USTowns.zipCodes(ofTown: "St. Paul", state: "MN").contains("55101"))
        #expect(USTowns.zipCodes(ofTown: "Abilene", state: "WA").isEmpty)
        #expect(USTowns.zipCodes(ofTown: "Pittsfield Township", state: nil).isEmpty)
        #expect(USTowns.zipCodes(ofTown: "", state: nil).isEmpty)
    }

    @Test func zipPrefixesOfAState() {
        // New England's and New Jersey's ZIPs begin with 0; Iowa's with 5, New York's mostly with 1.
        #expect(towns.hasZIPs(ofState: "MA", startingWith: "021"))
        #expect(towns.hasZIPs(ofState: "NJ", startingWith: "070"))
        #expect(!towns.hasZIPs(ofState: "IA", startingWith: "052"))
        #expect(!towns.hasZIPs(ofState: "NY", startingWith: "021"))
        #expect(towns.hasZIPs(ofState: "NY", startingWith: "100"))
        #expect(!towns.hasZIPs(ofState: "MA", startingWith: "02"))
        #expect(!towns.hasZIPs(ofState: "MA", startingWith: "0a1"))
    }

    @Test func theLongestNameFitsMaxWords() {
        #expect(USTowns.maxWords >= 4)
        #expect(towns.states(named: ["a", "b", "c", "d", "e", "f", "g"]).isEmpty)
    }

    /// The generator writes each town's key beside it for the binary search: every key must be
    /// `TownName.key`'s, the one comparison of town names, and the lines in its byte order.
    @Test func everyTownIsFiledUnderItsTownNameKeyInOrder() {
        var checked = 0
        var previous: ([UInt8], [UInt8]) = ([], [])
        for line in USTowns.text.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 4, "\(line)")
            guard fields.count == 4 else { continue }
            let name = fields[1].isEmpty ? USTowns.town(zip: String(fields[3].prefix(5)))?.name ?? "" : fields[1]
            #expect(TownName.key(name) == fields[0], "\(line)")
            #expect(!towns.states(named: AddressTokenizer.tokens(name).filter(\.isWord).map(\.lower)).isEmpty, "\(name)")
            // By key, then state (`winston` before `winston salem`).
            let key = (Array(fields[0].utf8), Array(fields[2].utf8))
            #expect(previous.0.lexicographicallyPrecedes(key.0) || (previous.0 == key.0 && previous.1.lexicographicallyPrecedes(key.1)), "\(line)")
            previous = key
            checked += 1
        }
        #expect(checked > 29_000)
    }
}
