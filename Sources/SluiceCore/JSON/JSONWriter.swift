/// Writes `JSONValue`s as compact JSON (no spaces), the form every stage emits: strings are
/// UTF-8 with only the escapes JSON requires, numbers keep their original text, and keys keep
/// their order, so the same value always gives the same bytes.
public enum JSONWriter {
    public static func write(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &out)
        case .bool(let b): append(b ? "true" : "false", to: &out)
        case .number(let text): appendUTF8(text, to: &out)
        case .string(let s): writeString(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The compact JSON text of a value.
    public static func string(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func writeString(_ string: String, to out: inout [UInt8]) {
        // The bytes where they are: a `var` copy to call the mutating `withUTF8` on cost a
        // retain and a release per string.
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { writeString(utf8: $0, to: &out) }
        guard written == nil else { return }
        var string = string
        string.withUTF8 { writeString(utf8: $0, to: &out) }
    }

    /// Writes UTF-8 bytes as a quoted JSON string, escaping `"`, `\` and control characters.
    public static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        while i < bytes.count {
            // Plain ASCII needs no escape: stepped over eight bytes at a time with the parser's
            // test, then straight to the first byte that needs a look (non-ASCII ones pass below).
            if let base = bytes.baseAddress, i &+ 8 <= bytes.count {
                let flags = JSONParser.attentionFlags(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if flags == 0 {
                    i &+= 8
                    continue
                }
                i &+= flags.trailingZeroBitCount &>> 3
            }
            let byte = bytes[i]
            i += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            let at = i - 1
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<at]))
            runStart = i
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4), hexDigit(byte & 0xF)])
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        out.append(UInt8(ascii: "\""))
    }

    /// Appends an integer's decimal digits without making a String.
    public static func writeDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            appendUTF8(String(value), to: &out)
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    static func append(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    static func appendUTF8(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }
}
