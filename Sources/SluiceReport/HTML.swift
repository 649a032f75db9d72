/// Text made safe for the page: every string that comes from data goes through `escape` (HTML
/// text and attribute values) or `scriptJSON` (data inside a `<script>` block), so no record
/// can add markup or script to a report.
///
///     HTML.escape(#"Joe's <b>"Bar" & Grill"#)   // Joe&#39;s &lt;b&gt;&quot;Bar&quot; &amp; Grill
enum HTML {
    /// Works on the UTF-8 bytes: the five characters are ASCII, and no other byte of UTF-8
    /// text can be mistaken for them.
    static func escape(_ text: some StringProtocol) -> String {
        let original = String(text)
        var text = original
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return original }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case 0x26: out += Array("&amp;".utf8)
                case 0x3C: out += Array("&lt;".utf8)
                case 0x3E: out += Array("&gt;".utf8)
                case 0x22: out += Array("&quot;".utf8)
                case 0x27: out += Array("&#39;".utf8)
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// JSON text for a `<script type="application/json">` block: `<`, `>` and `&` written as
    /// `\u003c`… so that no string can close the block (`</script>`) or open a comment; the
    /// bytes stand only inside JSON strings, where the escape means the same character.
    static func scriptJSON(_ json: String) -> String {
        var json = json
        return json.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 16)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x3C: out += Array("\\u003c".utf8)
                case 0x3E: out += Array("\\u003e".utf8)
                case 0x26: out += Array("\\u0026".utf8)
                // U+2028 and U+2029 (E2 80 A8/A9) end a line in older script parsers.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    out += Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                default: out.append(byte)
                }
                index += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// At most `limit` characters of `text`, with `…` when cut (long raw lines in rejects).
    static func clipped(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }
}

/// Numbers as the report prints them: fixed decimals, no locale, the same bytes on every run.
enum Figure {
    /// `part` of `whole` in per cent with one decimal: `34.8%`; `0.0%` of nothing.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0.0%" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `value` with exactly `decimals` digits after the point: `0.90`.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // Past 2^53 units the digits are no longer exact (and past Int's range, no Int at all).
        guard abs(value) * scale < 9e15 else { return String(value) }
        let units = Int((abs(value) * scale).rounded())
        var digits = String(units)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return value < 0 && units != 0 ? "-" + digits : digits
    }

    /// A count with its noun: `1 record`, `2 records`.
    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
