import SluiceCore
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

    @Test func linesReadElsewhereSpoolAsRecordsDo() throws {
        let spool = try Spool(addingMember: "dedupe")
        let lines = [#"{"a":1}  "#, #"{"dedupe":0,"b":2}"#]
        for line in lines {
            try withRecord(line) { record in
                try spool.append(record.trimmed, place: MemberPlace(record, key: "dedupe"))
            }
        }
        var written: [String] = []
        let keyText = MemberPlace.keyText("dedupe"), value: [UInt8] = Array("7".utf8)
        try spool.forEachLine(maxLineBytes: 1 << 20) { _, line, place in
            var out: [UInt8] = []
            keyText.withUnsafeBufferPointer { keyText in
                value.withUnsafeBufferPointer { place.write(line, keyText: keyText, value: $0, to: &out) }
            }
            written.append(String(decoding: out, as: UTF8.self))
        }
        #expect(written == [#"{"a":1,"dedupe":7}"#, #"{"dedupe":7,"b":2}"#])
    }

    /// The last pass gives back what it has read, page by page, and still reads every record
    /// whole (a hole punched past the lines handed out would read as zeros once the reader's
    /// 1 MiB buffer is refilled: the spool is 2 MB).
    @Test func lastPassReadsEveryRecordWhileGivingTheFileBack() throws {
        let spool = try Spool(releaseStep: 4096)
        let lines = (0..<30_000).map { #"{"n":\#($0),"text":"\#(String(repeating: "x", count: $0 % 97))"}"# }
        for line in lines { try withRecord(line) { try spool.append($0) } }
        var seen: [String] = []
        try spool.forEachRecord(maxLineBytes: 1 << 20, lastTime: true) { _, record in
            seen.append(String(decoding: record.bytes, as: UTF8.self))
        }
        #expect(seen == lines)
    }
}
