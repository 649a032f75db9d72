import Foundation
import Testing

@testable import SluiceFetch

/// Reads CSV text through a real file descriptor, as the stage does.
func readCSV(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) throws -> [CSVReader.Record] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-csv-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var reader = CSVReader(fd: handle.fileDescriptor, delimiter: delimiter)
    var records: [CSVReader.Record] = []
    try reader.forEachRecord { records.append($0) }
    return records
}

func readCSV(_ text: String, delimiter: UInt8 = UInt8(ascii: ",")) throws -> [CSVReader.Record] {
    try readCSV(Array(text.utf8), delimiter: delimiter)
}

@Suite struct CSVReaderTests {
    @Test func readsQuotedFieldsWithDelimitersQuotesAndNewlines() throws {
        let records = try readCSV("Title,Locations\r\n\"Vertigo\",\"Mason & California, \"\"Nob Hill\"\"\"\r\nBullitt,\"line one\nline two\"\n")
        #expect(
            records.map(\.fields) == [["Title", "Locations"], ["Vertigo", "Mason & California, \"Nob Hill\""], ["Bullitt", "line one\nline two"]])
        #expect(records.map(\.line) == [1, 2, 3])
        #expect(String(decoding: records[2].raw, as: UTF8.self) == "Bullitt,\"line one\nline two\"")
    }

    @Test func keepsEmptyFieldsAndAFinalRecordWithoutNewline() throws {
        #expect(try readCSV("a,,c\n,\nx,").map(\.fields) == [["a", "", "c"], ["", ""], ["x", ""]])
    }

    @Test func skipsBlankLinesAndTheByteOrderMark() throws {
        #expect(try readCSV([0xEF, 0xBB, 0xBF] + Array("h\n\n1\n\r\n2".utf8)).map(\.fields) == [["h"], ["1"], ["2"]])
    }

    @Test func isLenientWithStrayQuotes() throws {
        #expect(try readCSV("ab\"c,\"x\"y\n").map(\.fields) == [["ab\"c", "xy"]])
    }

    @Test func reportsAnUnterminatedQuote() throws {
        let records = try readCSV("a,\"open\nmore")
        #expect(records.count == 1)
        #expect(records[0].problem == "unterminated quoted field")
    }

    @Test func reportsInvalidUTF8ByField() throws {
        let records = try readCSV(Array("ok,".utf8) + [0xFF] + Array("\n".utf8))
        #expect(records[0].problem == "invalid UTF-8 in field 2")
    }

    @Test func usesTheGivenDelimiter() throws {
        #expect(try readCSV("a\tb,c\n", delimiter: 0x09).map(\.fields) == [["a", "b,c"]])
    }
}
