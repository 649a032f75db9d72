/// Text made safe for the page: every string that comes from data goes through `escape` (HTML
/// text and attribute values) or `scriptJSON` (data inside a `<script>` block), so no record
/// can add markup or script to a report.
///
///     HTML.escape(#"Joe's <b>"Bar" & Grill"#)   // Joe&#39;s &lt;b&gt;&quot;Bar&quot; &amp; Grill
enum HTML {
    static func escape(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// JSON text for a `<script type="application/json">` block: `<`, `>` and `&` written as
    /// `\u003c`… so that no string can close the block (`</script>`) or open a comment; the
    /// bytes stand only inside JSON strings, where the escape means the same character.
    static func scriptJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            // Line and paragraph separators end a line in older script parsers.
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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
