/// Telephone and house numbers compared by their digits, the way people mistype them: an area
/// code left out, one digit wrong, two digits swapped.
///
///     DigitText.phone("+1 (415) 555-0134")                 // "4155550134"
///     DigitText.phone("-9999")                             // nil: fewer than 7 digits
///     DigitText.phoneLevel("4155550134", "5550134")        // 2: same last 7 digits
///     DigitText.houseNumber("542A")                        // "542a"
///     DigitText.houseNumberLevel("1243", "1234")           // 3: two digits swapped
///
/// - Complexity: O(n) in the number of digits.
public enum DigitText {
    /// A phone number's digits, the North American country code `1` of an 11-digit number
    /// dropped; nil when fewer than 7 digits are left (a placeholder, an extension alone).
    public static func phone(_ text: String) -> String? {
        var digits = text.utf8.filter { $0 >= 48 && $0 <= 57 }
        if digits.count == 11, digits[0] == UInt8(ascii: "1") { digits.removeFirst() }
        guard digits.count >= 7 else { return nil }
        return String(decoding: digits, as: UTF8.self)
    }

    /// A house number: its first run of digits and the letters right after it, lower case
    /// (`#12` → `12`, `542A` → `542a`, `12-14` → `12`); nil without a digit.
    public static func houseNumber(_ text: String) -> String? {
        var out: [UInt8] = []
        var inDigits = false
        for byte in text.utf8 {
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if lower >= 48 && lower <= 57 {
                if !out.isEmpty && !inDigits { break }
                out.append(lower)
                inDigits = true
            } else if inDigits || !out.isEmpty {
                guard lower >= 97 && lower <= 122 else { break }
                out.append(lower)
                inDigits = false
            }
        }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    /// The level of two different phone numbers (`phone` texts): 2 same last 7 digits, 3 one
    /// digit wrong or two adjacent swapped, 4 same last 4 digits, 5 different.
    public static func phoneLevel(_ a: String, _ b: String) -> UInt8 {
        let x = Array(a.utf8), y = Array(b.utf8)
        if x.suffix(7).elementsEqual(y.suffix(7)) { return 2 }
        if x.count == y.count ? isOneTypo(x, y) : isOneTypo(Array(x.suffix(7)), Array(y.suffix(7))) { return 3 }
        return x.suffix(4).elementsEqual(y.suffix(4)) ? 4 : 5
    }

    /// The level of two different house numbers (`houseNumber` texts): 2 same digits (the
    /// letter differs: 542 and 542a), 3 one digit wrong or two adjacent swapped, 4 different.
    public static func houseNumberLevel(_ a: String, _ b: String) -> UInt8 {
        let x = Array(a.utf8.prefix { $0 >= 48 && $0 <= 57 }), y = Array(b.utf8.prefix { $0 >= 48 && $0 <= 57 })
        if x == y { return 2 }
        return isOneTypo(x, y) ? 3 : 4
    }

    /// True when two texts of the same length differ in one place, or by two adjacent
    /// characters swapped.
    public static func isOneTypo<C: RandomAccessCollection>(_ a: C, _ b: C) -> Bool where C.Element: Equatable, C.Index == Int {
        guard a.count == b.count else { return false }
        var differing: [Int] = []
        for offset in 0..<a.count where a[a.startIndex + offset] != b[b.startIndex + offset] {
            differing.append(offset)
            if differing.count > 2 { return false }
        }
        if differing.count == 1 { return true }
        guard differing.count == 2, differing[1] == differing[0] + 1 else { return false }
        let p = differing[0]
        return a[a.startIndex + p] == b[b.startIndex + p + 1] && a[a.startIndex + p + 1] == b[b.startIndex + p]
    }
}
