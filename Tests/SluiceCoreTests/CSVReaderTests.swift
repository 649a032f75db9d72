import Foundation
import Testing

@testable import SluiceCore

/// One record as a test sees it: its text, its line, its bytes and what was wrong with it.
struct ReadRecord: Equatable {
    var fields: [String]
    var line: Int
    var raw: String
    var problem: String?
}

/// Reads all of `bytes` in memory.
func readCSV(_ bytes: [UInt8], mode: CSVReader.Mode = .strict, delimiter: UInt8 = UInt8(ascii: ",")) throws -> [ReadRecord] {
    var reader = CSVReader(bytes, delimiter: delimiter, mode: mode)
    return try records(&reader)
}

/// Streams `bytes` through a real file descriptor, as sluice-fetch does, `readSize` at a time.
func streamCSV(_ bytes: [UInt8], prefix: Int = 0, readSize: Int = 1 << 18, delimiter: UInt8 = UInt8(ascii: ",")) throws -> [ReadRecord] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-csv-\(UUID().uuidString)")
    try Data(bytes[min(prefix, bytes.count)...]).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var reader = CSVReader(fd: handle.fileDescriptor, prefix: Array(bytes[..<min(prefix, bytes.count)]), delimiter: delimiter, mode: .lenient)
    reader.readSize = readSize
    return try records(&reader)
}

func records(_ reader: inout CSVReader) throws -> [ReadRecord] {
    var fields: [String] = []
    var all: [ReadRecord] = []
    while try reader.next(into: &fields) {
        all.append(
            ReadRecord(
                fields: fields, line: reader.line, raw: String(decoding: reader.bytes[reader.recordRange], as: UTF8.self), problem: reader.problem))
    }
    return all
}

func texts(_ text: String, mode: CSVReader.Mode = .strict) throws -> [[String]] {
    try readCSV(Array(text.utf8), mode: mode).map(\.fields)
}

