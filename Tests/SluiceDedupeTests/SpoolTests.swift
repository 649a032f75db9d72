import Foundation
import SluiceCore
import SluiceTestSupport
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

/// A spool over regular files reads the records back from them (`InputRereading`): the same
/// records as a copy gives, across inputs, blank lines and rejected lines.
@Suite struct SpoolRereadingTests {
    /// Reads `paths` as the stage does, into `spool` (rejects kept), and returns what the
    /// spool gives back.
    func readBack(_ spool: Spool, _ paths: [String], scratch: ScratchDirectory) throws -> [String] {
        let context = StageContext(
            stage: "sluice-dedupe", output: try ByteSink(path: scratch.file("out")),
            rejects: try Rejects(stage: "dedupe", path: scratch.file("rejects")),
            maxLineBytes: 64, quiet: true, progress: Progress(stage: "sluice-dedupe", enabled: false))
        try context.forEachRecord(in: paths) { record, location in try spool.append(record, from: Spool.Origin(location, in: context)) }
        var seen: [String] = []
        try spool.forEachRecord(maxLineBytes: 64) { index, record in seen.append("\(index):" + String(decoding: record.trimmed, as: UTF8.self)) }
        return seen
    }

    @Test func givesBackWhatACopyGives() throws {
        let scratch = try ScratchDirectory()
        let long = #"{"long":""# + String(repeating: "x", count: 80) + #""}"#
        let files = [
            "{\"a\":1}\n\n{bad\n {\"b\":2} \t\r\n   \n{\"c\":3}\n\(long)\n{\"d\":4}\n", "", "[1]\n{\"e\":5}\n{\"f\":6}",
        ]
        var paths: [String] = []
        for (index, text) in files.enumerated() {
            paths.append(scratch.file("in\(index).ndjson"))
            try Array(text.utf8).write(to: paths[index])
        }
        let fromFiles = try paths.filter { try !$0.isEmptyFile }
        let rereading = try Spool(rereading: fromFiles)
        #expect(rereading.rereadsInputs)
        let expected = [#"0:{"a":1}"#, #"1: {"b":2}"#, #"2:{"c":3}"#, #"3:{"d":4}"#, #"4:{"e":5}"#, #"5:{"f":6}"#]
        #expect(try readBack(rereading, fromFiles, scratch: scratch) == expected)
        let copy = try Spool(rereading: paths)
        #expect(!copy.rereadsInputs, "an empty file is not read twice")
        #expect(try readBack(copy, paths, scratch: scratch) == expected)
    }

    @Test func aFileChangedBeforeItIsReadAgainIsAnError() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("in.ndjson")
        try Array("{\"a\":1}\n{\"b\":2}\n".utf8).write(to: path)
        let spool = try Spool(rereading: [path])
        let context = StageContext(
            stage: "sluice-dedupe", output: try ByteSink(path: scratch.file("out")), rejects: try Rejects(stage: "dedupe", path: nil),
            maxLineBytes: 64, quiet: true, progress: Progress(stage: "sluice-dedupe", enabled: false))
        try context.forEachRecord(in: [path]) { record, location in try spool.append(record, from: Spool.Origin(location, in: context)) }
        // Another size: a rewrite within the same clock tick keeps the modification time.
        try Array("{\"a\":1}\n{\"b\":30}\n".utf8).write(to: path)
        #expect {
            try spool.forEachRecord(maxLineBytes: 64) { _, _ in }
        } throws: { error in
            (error as? StageFailure)?.message.contains("\(path): changed while it was being read") == true
        }
    }
}

extension [UInt8] {
    fileprivate func write(to path: String) throws {
        let sink = try ByteSink(path: path)
        sink.buffer.append(contentsOf: self)
        try sink.flush()
    }
}

extension String {
    fileprivate var isEmptyFile: Bool { get throws { (try FileManager.default.attributesOfItem(atPath: self)[.size] as? Int) == 0 } }
}
