import Testing

@testable import SluiceCore

@Suite struct CheckedJSONTests {
    private func valueEnd(_ text: String, from start: Int = 0) -> Int {
        Array(text.utf8).withUnsafeBufferPointer { CheckedJSON.valueEnd($0, from: start) }
    }

    private func stringEnd(_ text: String, from start: Int) -> (Int, Bool) {
        let (end, escaped) = Array(text.utf8).withUnsafeBufferPointer { CheckedJSON.stringEnd($0, from: start) }
        return (end, escaped)
    }

    @Test func valuesEndWhereTheirTextEnds() {
        let object = #"{"raw":"Mason St","key":"mason st"} "#
        #expect(valueEnd(object) == 35)
        #expect(valueEnd(#""a\"b" ,"#) == 6)
        #expect(valueEnd("[1,[2,{\"x\":\"]\"}],3],4") == 19)
        #expect(valueEnd("-12.5e3,") == 7)
        #expect(valueEnd("true}") == 4)
        #expect(valueEnd("null") == 4)
        #expect(valueEnd("") == 0)
        #expect(valueEnd(" 1", from: 1) == 2)
    }

    /// Quotes and backslashes are found in every position of an eight-byte word and after it.
    @Test func theFirstQuoteOrBackslashOfAWordIsFound() {
        func word(_ text: String) -> UInt64 {
            Array(text.utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        }
        #expect(CheckedJSON.quoteOrBackslash(in: word("abcdefgh")) == nil)
        #expect(CheckedJSON.quoteOrBackslash(in: word("\"bcdefgh")) == 0)
        #expect(CheckedJSON.quoteOrBackslash(in: word("abc\\efg\"")) == 3)
        #expect(CheckedJSON.quoteOrBackslash(in: word("abcdefg\"")) == 7)
        // A byte one above a quote (#) or with the high bit set is not taken for one.
        #expect(CheckedJSON.quoteOrBackslash(in: word("##\u{e9}]]]]")) == nil)
    }

    @Test func stringsEndAtTheirClosingQuoteAndSayWhetherEscaped() {
        for length in 0..<20 {
            let text = "\"" + String(repeating: "a", count: length) + "\",1"
            #expect(stringEnd(text, from: 1) == (length + 1, false), "\(length)")
            let escaped = "\"" + String(repeating: "b", count: length) + #"\\\"x""#
            #expect(stringEnd(escaped, from: 1) == (length + 6, true), "\(length)")
        }
        #expect(stringEnd(#""\\""#, from: 1) == (3, true))
    }

    @Test func containersEndAtTheirMatchingBracket() {
        let nested = Array(#"[1,"a]",{"b":[]}] ,"#.utf8).withUnsafeBufferPointer { CheckedJSON.containerEnd($0, from: 0) }
        #expect(nested == 17)
        let object = Array(#"{"a": {"b": "}"}}x"#.utf8).withUnsafeBufferPointer { CheckedJSON.containerEnd($0, from: 0) }
        #expect(object == 17)
    }

    /// Text that was never checked ends somewhere inside it, without reading past it.
    @Test func uncheckedTextStaysInBounds() {
        for text in ["\"abc", "[1,[2", "{\"a\":\"", "\"\\"] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { CheckedJSON.valueEnd($0, from: 0) } <= bytes.count)
        }
        #expect(Array("   ".utf8).withUnsafeBufferPointer { CheckedJSON.skipSpace($0, from: 0) } == 3)
    }
}