@Suite struct CSVReaderTests {
    @Test func quotedFieldsEscapesAndLineBreaks() throws {
        #expect(try texts("a,\"b,c\",\"say \"\"hi\"\"\"\n\"two\nlines\",x\n") == [["a", "b,c", "say \"hi\""], ["two\nlines", "x"]])
        let records = try streamCSV(
            Array("Title,Locations\r\n\"Vertigo\",\"Mason & California, \"\"Nob Hill\"\"\"\r\nBullitt,\"line one\nline two\"\n".utf8))
        #expect(
            records.map(\.fields) == [["Title", "Locations"], ["Vertigo", "Mason & California, \"Nob Hill\""], ["Bullitt", "line one\nline two"]])
        #expect(records.map(\.line) == [1, 2, 3])
        #expect(records[2].raw == "Bullitt,\"line one\nline two\"")
    }

    @Test func emptyFieldsAndAFinalRecordWithoutNewline() throws {
        #expect(try texts("a,,c\n,\nx,") == [["a", "", "c"], ["", ""], ["x", ""]])
        #expect(try texts("") == [])
    }

    @Test func blankLinesAndTheByteOrderMarkAreSkipped() throws {
        #expect(try texts("\u{FEFF}a,,b\r\n\r\n,\r\n") == [["a", "", "b"], ["", ""]])
        let bytes = [0xEF, 0xBB, 0xBF] + Array("h\n\n1\n\r\n\"\"\n2".utf8)
        #expect(try streamCSV(bytes).map(\.fields) == [["h"], ["1"], ["2"]])
        // The mark is found even when the sniffer took only part of it.
        #expect(try streamCSV(bytes, prefix: 2).map(\.fields) == [["h"], ["1"], ["2"]])
    }

    @Test func linesCountFromOneIncludingQuotedBreaks() throws {
        #expect(try readCSV(Array("h\n\"a\nb\"\n\nc\n".utf8)).map(\.line) == [1, 2, 5])
    }

    @Test func aCarriageReturnEndsARecordOnlyBeforeALineFeedOrTheEnd() throws {
        #expect(try texts("a\rb,c\r\r\nd\r") == [["a\rb", "c\r"], ["d"]])
        #expect(try texts("\"a\"\r\n\"b\"\r") == [["a"], ["b"]])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsText() throws {
        #expect(try texts("ab\"c,d\n") == [["ab\"c", "d"]])
        #expect(try texts("ab\"c,d\n", mode: .lenient) == [["ab\"c", "d"]])
    }

    @Test func strictModeThrowsWhatItCannotRead() {
        #expect(throws: CSVReader.Failure.unterminatedQuote) { try texts("a,\"open\n") }
        #expect(throws: CSVReader.Failure.textAfterQuote) { try texts("\"a\"b,c\n") }
        #expect(throws: CSVReader.Failure.textAfterQuote) { try texts("\"a\"\rb\n") }
        #expect(throws: CSVReader.Failure.invalidUTF8) { try readCSV([0x61, 0xFF, 0x0A]) }
    }

    @Test func lenientModeKeepsTextAfterAQuoteAndSaysWhatWasWrong() throws {
        #expect(try texts("\"x\"y,\"a\"b\"c\"\r\n", mode: .lenient) == [["xy", "ab\"c\""]])
        let open = try streamCSV(Array("a,\"open\nmore\r\n".utf8))
        #expect(open == [ReadRecord(fields: ["a", "open\nmore\r\n"], line: 1, raw: "a,\"open\nmore\r\n", problem: "unterminated quoted field")])
        let bad = try streamCSV(Array("ok,".utf8) + [0xFF] + Array("\nnext\n".utf8))
        #expect(bad.map(\.problem) == ["invalid UTF-8 in field 2", nil])
        #expect(bad[0].fields == ["ok", "\u{FFFD}"])
        // A field that is not UTF-8 before an open quote is the record's first problem.
        #expect(try streamCSV([0xFF] + Array(",\"open".utf8)).map(\.problem) == ["invalid UTF-8 in field 1"])
    }

    @Test func usesTheGivenDelimiter() throws {
        #expect(try streamCSV(Array("a\tb,c\n".utf8), delimiter: 0x09).map(\.fields) == [["a", "b,c"]])
        #expect(try readCSV(Array("a;\"b;c\"\n".utf8), delimiter: UInt8(ascii: ";")).map(\.fields) == [["a", "b;c"]])
    }

    /// Records cut by the end of the buffer read the same as in memory: every way to cut this
    /// input, with reads from 1 byte up, and a record much longer than one read.
    @Test func streamingReadsWhatMemoryReads() throws {
        let text = "\u{FEFF}h1,h2\r\n\"a\"\"b\",\"c\r\nd\"\r\n\r\n\"x\"y,z\rw\n" + "\"" + String(repeating: "long,", count: 300) + "\",end\n"
        let bytes = Array(text.utf8)
        let expected = try readCSV(bytes, mode: .lenient)
        #expect(expected.count == 4)
        for readSize in [1, 2, 3, 7, 64] {
            #expect(try streamCSV(bytes, readSize: readSize) == expected, "read size \(readSize)")
        }
        for prefix in 0...12 { #expect(try streamCSV(bytes, prefix: prefix, readSize: 5) == expected, "prefix \(prefix)") }
    }

    /// Chunks handed out by another reader (a gzipped file inflated on the way) read the same
    /// as memory, whatever their size.
    @Test func chunksReadWhatMemoryReads() throws {
        let text = "\u{FEFF}h1,h2\r\n\"a\"\"b\",\"c\r\nd\"\r\n\r\n\"x\"y,z\rw\n" + "\"" + String(repeating: "long,", count: 300) + "\",end\n"
        let bytes = Array(text.utf8)
        let expected = try readCSV(bytes, mode: .lenient)
        for size in [1, 2, 3, 7, 64, 5000] {
            for prefix in [0, 4] {
                var offset = prefix
                var reader = CSVReader(
                    chunks: {
                        guard offset < bytes.count else { return nil }
                        defer { offset += size }
                        return Array(bytes[offset..<min(offset + size, bytes.count)])
                    }, prefix: Array(bytes[..<prefix]), mode: .lenient)
                var records: [[String]] = []
                var fields: [String] = []
                while try reader.next(into: &fields) { records.append(fields) }
                #expect(records == expected.map(\.fields), "chunk size \(size), prefix \(prefix)")
            }
        }
    }

    @Test func fieldPositionsNumbersAndTheRecordText() throws {
        var reader = CSVReader(Array("12,-7,37.7749,\"x\"\n1,\"bad\"z\n".utf8))
        var fields: [CSVReader.Field] = []
        #expect(try reader.next(fields: &fields))
        #expect(reader.int(fields[0]) == 12 && reader.int(fields[1]) == -7 && reader.int(fields[2]) == nil)
        #expect(reader.double(fields[2]) == 37.7749 && reader.double(fields[3]) == nil)
        #expect(reader.lastRecordText == "12,-7,37.7749,\"x\"")
        #expect(throws: CSVReader.Failure.textAfterQuote) { try reader.next(fields: &fields) }
        #expect(reader.line == 2 && reader.lastRecordText == "1,\"bad\"z")
        reader.skipToLineEnd()
        #expect(try !reader.next(fields: &fields))
    }

    /// Found by `make fuzz` (csv-gazetteer): 19 or more digits overflowed the mantissa and
    /// trapped, so a gazetteer with a long number crashed sluice-geocode.
    @Test func numbersOfManyDigitsDoNotOverflow() {
        let long = String(repeating: "1", count: 20)
        let reader = CSVReader(Array(long.utf8))
        #expect(reader.double(CSVReader.Field(range: 0..<20, quoted: false)) == Double(long))
        #expect(reader.int(CSVReader.Field(range: 0..<20, quoted: false)) == nil)
        #expect(reader.plainDecimal(0..<20) == nil)
    }

    @Test func writerQuotesOnlyWhenNeededAndReadsBack() throws {
        var out: [UInt8] = []
        CSVWriter.append(["plain", "a,b", "say \"x\"", ""], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "plain,\"a,b\",\"say \"\"x\"\"\",\n")
        #expect(try readCSV(out).map(\.fields) == [["plain", "a,b", "say \"x\"", ""]])
    }
}

