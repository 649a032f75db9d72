import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct MemberPlaceTests {
    /// Written from the spooled bytes, each record is what `NDJSONRecord.write(adding:)` makes.
    @Test func writesAsTheParsedRecordWould() throws {
        let lines = [
            #"{"title":"Vertigo","release_year":1958}"#, "{}", " { } ", #" {"b" : "two" }  "#,
            #"{"title":"Bullitt","dedupe":{"cluster":"old"},"year":1968}"#, #"{"dedupe":null,"dedupe":1}"#,
            #"{"d\u0065dupe":"escaped key","x":[1,{"dedupe":2}]}"#, #"{"nested":{"dedupe":true}}"#,
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
        try spool.forEachLine(maxLineBytes: 1 << 20) { index, line, place in
            var out: [UInt8] = []
            place.write(line, key: "dedupe", to: &out) { $0.append(contentsOf: "42".utf8) }
            written.append(String(decoding: out, as: UTF8.self))
        }
        #expect(written == expected)
        #expect(written[0] == #"{"title":"Vertigo","release_year":1958,"dedupe":42}"#)
        #expect(written[1] == #"{"dedupe":42}"#)
        #expect(written[4] == #"{"title":"Bullitt","dedupe":42,"year":1968}"#)
    }
}
