import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct ExactMatcherTests {
    func labels(_ paths: [String], fold: Bool, _ lines: [String]) throws -> ExactMatcher {
        var matcher = ExactMatcher(paths: paths, fold: fold)
        for line in lines { try withRecord(line) { matcher.append($0) } }
        return matcher
    }

    @Test func equalKeysShareALabel() throws {
        let m = try labels(
            ["title", "address.key"], fold: false,
            [
                #"{"title":"Vertigo","address":{"key":"california st & mason st"}}"#,
                #"{"title":"Vertigo","address":{"key":"california st & mason st"},"x":1}"#,
                #"{"title":"Vertigo","address":{"key":"powell st"}}"#,
            ])
        #expect(m.labels[0] == m.labels[1])
        #expect(m.labels[0] != m.labels[2])
    }

    @Test func missingKeysStayAlone() throws {
        let m = try labels(["address.key"], fold: false, [#"{"a":1}"#, #"{"a":1}"#, #"{"address":{"key":null}}"#, #"{"address":{"key":""}}"#])
        #expect(Set(m.labels).count == 4)
        #expect(m.withoutKey == 4)
    }

    @Test func foldIgnoresCaseAndPunctuation() throws {
        let lines = [#"{"locations":"Vallejo St. Garage"}"#, #"{"locations":"vallejo st garage"}"#]
        #expect(try labels(["locations"], fold: false, lines).labels == [0, 1])
        #expect(try labels(["locations"], fold: true, lines).labels == [0, 0])
    }

    @Test func numbersCompareAsWritten() throws {
        let m = try labels(["n"], fold: false, [#"{"n":1.0}"#, #"{"n":1}"#, #"{"n":1.0}"#])
        #expect(m.labels == [0, 1, 0])
    }

    /// The key as the matcher used to build it: each value parsed and written again.
    func writtenKey(_ record: NDJSONRecord, _ paths: [String]) -> [UInt8]? {
        var parts: [String] = []
        for path in paths {
            guard let value = record.value(atPath: path), value != .null, value != .string("") else { return nil }
            parts.append(JSONWriter.string(value))
        }
        return Array(parts.joined(separator: "\u{1F}").utf8)
    }

    @Test(arguments: [
        #"{"t":"Vertigo","n":1.50,"a":{"key":"mason st"}}"#,
        #"{ "t" : "a\"b\u00e9" , "n" : -2e3 , "a" : { "key" : "x" } }"#,
        #"{"t":"café","n":true,"a":{"key":["b",{"c" : 1}]}}"#,
        #"{"t":"x","n":1,"a":{"key":{"z":1, "y":[null]}},"a":{"key":"second"}}"#,
        #"{"t":"x","n":1,"a":"not an object"}"#,
        #"{"t":"","n":1,"a":{"key":"k"}}"#,
        #"{"t":"x","n":null,"a":{"key":"k"}}"#,
    ])
    func keyTextIsTheWrittenValues(line: String) throws {
        try withRecord(line) { record in
            var key: [UInt8] = [0x41]
            let found = ExactMatcher.KeyFields(paths: ["t", "n", "a.key"], fold: false).key(of: record, into: &key)
            let expected = writtenKey(record, ["t", "n", "a.key"])
            #expect(found == (expected != nil))
            #expect(key == [0x41] + (expected ?? []))
        }
    }
}
