import Foundation
import Testing

@testable import SluiceFetch

func readArray(_ text: String, prefixLength: Int = 0) throws -> [(text: String, number: Int, line: Int)] {
    let bytes = Array(text.utf8)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-array-\(UUID().uuidString)")
    try Data(bytes[prefixLength...]).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var reader = JSONArrayReader(fd: handle.fileDescriptor, prefix: Array(bytes[..<prefixLength]))
    var elements: [(text: String, number: Int, line: Int)] = []
    try reader.forEachElement { bytes, number, line in
        elements.append((String(decoding: bytes, as: UTF8.self), number, line))
    }
    return elements
}

@Suite struct JSONArrayReaderTests {
    @Test func streamsElementsWithTheirNumbersAndLines() throws {
        let elements = try readArray("[\n  {\"a\": \"]}\\\"\"},\n  {\"b\": [1, {\"c\": 2}]},\n 3, \"s\" , null\n]\n", prefixLength: 5)
        #expect(elements.map(\.text) == [#"{"a": "]}\""}"#, #"{"b": [1, {"c": 2}]}"#, "3", "\"s\"", "null"])
        #expect(elements.map(\.number) == [1, 2, 3, 4, 5])
        #expect(elements.map(\.line) == [2, 3, 4, 4, 4])
    }

    @Test func acceptsAnEmptyArray() throws {
        #expect(try readArray(" [ ] ").isEmpty)
    }

    @Test(arguments: [
        ("[{\"a\":1},]", "a trailing comma before ']' (JSON allows none after the last element)"),
        ("[,{}]", "expected an element, found ','"),
        ("[{},,{}]", "expected an element, found ','"),
        ("[{} {}]", "expected ',' or ']' after an array element"),
        ("[{}] x", "unexpected data after the end of the array"),
        ("", "the document is empty"),
        ("{\"a\":1}", "expected '[' to start a JSON array"),
    ])
    func reportsBrokenDocuments(text: String, message: String) throws {
        do {
            _ = try readArray(text)
            Issue.record("accepted \(text)")
        } catch let failure as JSONArrayReader.Failure {
            #expect(failure.message == message)
        }
    }

    /// Before: a cut array was a structural error ("truncated?"), with no reject for its last
    /// element and no accounting line.
    @Test(arguments: [
        ("[{\"a\":1}", nil as String?, 1, 1),
        ("[{\"a\":1},\n", nil, 1, 2),
        ("[{\"a\":1},\n {\"b\":[2,", " {\"b\":[2,", 2, 2),
        ("[\"x", "\"x", 1, 1),
    ])
    func anArrayCutShortSaysWhereAndKeepsThePartialElement(text: String, partial: String?, number: Int, line: Int) throws {
        do {
            _ = try readArray(text)
            Issue.record("accepted \(text)")
        } catch let cut as JSONArrayReader.Cut {
            #expect(cut.element.map { String(decoding: $0, as: UTF8.self) } == partial?.trimmingCharacters(in: .whitespaces))
            #expect(cut.number == number)
            #expect(cut.line == line)
        }
    }
}