/// Whether the last record of an input has a line end after it (issue 33: a CSV cut mid-row is
/// `truncated_line` in sluice-fetch, as an NDJSON line without its newline is).
@Suite struct CSVReaderLineEndTests {
    /// Each record's `endsWithoutLineEnd`, streamed in small reads as sluice-fetch reads.
    func ends(_ text: String, readSize: Int = 3) throws -> [Bool] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-csv-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var reader = CSVReader(fd: handle.fileDescriptor, mode: .lenient)
        reader.readSize = readSize
        var fields: [String] = []
        var ends: [Bool] = []
        while try reader.next(into: &fields) { ends.append(reader.endsWithoutLineEnd) }
        return ends
    }

    @Test func onlyALastRecordWithoutItsLineEndSaysSo() throws {
        #expect(try ends("a,b\n1,2\n") == [false, false])
        #expect(try ends("a,b\n1,2\r\n") == [false, false])
        #expect(try ends("a,b\n1,2") == [false, true])
        #expect(try ends("a,b\n1,\"2\n") == [false, true])
        #expect(try ends("a,b\n1,\"2\"") == [false, true])
        #expect(try ends("a,b\n1,\"2\n3\"\n") == [false, false])
    }

    /// Reads `text` from chunks of `size` bytes, holding a record up to `limit` bytes: each
    /// record's fields, line and whole length when it was longer.
    func limited(_ text: String, limit: Int, size: Int, mode: CSVReader.Mode = .lenient) throws -> [(fields: [String], line: Int, overlong: Int?)] {
        let bytes = Array(text.utf8)
        var offset = 0
        var reader = CSVReader(
            chunks: {
                guard offset < bytes.count else { return nil }
                defer { offset += size }
                return Array(bytes[offset..<min(offset + size, bytes.count)])
            }, mode: mode)
        reader.retainLimit = limit
        var all: [(fields: [String], line: Int, overlong: Int?)] = []
        var fields: [String] = []
        while try reader.next(into: &fields) { all.append((fields, reader.line, reader.overlongLength)) }
        return all
    }

    /// A record past the limit was held whole: a quote left open early in a 300 MB file took
    /// 1.3 GB, and a gzipped field inflating to 200 MB 826 MB (and 153 s, each chunk scanning
    /// it again from its start). Now its beginning is kept, the rest read past as the scanner
    /// reads (quotes, escaped quotes, line breaks inside them), and the records after it are
    /// read as without a limit, on their own lines.
    @Test func aRecordPastTheLimitKeepsItsBeginningAndTheNextAreReadAsBefore() throws {
        let long = "\"" + String(repeating: "ab,\"\"\n", count: 40) + "\""
        let text = "h1,h2\n1,2\n3,\(long)\r\nx\"y,z\n\"q\"\"\",\"r\"\n" + "4," + String(repeating: "w", count: 90) + "\n5,6"
        let whole = try texts(text, mode: .lenient)
        // (A record already whole in the bytes at hand is read whole: the limit is what
        // streaming holds, not a length check.)
        for size in [1, 3, 16] {
            let read = try limited(text, limit: 20, size: size)
            #expect(read.map(\.fields.count) == [2, 2, 1, 2, 2, 1, 2], "chunk size \(size)")
            #expect(read.map(\.line) == [1, 2, 3, 44, 45, 46, 47], "chunk size \(size)")
            #expect(read.map(\.overlong) == [nil, nil, 2 + long.utf8.count, nil, nil, 92, nil], "chunk size \(size)")
            #expect(read[2].fields == [String(("3," + long).prefix(20))])
            // The records around the long ones are what reading without a limit gives.
            for index in [0, 1, 3, 4, 6] { #expect(read[index].fields == whole[index], "record \(index), chunk size \(size)") }
        }
        // Without a limit nothing changes.
        #expect(try limited(text, limit: .max, size: 7).map(\.fields) == whole)
    }

    /// At the end of the input inside quotes: lenient mode's record is cut short
    /// (`isUnterminated`), strict mode's a failure, as for a record held whole.
    @Test func aRecordPastTheLimitEndingInsideQuotesIsCutShort() throws {
        let text = "a,b\n1,\"" + String(repeating: "x", count: 50)
        var reader = CSVReader(chunks: { nil }, prefix: Array(text.utf8), mode: .lenient)
        reader.retainLimit = 10
        var fields: [String] = []
        #expect(try reader.next(into: &fields) && fields == ["a", "b"])
        #expect(try reader.next(into: &fields) && reader.isUnterminated && reader.overlongLength == 53)
        #expect(try !reader.next(into: &fields))
        for (strict, failure) in [
            (text, CSVReader.Failure.unterminatedQuote), ("a,b\n\"" + String(repeating: "x", count: 50) + "\"y\n", .textAfterQuote),
        ] {
            var bytes = Array(strict.utf8)[...]
            var reader = CSVReader(
                chunks: {
                    guard !bytes.isEmpty else { return nil }
                    defer { bytes = bytes.dropFirst(4) }
                    return Array(bytes.prefix(4))
                }, mode: .strict)
            reader.retainLimit = 10
            #expect(try reader.next(into: &fields))
            #expect(throws: failure) { try reader.next(into: &fields) }
        }
    }
}
