/// Sound-alike keys for blocking, so that `Smith`/`Smyth` or `Catherine`/`Kathryn` share a
/// block even though their spelling differs.
///
///     PhoneticKey.soundex("robert")     // "r163"
///     PhoneticKey.soundex("rupert")     // "r163"
///     PhoneticKey.metaphoneLite("catherine")  // "k0rn"
///     PhoneticKey.metaphoneLite("kathryn")    // "k0rn"
///
/// Both work on the first word of normalised (lower-case ASCII) text and ignore other letters;
/// non-ASCII letters are skipped.
public enum PhoneticKey {
    /// American Soundex: first letter plus three digits for the following consonant groups.
    public static func soundex(_ text: String) -> String? {
        let letters = Array(text.utf8.prefix { $0 != 0x20 }.filter { $0 >= 97 && $0 <= 122 })
        guard let first = letters.first else { return nil }
        var out = [first]
        var previous = code(first)
        for letter in letters.dropFirst() {
            let digit = code(letter)
            // h and w do not separate letters of the same code; vowels do.
            if letter == UInt8(ascii: "h") || letter == UInt8(ascii: "w") { continue }
            if digit != 0, digit != previous { out.append(UInt8(ascii: "0") + digit) }
            previous = digit
            if out.count == 4 { break }
        }
        while out.count < 4 { out.append(UInt8(ascii: "0")) }
        return String(decoding: out, as: UTF8.self)
    }

    static func code(_ letter: UInt8) -> UInt8 {
        switch letter {
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "p"), UInt8(ascii: "v"): 1
        case UInt8(ascii: "c"), UInt8(ascii: "g"), UInt8(ascii: "j"), UInt8(ascii: "k"), UInt8(ascii: "q"),
            UInt8(ascii: "s"), UInt8(ascii: "x"), UInt8(ascii: "z"):
            2
        case UInt8(ascii: "d"), UInt8(ascii: "t"): 3
        case UInt8(ascii: "l"): 4
        case UInt8(ascii: "m"), UInt8(ascii: "n"): 5
        case UInt8(ascii: "r"): 6
        default: 0
        }
    }

    /// A small subset of Double Metaphone's primary code: common English digraphs (ph → f,
    /// th → 0, ch/sh → x, ck → k, gh silent before a consonant), c/g softening, k/q → k,
    /// vowels dropped after the first letter, doubled codes collapsed. Four codes at most.
    public static func metaphoneLite(_ text: String) -> String? {
        let w = Array(text.utf8.prefix { $0 != 0x20 }.filter { $0 >= 97 && $0 <= 122 })
        guard !w.isEmpty else { return nil }
        func at(_ i: Int) -> UInt8 { i >= 0 && i < w.count ? w[i] : 0 }
        func isVowel(_ c: UInt8) -> Bool { "aeiouy".utf8.contains(c) && c != 0 }
        var out: [UInt8] = []
        func emit(_ code: Character) {
            let byte = code.asciiValue ?? 0
            if out.last != byte { out.append(byte) }
        }
        var i = 0
        // Silent first letters: kn, gn, pn, wr, ps.
        if ["kn", "gn", "pn", "wr", "ps"].contains(String(decoding: w.prefix(2), as: UTF8.self)) { i = 1 }
        if at(0) == UInt8(ascii: "x") { emit("s"); i = 1 }
        while i < w.count, out.count(where: { $0 != 0 }) < 4 {
            let c = w[i], next = at(i + 1)
            switch Character(Unicode.Scalar(c)) {
            case "a", "e", "i", "o", "u", "y":
                if i == 0 { emit("a") } else { out.append(0) }  // a separator so that codes around a vowel do not merge
            case "b": emit("p")
            case "c":
                if next == UInt8(ascii: "h") {
                    emit("x"); i += 1
                } else if next == UInt8(ascii: "k") {
                    emit("k"); i += 1
                } else if next == UInt8(ascii: "i") || next == UInt8(ascii: "e") || next == UInt8(ascii: "y") {
                    emit("s")
                } else {
                    emit("k")
                }
            case "d", "t":
                if next == UInt8(ascii: "h") { emit("0"); i += 1 } else { emit("t") }
            case "g":
                if next == UInt8(ascii: "h") {
                    if !isVowel(at(i + 2)) { i += 1 } else { emit("k"); i += 1 }
                } else if next == UInt8(ascii: "e") || next == UInt8(ascii: "i") || next == UInt8(ascii: "y") {
                    emit("j")
                } else {
                    emit("k")
                }
            case "h": if isVowel(next) && !isVowel(at(i - 1)) && i == 0 { emit("h") }
            case "k", "q": emit("k")
            case "p": if next == UInt8(ascii: "h") { emit("f"); i += 1 } else { emit("p") }
            case "s":
                if next == UInt8(ascii: "h") { emit("x"); i += 1 } else { emit("s") }
            case "v", "f": emit("f")
            case "w": if isVowel(next) { emit("w") }
            case "x": emit("k"); emit("s")
            case "z": emit("s")
            default: emit(Character(Unicode.Scalar(c)))
            }
            i += 1
        }
        let code = out.filter { $0 != 0 }
        return code.isEmpty ? nil : String(decoding: code.prefix(4), as: UTF8.self)
    }
}
