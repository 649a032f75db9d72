import Testing

@testable import SluiceSanitize

@Suite struct OrdinalsTests {
    @Test func formatChoosesTheEnding() {
        #expect(Ordinals.format(1) == "1st")
        #expect(Ordinals.format(2) == "2nd")
        #expect(Ordinals.format(3) == "3rd")
        #expect(Ordinals.format(11) == "11th")
        #expect(Ordinals.format(13) == "13th")
        #expect(Ordinals.format(22) == "22nd")
        #expect(Ordinals.format(48) == "48th")
    }

    @Test func normalizedReadsEveryForm() {
        #expect(Ordinals.normalized("Third") == "3rd")
        #expect(Ordinals.normalized("03RD") == "3rd")
        #expect(Ordinals.normalized("3d") == "3rd")
        #expect(Ordinals.normalized("Twenty-Fourth") == "24th")
        #expect(Ordinals.normalized("Mason") == nil)
        #expect(Ordinals.normalized("1158") == nil)
        #expect(Ordinals.normalized("0th") == nil)
    }

    @Test func compoundsJoin() {
        func words(_ texts: [String]) -> [StreetNormalizer.Word] { texts.map { StreetNormalizer.Word(text: $0, lower: $0.lowercased()) } }
        #expect(Ordinals.joiningCompounds(words(["Twenty", "Fourth", "Street"])) == words(["24th", "Street"]))
        #expect(Ordinals.joiningCompounds(words(["Twenty", "Street"])) == words(["Twenty", "Street"]))
        #expect(Ordinals.joiningCompounds(words(["Mason"])) == words(["Mason"]))
    }
}
