import Testing

@testable import SluiceDedupe

@Suite struct SpoolTests {
    @Test func recordsComeBackInOrderAsOftenAsAsked() throws {
        let spool = try Spool()
        for line in [#"{"a":1}"#, #" {"b":"two"}  "#, "{}"] { try withRecord(line) { try spool.append($0) } }
        for _ in 0..<2 {
            var seen: [String] = []
            try spool.forEachRecord(maxLineBytes: 1 << 20) { index, record in
                var bytes: [UInt8] = []
                record.write(to: &bytes)
                seen.append("\(index):" + String(decoding: bytes, as: UTF8.self))
            }
            #expect(seen == [#"0:{"a":1}"#, #"1: {"b":"two"}"#, "2:{}"])
        }
        #expect(spool.count == 3)
    }
}
