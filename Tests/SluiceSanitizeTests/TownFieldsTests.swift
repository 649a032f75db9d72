import SluiceCore
import Testing

@testable import SluiceSanitize

@Suite struct TownFieldsTests {
    let fields = TownFields(city: "city", state: "state", zip: "zip")

    func town(_ line: String, _ fields: TownFields? = nil) throws -> RecordTown {
        let bytes = Array(line.utf8)
        return try bytes.withUnsafeBufferPointer { (fields ?? self.fields).town(of: try NDJSONRecord($0)) }
    }

    @Test func eachFieldGivenIsWatchedUnderItsOption() {
        let named = TownFields(city: "City", zip: "address.zip").named
        #expect(named.map(\.option) == ["city-field", "zip-field"] && named.map(\.path) == ["City", "address.zip"])
        #expect(TownFields().named.isEmpty)
    }

    @Test func readsTheRecordsTown() throws {
        let chicago = try town(#"{"street":"875 N Michigan Ave","city":"Chicago","state":"IL","zip":"60611"}"#)
        #expect(chicago == RecordTown(city: "Chicago", state: "IL", zip: "60611"))
        // Trimmed; blank, null and missing are no value.
        #expect(try town(#"{"city":"  Chicago ","state":"","zip":null}"#) == RecordTown(city: "Chicago"))
        #expect(try town(#"{"other":1}"#).isEmpty)
        // A dotted path reaches into an object.
        #expect(try town(#"{"where":{"town":"Tacoma"}}"#, TownFields(city: "where.town")) == RecordTown(city: "Tacoma"))
    }

    @Test func zipAsNumberOrZipPlusFour() throws {
        #expect(try town(#"{"zip":60611}"#).zip == "60611")
        // A number lost its leading zero.
        #expect(try town(#"{"zip":2139}"#).zip == "02139")
        #expect(try town(#"{"zip":"60611-1234"}"#).zip == "60611")
        #expect(try town(#"{"zip":"606111234"}"#).zip == "60611")
        #expect(try town(#"{"zip":"ABCDE"}"#).unusable)
        #expect(try town(#"{"zip":606111}"#).unusable)
        #expect(try town(#"{"zip":"12"}"#).unusable)
        #expect(try town(#"{"zip":"94103.5"}"#).unusable)
    }

    /// What spreadsheets and data frames make of a ZIP column, read back: a CSV's text lost its
    /// leading zeros as a number's does, and a column with gaps was written as floating point.
    @Test func zipsASpreadsheetWrote() throws {
        #expect(try town(#"{"zip":"2139"}"#).zip == "02139")
        #expect(try town(#"{"zip":"501"}"#).zip == "00501")
        #expect(try town(#"{"zip":"94103.0"}"#).zip == "94103")
        #expect(try town(#"{"zip":94103.0}"#).zip == "94103")
        #expect(try town(#"{"zip":"2139.00"}"#).zip == "02139")
        #expect(USPSTables.zipCode(field: "94103-1234") == "94103")
        #expect(USPSTables.zipCode(field: "") == nil)
        #expect(USPSTables.zipCode(field: ".0") == nil)
    }

    /// A city field holding the state or ZIP after the town: split, the fields' own values first.
    @Test func cityFieldsWithTheStateOrZip() throws {
        #expect(try town(#"{"city":"San Francisco, CA"}"#) == RecordTown(city: "San Francisco", state: "CA"))
        #expect(try town(#"{"city":"SEATTLE WA 98101"}"#) == RecordTown(city: "SEATTLE", state: "WA", zip: "98101"))
        #expect(try town(#"{"city":"Portland, Oregon"}"#) == RecordTown(city: "Portland", state: "OR"))
        #expect(try town(#"{"city":"Boston, Mass. 02108-1234"}"#) == RecordTown(city: "Boston", state: "MA", zip: "02108"))
        #expect(try town(#"{"city":"New York, N.Y."}"#) == RecordTown(city: "New York", state: "NY"))
        #expect(try town(#"{"city":"Seattle 98101"}"#) == RecordTown(city: "Seattle", zip: "98101"))
        // The state and ZIP fields beat the city field's.
        #expect(try town(#"{"city":"Portland, OR 97204","state":"ME","zip":"04101"}"#) == RecordTown(city: "Portland", state: "ME", zip: "04101"))
        // A code in lower or mixed case after a town of its state (Maryland's MBE directory
        // writes `Freeland Md`): the whole field was the town, refused as one no gazetteer covers.
        #expect(try town(#"{"city":"Freeland Md"}"#) == RecordTown(city: "Freeland", state: "MD"))
        #expect(try town(#"{"city":"bel air md"}"#) == RecordTown(city: "bel air", state: "MD"))
        #expect(try town(#"{"city":"Portland or"}"#) == RecordTown(city: "Portland", state: "OR"))
        #expect(try town(#"{"city":"Freeland Md","state":"PA"}"#) == RecordTown(city: "Freeland", state: "PA"))
        // Towns alone, and towns whose last word is a state's name or a code in lower case.
        for city in ["Port Washington", "Washington", "New York", "Kansas City", "Canada de la", "Nevada", "CA", "98101", "Orange Me", "Md"] {
            #expect(try town(#"{"city":"\#(city)"}"#) == RecordTown(city: city), "\(city)")
        }
    }

    @Test func stateFieldsInOlderAbbreviations() throws {
        #expect(try town(#"{"street":"1 Main St","state":"Calif."}"#).state == "Calif.")
        #expect(USPSTables.knownStateCode("Calif.") == "CA")
        #expect(USPSTables.knownStateCode(" W. Va. ") == "WV")
        #expect(USPSTables.knownStateCode("ca.") == "CA")
        #expect(USPSTables.knownStateCode("Ontario") == nil)
        // Two ASCII letters take a short way: the same answer as folding them, in any case.
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        for first in letters {
            for second in letters {
                let code = first + second
                let folded = USPSTables.states[code] ?? USPSTables.stateAbbreviations[code]
                for written in [code, code.uppercased(), first.uppercased() + second] {
                    #expect(USPSTables.knownStateCode(written) == folded, "\(written)")
                }
            }
        }
        #expect(USPSTables.stateCode("Ontario") == "ONTARIO")
        let parsed = AddressParser().parse("1 Main St", town: RecordTown(city: "Boston", state: "Mass."))
        #expect(parsed.state == "MA")
    }

    @Test func objectsArraysAndBooleansAreUnusable() throws {
        for line in [#"{"city":{"name":"Chicago"}}"#, #"{"state":["IL"]}"#, #"{"city":true}"#, #"{"zip":{"code":"60611"}}"#, #"{"city":7}"#] {
            let found = try town(line)
            #expect(found.unusable, "\(line)")
            #expect(found.city == nil && found.state == nil && found.zip == nil, "\(line)")
            #expect(!found.isEmpty, "\(line)")
        }
    }

    @Test func memoKeysOfDifferentTownsDiffer() {
        let a = RecordTown(city: "ab", state: "c")
        let b = RecordTown(city: "a", state: "bc")
        #expect(a.memoKey("x") != b.memoKey("x"))
        #expect(a.memoKey("x") == RecordTown(city: "ab", state: "c").memoKey("x"))
        var unusable = RecordTown()
        unusable.unusable = true
        #expect(unusable.memoKey("x") != RecordTown().memoKey("x"))
    }

    @Test func townParsersReadAsParseWithTheTownDoes() {
        let base = AddressParser(city: "San Francisco", state: "CA")
        var parsers = TownParsers(base)
        var unusable = RecordTown(city: "Portland", state: "OR")
        unusable.unusable = true
        let towns = [
            RecordTown(city: "Portland", state: "OR"), RecordTown(city: "Portland", state: "OR", zip: "97204"), RecordTown(zip: "60611"),
            unusable, RecordTown(),
        ]
        for _ in 0..<2 {
            for town in towns {
                let text = "1120 SW 5th Ave Portland"
                #expect(parsers.parser(for: town).parse(text) == base.parse(text, town: town), "\(town)")
            }
        }
        #expect(parsers.parser(for: unusable).parse("1 Main St").notes == [Note.unusableTownField])
        #expect(parsers.parser(for: RecordTown()).recordTown.isEmpty)
    }
}
