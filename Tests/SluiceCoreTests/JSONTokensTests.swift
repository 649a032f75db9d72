import Testing

@testable import SluiceCore

@Suite struct JSONTokensTests {
    func read(_ text: String) throws(RecordError) -> [JSONTokens.Token] {
        let tokens = JSONTokens()
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer throws(RecordError) in try tokens.read(record: buffer) }
        return Array(tokens.tokens)
    }

    func text(_ token: JSONTokens.Token, in line: String) -> String {
        String(decoding: Array(line.utf8)[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    @Test func listsEveryValueInDocumentOrderWithKeysAndText() throws {
        let line = #"{"a": 1.50, "b":[true, "x\"y", null], "c":{}}"#
        let tokens = try read(line)
        #expect(
            tokens.map(\.kind) == [.objectStart, .number, .arrayStart, .bool, .string, .null, .arrayEnd, .objectStart, .objectEnd, .objectEnd])
        #expect(text(tokens[1], in: line) == "1.50")
        #expect(text(tokens[4], in: line) == #"x\"y"#)
        #expect(tokens[4].escaped && !tokens[3].escaped)
        let bytes = Array(line.utf8)
        #expect(String(decoding: bytes[Int(tokens[2].keyStart)..<Int(tokens[2].keyEnd)], as: UTF8.self) == "b")
        #expect(tokens[1].isMember && !tokens[3].isMember && !tokens[0].isMember)
        // A container's start knows where it ends, so a reader can step over it.
        #expect(tokens[0].end == 9 && tokens[2].end == 6 && tokens[7].end == 8)
    }

    @Test func marksEscapedKeys() throws {
        let tokens = try read(#"{"a\u0062":0}"#)
        #expect(tokens[1].keyEscaped)
    }

    @Test func readsTheNextRecordFromScratch() throws {
        let tokens = JSONTokens()
        for text in [#"{"a":[1,2,3,4,5,6,7,8,9,10]}"#, #"{"b":2}"#] {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer throws(RecordError) in try tokens.read(record: buffer) }
        }
        #expect(tokens.tokens.map(\.kind) == [.objectStart, .number, .objectEnd])
    }

    @Test func growsPastItsFirstStorage() throws {
        let line = "{\"a\":[" + (0..<500).map(String.init).joined(separator: ",") + "]}"
        #expect(try read(line).count == 504)
    }

    /// A bad line gives the same reason and message as `NDJSONRecord`, which every stage uses.
    @Test(arguments: [
        #"{"a":}"#, #"{"a":1"#, "[1,2]", "42", #""text""#, "", #"{"a":"\x"}"#, #"{"a":1} x"#, "{\"a\":\"\u{1}\"}", #"{"a":tru}"#,
        String(repeating: "[", count: 300), "{\"a\":" + String(repeating: "[", count: 300), #"{"a":01}"#,
    ])
    func rejectsAsNDJSONRecordDoes(line: String) {
        var tokensError: RecordError?
        do { _ = try read(line) } catch { tokensError = error }
        var recordError: RecordError?
        do { _ = try withRecord(line) { _ in true } } catch let error as RecordError { recordError = error } catch {}
        #expect(tokensError != nil)
        #expect(tokensError?.reason == recordError?.reason)
        #expect(tokensError?.detail == recordError?.detail)
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]
        let tokens = JSONTokens()
        #expect(throws: RecordError.self) { try bytes.withUnsafeBufferPointer { try tokens.read(record: $0) } }
    }
}
