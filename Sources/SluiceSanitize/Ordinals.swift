/// Ordinal street names in one form: `Third`, `3RD`, `03rd` and `3d` are all `3rd`.
///
///     Ordinals.normalized("Twenty-Fourth")  // "24th"
///     Ordinals.normalized("03RD")           // "3rd"
///     Ordinals.normalized("Mason")          // nil
enum Ordinals {
    /// `3` → `"3rd"`, `11` → `"11th"`, `22` → `"22nd"`.
    static func format(_ value: Int) -> String {
        let lastTwo = value % 100
        let ending: String
        if (11...13).contains(lastTwo) {
            ending = "th"
        } else {
            switch value % 10 {
            case 1: ending = "st"
            case 2: ending = "nd"
            case 3: ending = "rd"
            default: ending = "th"
            }
        }
        return String(value) + ending
    }

    /// The ordinal value of a word, or nil when it is not an ordinal: digits followed by
    /// `st`/`nd`/`rd`/`th`/`d` (any case, leading zeros allowed), an ordinal word, or a hyphenated
    /// compound (`twenty-first`).
    static func value(of word: String) -> Int? {
        // Scanned as a byte buffer: iterating `String.UTF8View` cost about 25 more instructions a byte.
        return Words.withBytes(of: word) { value(of: word, utf8: $0) }
    }

    private static func value(of word: String, utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        var digits = 0
        var value = 0
        // The letters after the digits, packed: at most two are allowed (`st`, `nd`, `rd`, `th`, `d`).
        var ending: UInt32 = 0
        var endingLength = 0
        var hasHyphen = false
        // The last two bytes, folded to lowercase: every ordinal word ends `st`, `nd`, `rd` or `th`.
        var lastTwo: UInt16 = 0
        for byte in utf8 {
            lastTwo = lastTwo << 8 | UInt16(byte | 0x20)
            if endingLength == 0, byte >= 0x30, byte <= 0x39 {
                guard digits < 4 else { return nil }
                digits += 1
                value = value * 10 + Int(byte - 0x30)
            } else {
                endingLength += 1
                if endingLength <= 2 { ending = ending << 8 | UInt32(byte | 0x20) }
                if byte == UInt8(ascii: "-") { hasHyphen = true }
            }
        }
        if digits > 0 {
            guard value > 0, endingLength <= 2 else { return nil }
            switch ending {
            case 0x7374, 0x6E64, 0x7264, 0x7468, 0x64: return value  // st, nd, rd, th, d
            default: return nil
            }
        }
        // Ordinal words are 5 to 13 letters (`first` … `seventeenth`), compounds longer.
        guard endingLength >= 5 else { return nil }
        // Names (`Vallejo`, `Mission`) stop here, before any lowercasing or table probe.
        switch lastTwo {
        case 0x7374, 0x6E64, 0x7264, 0x7468: break  // st, nd, rd, th
        default: return nil
        }
        let lower = Words.lowercased(word)
        if let simple = USPSTables.ordinalWords[lower] { return simple }
        guard hasHyphen else { return nil }
        let halves = lower.split(separator: "-", maxSplits: 1)
        if halves.count == 2, let tens = USPSTables.tensWords[String(halves[0])],
            let unit = USPSTables.ordinalWords[String(halves[1])], unit < 10
        {
            return tens + unit
        }
        return nil
    }

    /// The normalised ordinal (`"3rd"`), or nil when the word is not one.
    static func normalized(_ word: String) -> String? {
        value(of: word).map(format)
    }

    /// Joins `Twenty Fourth` (two words) into one ordinal word, leaving other words alone.
    /// Consumes `words`, so the array returned unchanged stays the caller's only copy.
    static func joiningCompounds(_ words: consuming [StreetNormalizer.Word]) -> [StreetNormalizer.Word] {
        guard words.count >= 2 else { return words }
        // Most streets have no compound: keep the array as it is.
        guard words.contains(where: { $0.traits.contains(.tensWord) }) else { return words }
        var out: [StreetNormalizer.Word] = []
        out.reserveCapacity(words.count)
        var index = 0
        while index < words.count {
            if index + 1 < words.count, let tens = USPSTables.tensWords[words[index].lower],
                let unit = USPSTables.ordinalWords[words[index + 1].lower], unit < 10
            {
                let ordinal = format(tens + unit)
                out.append(StreetNormalizer.Word(text: ordinal, lower: ordinal))
                index += 2
            } else {
                out.append(words[index])
                index += 1
            }
        }
        return out
    }
}
