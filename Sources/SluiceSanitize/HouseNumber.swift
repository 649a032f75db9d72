/// A house number written as Queens writes it: its block and its house joined by a hyphen
/// (`86-12 91st St`, `37-04 Roosevelt Ave`), one number and not a range from 86 down to 12.
/// The parser, the geocoder's query and the gazetteer builder read it by this one rule.
///
///     HouseNumber.isHyphenated(first: "86", second: "12")      // true: 12 cannot end a range from 86
///     HouseNumber.isHyphenated(first: "1158", second: "70")    // false: a range to 1170
///     HouseNumber.hyphenatedValue("37-04")                     // 3704
public enum HouseNumber {
    /// Whether `first-second` is one hyphenated house number rather than a range: the first part
    /// one to three digits (Queens' blocks), the second two or three, and the second unable to end
    /// a range that starts at the first: written with a leading zero (`37-04`), no more than the first
    /// once expanded as an abbreviated range's end is (`86-12`; `187-16`, not 187 to 116), or on the
    /// other side of the street (`13-16`: a range keeps to one side). `10-28`, `1158-70` and
    /// `6-10` stay ranges.
    @inlinable
    public static func isHyphenated(first: some StringProtocol, second: some StringProtocol) -> Bool {
        let head = first.utf8, tail = second.utf8
        guard (1...3).contains(head.count), (2...3).contains(tail.count), head.allSatisfy(isDigit), tail.allSatisfy(isDigit),
            let from = Int(first), let written = Int(second), from > 0
        else { return false }
        if tail.first == UInt8(ascii: "0") { return true }
        // `1158-70` ends at 1170: a shorter end takes the first's leading digits.
        let to = tail.count < head.count ? Int(String(first.prefix(head.count - tail.count)) + String(second)) ?? written : written
        return to <= from || to % 2 != from % 2
    }

    /// The number a hyphenated house number stands for, its digits joined (`86-12` → 8612, as
    /// people write it without the hyphen); nil for any other text.
    ///
    /// Inlinable, as `isHyphenated` is, so that other modules get it specialised for their
    /// string type: called through the generic protocol from geocode it cost 2,300 instructions
    /// a number (callgrind), most records' numbers having no hyphen.
    @inlinable
    public static func hyphenatedValue(_ text: some StringProtocol) -> Int? {
        // Bytes first: geocode asks this of every record's number, and few have a hyphen.
        guard text.utf8.contains(UInt8(ascii: "-")), let dash = text.firstIndex(of: "-") else { return nil }
        let first = text[..<dash], second = text[text.index(after: dash)...]
        guard isHyphenated(first: first, second: second) else { return nil }
        return Int(String(first) + String(second))
    }

    /// The hundred block a number with its last two digits hidden stands for, as police and
    /// crime data write a place (`10XX` → 1000–1099, Chicago's `043XX` → 4300–4399); nil for any
    /// other text.
    public static func hundredBlock(_ text: some StringProtocol) -> (from: Int, to: Int)? {
        let bytes = text.utf8
        guard (3...7).contains(bytes.count), case let digits = bytes.dropLast(2), digits.allSatisfy(isDigit),
            bytes.suffix(2).allSatisfy({ $0 | 0x20 == UInt8(ascii: "x") }), let hundreds = Int(String(decoding: digits, as: UTF8.self))
        else { return nil }
        return (hundreds * 100, hundreds * 100 + 99)
    }

    @usableFromInline
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
