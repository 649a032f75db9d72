import Testing

@testable import SluiceReport

@Suite struct PrecisionPaletteTests {
    @Test func knownPrecisionsHaveTheirOwnColourAndOthersTheFallback() {
        #expect(PrecisionPalette.colour(of: "address") == "#1b9e77")
        #expect(PrecisionPalette.colour(of: "rooftop") == PrecisionPalette.fallback)
        #expect(PrecisionPalette.colour(of: "none") == PrecisionPalette.unplaced)
        #expect(Set(PrecisionPalette.known.map(\.colour)).count == PrecisionPalette.known.count)
    }

    @Test func classesNeverCarryTheNameFromData() {
        #expect(PrecisionPalette.cssClass(of: "address") == "c0")
        #expect(PrecisionPalette.cssClass(of: "street") == "c5")
        #expect(PrecisionPalette.cssClass(of: #""><script>"#) == "cx")
    }

    @Test func ordersKnownThenOthersThenNone() {
        #expect(
            PrecisionPalette.ordered(["none", "street", "zeta", "address", "alpha", "place"]) == [
                "address", "place", "street", "alpha", "zeta", "none",
            ])
    }

    @Test func cssHasARuleForEveryClass() {
        for index in PrecisionPalette.known.indices { #expect(PrecisionPalette.css.contains(".c\(index){fill:")) }
        #expect(PrecisionPalette.css.contains(".cx{") && PrecisionPalette.css.contains(".cn{"))
    }
}
