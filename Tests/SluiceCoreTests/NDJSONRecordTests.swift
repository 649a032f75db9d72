import Testing

@testable import SluiceCore

/// Runs `body` with a record scanned from `text`.
func withRecord<T>(_ text: String, _ body: (NDJSONRecord) throws -> T) throws -> T {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in try body(try NDJSONRecord(buffer)) }
}

func adding(_ key: String, _ value: JSONValue, to text: String) throws -> String {
    try withRecord(text) { record in
        var out: [UInt8] = []
        record.write(adding: key, value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

@Suite struct NDJSONRecordTests {
    @Test func aCopyOverOtherBytesKeepsItsMembers() throws {
        let text = #"{"a": 1, "b\u0022": [2], "c":"x"}  "#
        let copy = Array(text.utf8)
        try withRecord(text) { record in
            try copy.withUnsafeBufferPointer { bytes in
                let moved = NDJSONRecord(record, over: bytes)
                #expect(moved.bytes.baseAddress == bytes.baseAddress)
                #expect(moved.members.count == 3 && moved.value(forKey: "b\"") == .array([.number("2")]))
                #expect(Array(moved.trimmed) == Array(record.trimmed))
            }
        }
    }

    @Test func findsMembersIncludingEscapedKeys() throws {
        try withRecord(#"{"a": 1, "b\u0022": [2, {"c": 3}], "title":"x"}"#) { record in
            #expect(record.members.count == 3)
            #expect(record.value(forKey: "a") == .number("1"))
            #expect(record.value(forKey: "b\"") == .array([.number("2"), .object([JSONMember("c", .number("3"))])]))
            #expect(record.value(forKey: "missing") == nil)
            #expect(String(decoding: record.rawValue(record.members[1]), as: UTF8.self) == #"[2, {"c": 3}]"#)
        }
    }

    /// Names compare byte for byte once unescaped, as everywhere else (not by String's
    /// canonical equivalence): an escaped decomposed `é` is not the composed one.
    @Test func escapedKeysCompareByTheirBytes() throws {
        try withRecord(#"{"Cafe\u0301": 1, "Caf\u00e9": 2}"#) { record in
            #expect(record.value(forKey: "Caf\u{E9}") == .number("2"))
            #expect(record.value(forKey: "Cafe\u{301}") == .number("1"))
            #expect(record.firstMembers(named: [Array("Caf\u{E9}".utf8)])[0]?.key == record.members[1].key)
        }
    }

    /// A string's or number's text is what its parsed value holds; other values have none.
    @Test func readsScalarTextWithoutParsing() throws {
        try withRecord(#"{"s": "a b ", "e":"Caf\u00e9 \"x\"", "u":"é", "n": -1.50e3 , "t":true, "o":{}, "z":null, "q":""}"#) { record in
            for member in record.members {
                let expected: String? =
                    switch record.value(of: member) {
                    case .string(let text): text
                    case .number(let digits): digits
                    default: nil
                    }
                #expect(record.scalarText(of: member) == expected)
            }
            #expect(record.scalarText(of: record.members[1]) == #"Café "x""#)
            #expect(record.scalarText(of: record.members[3]) == "-1.50e3")
        }
    }

    @Test func followsDottedPaths() throws {
        try withRecord(#"{"address":{"key":"3rd st","n":{"m":true}}}"#) { record in
            #expect(record.value(atPath: "address.key") == .string("3rd st"))
            #expect(record.value(atPath: "address.n.m") == .bool(true))
            #expect(record.value(atPath: "address.nope") == nil)
        }
    }

    /// Passing a record through keeps every input byte, whatever its escapes and spacing.
    @Test(arguments: [
        #"{"s":"\u00e9\ud83d\ude00","n":1.0,"z":-0,"big":123456789012345678901234567890}"#,
        #"{ "spaced" : [ 1 , 2 ] , "nested" : { "k" : "v" } }"#,
        #"{"a":"x\/y"}"#,
    ])
    func appendsAMemberAndKeepsEveryInputByte(text: String) throws {
        let result = try adding("address", .object([JSONMember("kind", .string("none"))]), to: text)
        #expect(result == String(text.dropLast()) + #","address":{"kind":"none"}}"#)
    }

    @Test func replacesAnExistingMemberInPlace() throws {
        #expect(try adding("geo", .int(2), to: #"{"a":1,"geo":{"old":true},"z":0}"#) == #"{"a":1,"geo":2,"z":0}"#)
        #expect(try adding("geo", .int(2), to: #"{"geo" : 1 }"#) == #"{"geo" : 2 }"#)
        // Found by the json fuzz target (its check wanted the member last): an empty key after it.
        #expect(try adding("fuzz", .string("x"), to: #"{"fuzz":"","":{}}"#) == #"{"fuzz":"x","":{}}"#)
    }

    @Test func addsToAnEmptyObjectWithoutAComma() throws {
        #expect(try adding("k", .null, to: "{ }") == #"{ "k":null}"#)
        #expect(try adding("k", .null, to: "{}  ") == #"{"k":null}"#)
    }

    @Test func parsesTheWholeRecord() throws {
        try withRecord(#"{"b":1,"a":[true]}"#) { record in
            #expect(JSONWriter.string(record.parsed()) == #"{"b":1,"a":[true]}"#)
        }
    }

    @Test(arguments: [
        ("42", RejectReason.notAnObject, "a record must be a JSON object, found a number"),
        ("[1,2]", .notAnObject, "a record must be a JSON object, found an array"),
        (#" "text""#, .notAnObject, "a record must be a JSON object, found a string"),
        ("null", .notAnObject, "a record must be a JSON object, found null"),
        (#"{"a":1}{"b":2}"#, .invalidJSON, "invalid JSON: unexpected '{' after the value at column 8"),
        (#"{"a":1,}"#, .invalidJSON, "invalid JSON: unexpected '}', expected a string key at column 8"),
        ("[1,", .invalidJSON, "invalid JSON: unexpected end of input at column 4"),
    ])
    func explainsLinesThatAreNotRecords(text: String, reason: RejectReason, detail: String) {
        do {
            _ = try withRecord(text) { $0.members.count }
            Issue.record("accepted \(text)")
        } catch let error as RecordError {
            #expect(error.reason == reason)
            #expect(error.detail == detail)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func invalidUTF8AndDepthHaveTheirOwnReasons() {
        let bad: [UInt8] = Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(throws: RecordError.self) { try bad.withUnsafeBufferPointer { try NDJSONRecord($0) } }
        do {
            _ = try bad.withUnsafeBufferPointer { try NDJSONRecord($0) }
        } catch let error as RecordError {
            #expect(error.reason == .invalidUTF8)
        } catch {
            Issue.record("unexpected \(error)")
        }
        let deep = "{\"a\":" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
        do {
            _ = try withRecord(deep) { $0.members.count }
        } catch let error as RecordError {
            #expect(error.reason == .tooDeep)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func trimmedEndsAtTheClosingBrace() throws {
        let text = #" {"a":1,"b":{"c":"}"}}  "#
        try withRecord(text) { record in
            #expect(String(decoding: record.trimmed, as: UTF8.self) == #" {"a":1,"b":{"c":"}"}}"#)
            var written: [UInt8] = []
            record.write(to: &written)
            #expect(Array(record.trimmed) == written)
        }
    }

    @Test func firstMembersAreWhatMemberNamedFinds() throws {
        let keys = ["raw", "kind", "street", "cross_street", "missing", "", "é"]
        let lines = [
            #"{}"#, #"{"raw":"a","kind":"place"}"#, #"{"kind":1,"raw":2,"kind":3}"#, #"{"r\u0061w":"escaped","raw":"plain"}"#,
            #"{"cross_street":"x","street":"y","":0,"\u00e9":true}"#, #"{"streets":1,"stree":2,"street":3}"#,
        ]
        for line in lines {
            try withRecord(line) { record in
                let found = record.firstMembers(named: keys.map { Array($0.utf8) })
                #expect(found.map { $0?.value } == keys.map { record.member(named: $0)?.value }, "\(line)")
            }
        }
    }

    /// `check(_:findingFirst:into:)` finds what a record's `firstMembers(named:)` finds: the
    /// first of repeated keys, escaped keys once unescaped, members in any order, never a
    /// nested member of the same name; and `found` is emptied line to line.
    @Test func checkFindsTheFirstMembersARecordFinds() throws {
        let keys = ["title", "dedupe", "locations", "missing", "é", ""]
        let lines = [
            #"{}"#,
            #"{"title":"a","dedupe":{"cluster":"00000000000000a1"}}"#,
            #"{"dedupe":{"title":"nested"},"locations":null,"title":"last"}"#,
            #"{"title":1,"title":2,"locations":[{"title":3}],"title":4}"#,
            #"{"title":"escaped","title":"plain","é":true,"":0}"#,
            #" {"locations" : "spaced" , "title" : { "a" : [ 1 , "}" ] } } "#,
            #"{"titles":1,"titl":2,"dedupe ":3}"#,
        ]
        var found: [NDJSONRecord.Member?] = []
        for line in lines {
            let bytes = Array(line.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                try NDJSONRecord.check(buffer, findingFirst: keys.map { Array($0.utf8) }, into: &found)
                let record = try NDJSONRecord(buffer)
                let expected = record.firstMembers(named: keys.map { Array($0.utf8) })
                #expect(found.map { $0?.value } == expected.map { $0?.value }, "\(line)")
                #expect(found.map { $0?.key } == expected.map { $0?.key }, "\(line)")
            }
        }
        try Array(#"{"title":"x"}"#.utf8).withUnsafeBufferPointer { buffer in
            try NDJSONRecord.check(buffer, findingFirst: [Array("title".utf8)], into: &found)
            #expect(found.count == 1 && found[0].map { String(decoding: buffer[$0.value], as: UTF8.self) } == #""x""#)
        }
    }

    /// A line `check` refuses is refused by the record reader for the same reason, at the same
    /// column: the same walk checks both.
    @Test(arguments: [
        "", "42", "[1,2]", "null", #"{"a":1"#, #"{"a":1}{"b":2}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#,
        #"{"a":"\x"}"#, #"{"a":"\ud800"}"#, #"{"a":01}"#, #"{"a":tru}"#, #"{"a":[1,]}"#, #"{"a":{"b":}}"#,
        "{\"a\":\"tab\there\"}", #"{"title":"ok","dedupe":{"cluster":"x"}"#,
    ])
    func checkRefusesWhatARecordRefuses(line: String) {
        expectSameRefusal(Array(line.utf8))
    }

    @Test func checkRefusesBadUTF8AndDepthAsARecordDoes() {
        expectSameRefusal(Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8))
        expectSameRefusal(Array(Array(#"{"a":"é"#.utf8).dropLast()) + Array(#""}"#.utf8))
        expectSameRefusal(Array(("{\"a\":" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}").utf8))
    }

    func expectSameRefusal(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            var recordError: RecordError?
            do throws(RecordError) { _ = try NDJSONRecord(buffer) } catch { recordError = error }
            var found: [NDJSONRecord.Member?] = []
            do throws(RecordError) {
                try NDJSONRecord.check(buffer, findingFirst: [Array("a".utf8)], into: &found)
                Issue.record("check took \(String(decoding: bytes, as: UTF8.self))")
            } catch {
                #expect(recordError != nil && error.detail == recordError?.detail && error.reason == recordError?.reason)
            }
        }
    }
}
