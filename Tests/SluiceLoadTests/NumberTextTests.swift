import Testing

@testable import SluiceLoad

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
}
