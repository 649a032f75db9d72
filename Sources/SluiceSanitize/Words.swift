/// Word-level text operations on UTF-8 bytes: splitting, matching keys and title case. ASCII
/// takes a byte fast path; other scalars go through the standard library's case mapping.
///
///     Words.split("St. Francis  Blvd.")   // ["St", "Francis", "Blvd"]
///     Words.key("O'Farrell")               // "ofarrell"
///     Words.titleCased("O'FARRELL")        // "O'Farrell"
enum Words {
    /// Splits on spaces, tabs, periods, commas and control characters.
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var start: String.UTF8View.Index?
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            let separator = byte <= 0x20 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == 0x7F
            if separator {
                if let first = start {
                    words.append(String(text[first..<index]))
                    start = nil
                }
            } else if start == nil {
                start = index
            }
            index = utf8.index(after: index)
        }
        if let first = start { words.append(String(text[first...])) }
        return words
    }

    /// `text.lowercased()`, without the Unicode machinery when the text is ASCII (nearly always).
    static func lowercased(_ text: String) -> String {
        var hasUpper = false
        for byte in text.utf8 {
            if byte >= 0x80 { return text.lowercased() }
            if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
        }
        guard hasUpper else { return text }
        return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            var count = 0
            for byte in text.utf8 {
                buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                count += 1
            }
            return count
        }
    }

    /// The lowercase matching form of a name: apostrophes and periods removed, hyphens and
    /// other punctuation as single spaces. `"Saint Mary's"` → `"saint marys"`.
    static func key(_ text: String) -> String {
        var asciiOnly = true
        var text = text
        // Written straight into the result's storage: a key of up to 15 bytes needs no allocation.
        let result = text.withUTF8 { utf8 in
            String(unsafeUninitializedCapacity: utf8.count) { out in
                var count = 0
                var pendingSpace = false
                // U+2019 RIGHT SINGLE QUOTATION MARK is the typographic apostrophe: drop it like "'".
                var index = 0
                while index < utf8.count {
                    let byte = utf8[index]
                    if byte == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] == 0x99 {
                        index += 3
                        continue
                    }
                    index += 1
                    if byte == UInt8(ascii: "'") || byte == UInt8(ascii: ".") { continue }
                    let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
                    if !isAlphanumeric {
                        pendingSpace = count > 0
                        continue
                    }
                    if pendingSpace {
                        out[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    if byte >= 0x80 { asciiOnly = false }
                    out[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    count += 1
                }
                return count
            }
        }
        return asciiOnly ? result : result.lowercased()
    }

    /// Title case for a word written all in one case (`MASON`, `mason` → `Mason`;
    /// `O'FARRELL` → `O'Farrell`); mixed-case words (`McAllister`, `3rd`) are kept.
    static func titleCased(_ word: String) -> String {
        var hasUpper = false
        var hasLower = false
        var asciiOnly = true
        for byte in word.utf8 {
            if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
            if byte >= 0x61 && byte <= 0x7A { hasLower = true }
            if byte >= 0x80 { asciiOnly = false }
        }
        if hasUpper && hasLower { return word }
        guard asciiOnly else {
            return word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }
        var out: [UInt8] = []
        out.reserveCapacity(word.utf8.count)
        var previous: UInt8 = 0x20
        for (position, byte) in word.utf8.enumerated() {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            // Capitalise word starts, after a hyphen, and after an O'/D'/L' style prefix.
            let startsPart =
                position == 0 || previous == UInt8(ascii: "-") || previous == UInt8(ascii: "/")
                || (previous == UInt8(ascii: "'") && position == 2)
            out.append(startsPart && lower >= 0x61 && lower <= 0x7A ? lower & ~0x20 : lower)
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }
}
