import Testing

@testable import SluiceCore

@Suite struct JSONWriterTests {
    /// The escaping a byte at a time, as the writer did before it stepped over plain text eight
    /// bytes at a time: the two agree wherever the byte to escape sits.
    func escapedByteByByte(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0..<0x20: out += Array(#"\u00"#.utf8) + [JSONWriter.hexDigit(byte >> 4), JSONWriter.hexDigit(byte & 0xF)]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    @Test func stringsMatchTheByteByByteEscaping() {
        var texts = ["", "a", "Mason St", "766 Vallejo St, San Francisco, CA", "Café Picaro", "O’Farrell", "日本語のテキスト"]
        // Each special byte at every offset of a text longer than two eight-byte steps.
        for special in ["\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", "é", "\r\n"] {
            for offset in 0...20 {
                let plain = String(repeating: "x", count: 20)
                texts.append(String(plain.prefix(offset)) + special + String(plain.dropFirst(offset)))
            }
        }
        for text in texts {
            var out: [UInt8] = []
            JSONWriter.writeString(text, to: &out)
            #expect(out == escapedByteByByte(text), "\(text.debugDescription)")
        }
    }

    @Test func stringsAppendToWhatIsThere() {
        var out = Array("[".utf8)
        JSONWriter.writeString("a\"b", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"["a\"b""#)
    }
}
