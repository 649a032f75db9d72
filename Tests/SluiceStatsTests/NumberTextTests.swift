import Foundation
import Testing

@testable import SluiceStats

@Suite struct NumberTextTests {
    @Test(arguments: [
        "0", "-0", "1", "37.791234", "-122.4194155", "2004", "0.000123", "123456789012345", "1234567890123456789",
        "1e5", "1E-7", "2.5e+10", "1e400", "-1e400", "0.1", "9007199254740993", "3.14159265358979323846", "1.7976931348623157e308",
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
        var random = SluiceStatsTests.Random(seed: 11)
        for _ in 0..<20_000 {
            let digits = String(random.next() % 1_000_000_000)
            let point = random.next() % (digits.count + 1)
            var text = point == digits.count ? digits : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if text.hasPrefix(".") { text = "0" + text }
            #expect(NumberText.double(text) == strtod(text, nil), "\(text)")
        }
    }
}
