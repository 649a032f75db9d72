import SluiceCore
import Testing

@testable import SluiceSanitize

@Suite struct TownFieldsTests {
    let fields = TownFields(city: "city", state: "state", zip: "zip")

    func town(_ line: String, _ fields: TownFields? = nil) throws -> RecordTown {
        let bytes = Array(line.utf8)
        return try bytes.withUnsafeBufferPointer { (fields ?? self.fields).town(of: try NDJSONRecord($0)) }
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
        #expect(try town(#"{"zip":"6061"}"#).unusable)
        #expect(try town(#"{"zip":606111}"#).unusable)
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
