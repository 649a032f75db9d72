import Foundation
import Testing

@testable import SluiceCore

@Suite struct NumberTextTests {
    @Test func aDoubleIsKeptWhenItReadsBackAsTheNumberWritten() {
        #expect(NumberText.exactDouble("478848.7796333025") == 478848.7796333025)
        #expect(NumberText.exactDouble("0.1") == 0.1)
        #expect(NumberText.exactDouble("1.50e2") == 150)
        #expect(NumberText.exactDouble("-0.0") == 0)
        #expect(NumberText.exactDouble("1e308") == 1e308)
        #expect(NumberText.exactDouble("5e-324") == 5e-324)  // the smallest subnormal, exact in its shortest form
        #expect(NumberText.exactDouble("9007199254740993") == nil)  // 2^53 + 1
        #expect(NumberText.exactDouble("0.12345678901234567890") == nil)
        #expect(NumberText.exactDouble("123456789012345678901234567890") == nil)
        #expect(NumberText.exactDouble("1e400") == nil)
        #expect(NumberText.exactDouble("-1e400") == nil)
        #expect(NumberText.exactDouble("1e-400") == nil)
        #expect(NumberText.exactDouble("2.4703282292062328e-324") == nil)  // rounds to 5e-324
    }

    @Test func significantDigitsIgnoreLeadingAndTrailingZeros() {
        for (text, count) in [("0.0120", 2), ("100", 1), ("1001", 4), ("0", 0), ("-0.000", 0), ("1.5e10", 2), ("12.34E-5", 4)] {
            var text = text
            #expect(text.withUTF8(NumberText.significantDigits) == count, "\(text)")
        }
    }

    @Test func decimalsOfTheSameNumberAreEqual() {
        #expect(NumberText.Decimal("1.50e2") == NumberText.Decimal("150"))
        #expect(NumberText.Decimal("150.000") == NumberText.Decimal("1.5e+2"))
        #expect(NumberText.Decimal("0.0012") == NumberText.Decimal("1.2e-3"))
        #expect(NumberText.Decimal("-0") == NumberText.Decimal("0.0"))
        #expect(NumberText.Decimal("1e-05") == NumberText.Decimal("0.00001"))
        #expect(NumberText.Decimal("12") != NumberText.Decimal("1.2"))
        #expect(NumberText.Decimal("-12") != NumberText.Decimal("12"))
        #expect(NumberText.Decimal("1.0e+20") == NumberText.Decimal("100000000000000000000"))
    }

    @Test(arguments: [
        "0", "-0", "1", "37.791234", "-122.4194155", "2004", "0.000123", "123456789012345", "1234567890123456789",
        "1e5", "1E-7", "2.5e+10", "1e400", "-1e400", "0.1", "9007199254740993", "3.14159265358979323846", "1.7976931348623157e308",
        "0.00000000000000012", "-0.0", "12345678901234.5",
    ])
    func readsAsStrtodDoes(text: String) {
        let value = NumberText.double(text)
        let expected = strtod(text, nil)
        #expect(value == expected || (value.isNaN && expected.isNaN), "\(text)")
        #expect(value.sign == expected.sign, "\(text)")
    }

    /// The fast path and strtod agree on every short decimal (the fast path is exact by
    /// construction; this checks the arithmetic).
    @Test func theFastPathMatchesStrtodOnManyDecimals() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            let digits = String(random.next() % 1_000_000_000)
            let point = Int(random.next() % UInt64(digits.count + 1))
            var text = point == digits.count ? digits : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if text.hasPrefix(".") { text = "0" + text }
            #expect(NumberText.double(text) == strtod(text, nil), "\(text)")
        }
    }

    /// `shortDouble` reads plain decimals only: whole numbers (`sluice-load` reads those as
    /// integers first), exponents and long numbers are left to the full parse.
    @Test func theShortFormIsAPlainDecimal() {
        func short(_ text: String) -> Double? {
            var text = text
            return text.withUTF8 { NumberText.shortDouble($0) }
        }
        #expect(short("-37.795523") == -37.795523)
        #expect(short("0.000123") == 0.000123)
        #expect(short("1977") == nil)
        #expect(short("-0") == nil)
        #expect(short("1e5") == nil)
        #expect(short("1234567890.1234567") == nil)  // 17 significant digits
        #expect(short("0." + String(repeating: "0", count: 22) + "1") == nil)  // beyond 10^22
    }
}
