import Testing

@testable import SluiceCore

@Suite struct JSONParserTests {
    /// Compact JSON in the writer's own form survives parse → write unchanged, byte for byte.
    @Test(arguments: [
        #"{"b":1.0,"a":-0,"c":12345678901234567890123,"d":1e-7,"e":2E+10}"#,
        #"{"s":"quote \" backslash \\ newline \n tab \t ctrl \u0001 slash /"}"#,
        #"{"emoji":"😀","accents":"Café Noé","cjk":"旧金山","rtl":"שלום"}"#,
        #"[[],{},[{}],{"":""},null,true,false,0,-1.5e3]"#,
        #"{"dup":1,"dup":2,"z":{"y":{"x":[1,[2,[3]]]}}}"#,
    ])
    func roundTripIsByteIdentical(text: String) throws {
        #expect(JSONWriter.string(try JSONParser.parse(text)) == text)
    }

    @Test func keepsKeyOrderAndNumberText() throws {
        let value = try JSONParser.parse(#"{"z":1.0,"a":100,"m":1E2}"#)
        #expect(value == .object([JSONMember("z", .number("1.0")), JSONMember("a", .number("100")), JSONMember("m", .number("1E2"))]))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONParser.parse(#""\u00e9\ud83d\ude00\/\b\f""#) == .string("é😀/\u{08}\u{0C}"))
        // Written back in the minimal form: raw UTF-8, short escapes.
        #expect(JSONWriter.string(.string("é😀/\u{08}\u{0C}\u{1F}")) == #""é😀/\b\f\u001f""#)
    }

    @Test func acceptsSurroundingWhitespace() throws {
        #expect(try JSONParser.parse(" \t{ \"a\" : [ 1 , 2 ] }\r\n") == .object([JSONMember("a", .array([.number("1"), .number("2")]))]))
    }

    @Test(arguments: [
        (#"{"a":}"#, "unexpected '}', expected a value at column 6"),
        (#"{"a":1"#, "unexpected end of input at column 7"),
        (#"{"a" 1}"#, "unexpected '1', expected ':' after key at column 6"),
        (#"{a:1}"#, "unexpected 'a', expected a string key at column 2"),
        (#"[1,2,]"#, "unexpected ']', expected a value at column 6"),
        (#"{"a":1} x"#, "unexpected 'x' after the value at column 9"),
        (#"01"#, "leading zero in number at column 2"),
        (#"1."#, "unexpected end of input at column 3"),
        (#"-"#, "unexpected end of input at column 2"),
        (#"tru"#, "unexpected 't', expected a value at column 1"),
        (#""abc"#, "unterminated string at column 5"),
        (#""\x""#, "invalid escape in string at column 2"),
        (#""\ud83d""#, "unpaired surrogate in \\u escape at column 2"),
        (#""\ude00x""#, "unpaired surrogate in \\u escape at column 2"),
        (#""\u12G4""#, "invalid \\u escape at column 2"),
        ("\"tab\there\"", "control character 0x9 in a string must be escaped at column 5"),
        ("", "unexpected end of input at column 1"),
    ])
    func reportsWhatAndWhere(text: String, message: String) {
        #expect(throws: JSONError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22],  // never valid
            [0x22, 0xC3, 0x22],  // truncated sequence
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-8-encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
        ]
        for bytes in cases {
            do {
                _ = try JSONParser.parse(bytes)
                Issue.record("accepted invalid UTF-8 \(bytes)")
            } catch {
                #expect(error.kind == .invalidUTF8)
                #expect(error.offset == 1)
            }
        }
        #expect((try? JSONParser.parse([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])) == .string("😀"))
    }

    @Test func limitsNestingDepth() throws {
        let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(throws: Never.self) { try JSONParser.parse(deepest) }
        let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        do {
            _ = try JSONParser.parse(tooDeep)
            Issue.record("accepted 257 levels")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.offset == 256)
        }
        // Hostile depth fails cleanly instead of overflowing the stack.
        #expect(throws: JSONError.self) { try JSONParser.parse(String(repeating: "{\"a\":", count: 100_000)) }
    }

    /// The string scan jumps to the lowest flagged byte of a word: it must be the first byte that
    /// needs a look, whatever comes after it (the bit trick may flag later bytes wrongly).
    @Test func attentionFlagsPointAtTheFirstSpecialByte() {
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x80, 0xC3, 0xFF]
        for position in 0..<8 {
            for special in specials {
                for after in specials + [0x21, 0x23] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                    bytes[position] = special
                    if position < 7 { bytes[position + 1] = after }
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(JSONParser.attentionFlags(word).trailingZeroBitCount >> 3 == position)
                }
            }
        }
        #expect(JSONParser.attentionFlags(Array("plain ok".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }) == 0)
    }
}
