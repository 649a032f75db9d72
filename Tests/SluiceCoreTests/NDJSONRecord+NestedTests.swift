import Testing

@testable import SluiceCore

@Suite struct NDJSONRecordNestedTests {
    /// Inside a checked record, the member found by skipping is the one `member(named:)` finds
    /// after a full check: the first of its name, escaped names compared unescaped, values as
    /// written without the space around them.
    @Test(arguments: [
        #"{"raw":"Mason St","key":"mason st"}"#,
        #"{ "key" : 12.5e3 , "other": null }"#,
        #"{"a":{"key":"inner"},"key":[1,"]}",{"key":2}],"b":"\"key\":"}"#,
        #"{"s":"quote \" and backslash \\","key":"a\\"}"#,
        #"{"k\u0065y":"escaped name","key":"plain"}"#,
        #"{"key":true,"key":"second"}"#,
        #"{"x":"\\\\","y":{"z":["{",{}]},"key":{"deep":"}"}}"#,
        #"{"no":"such member"}"#,
        "{}",
        #"{"":"empty name","key":false}"#,
    ])
    func findsWhatTheFullCheckFinds(object: String) throws {
        try withRecord(#"{"o":\#(object)}"#) { record in
            let raw = try #require(record.member(named: "o").map(record.rawValue))
            let nested = try NDJSONRecord(raw)
            for name in ["key", "", "raw", "b", "no", "x"] {
                let skipped = NDJSONRecord.rawValue(ofMember: name, inCheckedObject: raw).map { String(decoding: $0, as: UTF8.self) }
                let checked = nested.member(named: name).map { String(decoding: nested.rawValue($0), as: UTF8.self) }
                #expect(skipped == checked, "\(name) in \(object)")
            }
        }
    }

    /// A dotted path reaches the value `value(atPath:)` reaches, as JSON text.
    @Test func pathsGiveWhatValueAtPathGives() throws {
        try withRecord(#"{"title":"Vertigo","address":{"raw":"Mason St","key":"mason st","geo":{"lat":1}},"n":null}"#) { record in
            for path in ["title", "address.key", "address.geo.lat", "n", "address.nope", "title.key", "nope", "address.geo.lat.x"] {
                let raw = try record.rawValue(atPath: path.split(separator: ".").map(String.init)).map { try JSONParser.parse($0) }
                #expect(raw == record.value(atPath: path), "\(path)")
            }
        }
    }

    /// A string's text is what its parsed value's `stringValue` gives; other values have none.
    @Test func stringValueIsWhatTheParsedStringHolds() throws {
        let values = [#""plain""#, #""caf\u00e9 \"q\" \\ \/""#, #""\ud83d\ude00""#, #""""#, "12", "null", "true", #"{"a":"b"}"#, #"["a"]"#]
        for text in values {
            let bytes = Array(text.utf8)
            let parsed = try JSONParser.parse(bytes)
            bytes.withUnsafeBufferPointer { raw in
                #expect(NDJSONRecord.stringValue(ofChecked: raw) == parsed.stringValue, "\(text)")
            }
        }
    }
}
