/// Decodes HTML character references in text: numeric (`&#8211;`, `&#x2013;`) and the named
/// ones web tables use. An unknown or broken reference is left as written, as browsers do.
///
///     HTMLEntities.decode("Tom &amp; Jerry &ndash; &#8220;Pilot&#x201D;")   // Tom & Jerry – “Pilot”
enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–", "mdash": "—",
        "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "middot": "·", "bull": "•", "times": "×", "minus": "−",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "aacute": "á", "agrave": "à", "acirc": "â", "auml": "ä",
        "ouml": "ö", "uuml": "ü", "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ", "ccedil": "ç",
        "szlig": "ß", "dagger": "†", "Dagger": "‡", "sect": "§", "para": "¶", "frac12": "½", "thinsp": "\u{2009}",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "zwj": "\u{200D}", "zwnj": "\u{200C}", "shy": "\u{AD}",
    ]

    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            if let (decoded, length) = reference(at: rest) {
                out += decoded
                rest = rest.dropFirst(length)
            } else {
                out += "&"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    /// The text of the reference starting at `text` (which begins with `&`) and its length.
    static func reference(at text: Substring) -> (String, Int)? {
        let body = text.dropFirst().prefix(12)
        guard let semicolon = body.firstIndex(of: ";") else {
            // Browsers accept a few common names without the semicolon.
            for name in ["amp", "lt", "gt", "quot", "nbsp"] where body.hasPrefix(name) {
                return (named[name] ?? "", name.count + 1)
            }
            return nil
        }
        let name = body[..<semicolon]
        let length = name.count + 2
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", length) }
            return (String(Character(scalar)), length)
        }
        return named[String(name)].map { ($0, length) }
    }
}
