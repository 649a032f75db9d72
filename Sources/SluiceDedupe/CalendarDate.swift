/// A calendar date read from the forms records use (`19081209`, `1908-12-09`,
/// `1908-12-09T10:00:00Z`), with a day number for closeness and its eight digits for typo checks.
///
///     CalendarDate("1908-12-09")?.digits                    // 19081209
///     CalendarDate.isOneTypo(19081209, 19081290)            // true: two digits swapped
public struct CalendarDate: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Reads the first eight digits (dashes and slashes between them allowed); nil when they
    /// do not make a real date.
    public init?(_ text: String) {
        var digits: [Int] = []
        for byte in text.utf8 {
            if byte >= 48 && byte <= 57 {
                digits.append(Int(byte - 48))
                if digits.count == 8 { break }
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") || byte == 0x20 {
                continue
            } else {
                break
            }
        }
        guard digits.count == 8 else { return nil }
        year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        month = digits[4] * 10 + digits[5]
        day = digits[6] * 10 + digits[7]
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    }

    public var digits: Int { year * 10000 + month * 100 + day }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// True when two eight-digit dates differ in one digit or by two adjacent digits swapped.
    public static func isOneTypo(_ a: Int, _ b: Int) -> Bool {
        var x = a, y = b
        var differing: [Int] = []
        for position in 0..<8 {
            if x % 10 != y % 10 { differing.append(position) }
            x /= 10
            y /= 10
        }
        if differing.count == 1 { return true }
        guard differing.count == 2, differing[1] == differing[0] + 1 else { return false }
        func digit(_ n: Int, _ p: Int) -> Int { var n = n; for _ in 0..<p { n /= 10 }; return n % 10 }
        let p = differing[0]
        return digit(a, p) == digit(b, p + 1) && digit(a, p + 1) == digit(b, p)
    }
}
