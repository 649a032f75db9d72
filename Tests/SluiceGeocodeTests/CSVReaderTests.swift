import Testing

@testable import SluiceGeocode

@Suite struct CSVReaderTests {
    func records(_ text: String) throws -> [[String]] {
        var reader = CSVReader(Array(text.utf8))
        var fields: [String] = []
        var all: [[String]] = []
        while try reader.next(into: &fields) { all.append(fields) }
        return all
    }

    @Test func quotedFieldsEscapesAndLineBreaks() throws {
        #expect(try records("a,\"b,c\",\"say \"\"hi\"\"\"\n\"two\nlines\",x\n") == [["a", "b,c", "say \"hi\""], ["two\nlines", "x"]])
    }

    @Test func crlfBlankLinesBomAndEmptyFields() throws {
        #expect(try records("\u{FEFF}a,,b\r\n\r\n,\r\n") == [["a", "", "b"], ["", ""]])
        #expect(try records("") == [])
    }

    @Test func linesCountFromOneIncludingQuotedBreaks() throws {
        var reader = CSVReader(Array("h\n\"a\nb\"\nc\n".utf8))
        var fields: [String] = []
        _ = try reader.next(into: &fields)
        _ = try reader.next(into: &fields)
        #expect(reader.line == 2)
        _ = try reader.next(into: &fields)
        #expect(reader.line == 4 && fields == ["c"])
    }

    @Test func malformedQuotes() {
        #expect(throws: CSVReader.Failure.unterminatedQuote) { try records("a,\"open\n") }
        #expect(throws: CSVReader.Failure.textAfterQuote) { try records("\"a\"b,c\n") }
        #expect(throws: CSVReader.Failure.invalidUTF8) {
            var reader = CSVReader([0x61, 0xFF, 0x0A])
            var fields: [String] = []
            _ = try reader.next(into: &fields)
        }
    }

    @Test func writerQuotesOnlyWhenNeeded() throws {
        var out: [UInt8] = []
        CSVWriter.append(["plain", "a,b", "say \"x\"", ""], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "plain,\"a,b\",\"say \"\"x\"\"\",\n")
        #expect(try records(String(decoding: out, as: UTF8.self)) == [["plain", "a,b", "say \"x\"", ""]])
    }
}
