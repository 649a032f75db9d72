import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct MemberPlaceTests {
    /// Written from the spooled bytes, each record is what `NDJSONRecord.write(adding:)` makes.
    @Test func writesAsTheParsedRecordWould() throws {
        let lines = [
            #"{"title":"Vertigo","release_year":1958}"#, "{}", " { } ", #" {"b" : "two" }  "#,
            #"{"title":"Bullitt","dedupe":{"cluster":"old"},"year":1968}"#, #"{"dedupe":null,"dedupe":1}"#,
            #"{"d\u0065dupe":"escaped key","x":[1,{"dedupe":2}]}"#, #"{"nested":{"dedupe":true}}"#, "{\t\r }", #"{"a":{}}"#,
            #"{"dedupe":{ }}"#,
        ]
        let spool = try Spool(addingMember: "dedupe")
        var expected: [String] = []
        for line in lines {
            try withRecord(line) { record in
                try spool.append(record)
                var out: [UInt8] = []
                record.write(adding: "dedupe", .number("42"), to: &out)
                expected.append(String(decoding: out, as: UTF8.self))
            }
        }
        var written: [String] = []
        let keyText = MemberPlace.keyText("dedupe"), value: [UInt8] = Array("42".utf8)
        try spool.forEachLine(maxLineBytes: 1 << 20) { index, line, place in
            var out: [UInt8] = []
            keyText.withUnsafeBufferPointer { keyText in
                value.withUnsafeBufferPointer { place.write(line, keyText: keyText, value: $0, to: &out) }
            }
            written.append(String(decoding: out, as: UTF8.self))
        }
        #expect(written == expected)
        #expect(written[0] == #"{"title":"Vertigo","release_year":1958,"dedupe":42}"#)
        #expect(written[1] == #"{"dedupe":42}"#)
        #expect(written[4] == #"{"title":"Bullitt","dedupe":42,"year":1968}"#)
    }

    @Test func keyTextIsTheQuotedKeyAndColon() {
        #expect(MemberPlace.keyText("dedupe") == Array(#""dedupe":"#.utf8))
        #expect(MemberPlace.keyText(#"a"b"#) == Array(#""a\"b":"#.utf8))
    }
}
