import Testing

@testable import SluiceSanitize

@Suite struct GridStreetTests {
    @Test func aNumberAndOneDirectionNameAGridStreet() {
        #expect(GridStreet.direction(number: "200", "south") == "S")
        #expect(GridStreet.direction(number: "1300", "e") == "E")
        #expect(GridStreet.direction(number: "2230", "North") == nil)  // the words come lower case
        // A quadrant follows a street; it ends no grid street's name.
        #expect(GridStreet.direction(number: "200", "ne") == nil)
        #expect(GridStreet.direction(number: "200", "southwest") == nil)
        // Not a number, or not a direction.
        #expect(GridStreet.direction(number: "5th", "s") == nil)
        #expect(GridStreet.direction(number: "200", "st") == nil)
        #expect(GridStreet.direction(number: "", "s") == nil)
    }

    @Test func inFreeTextOnlyRoundNumbersAreLikely() {
        #expect(GridStreet.isLikely(number: "200", "w"))
        #expect(GridStreet.isLikely(number: "2230", "n"))
        // House 2606 on a street whose type was left off.
        #expect(!GridStreet.isLikely(number: "2606", "north"))
        #expect(!GridStreet.isLikely(number: "200", "nw"))
    }

    /// The three readers agree: the parser (round numbers only), the normaliser and `--field`'s
    /// columns (any number: the words are already known to be a street's name).
    @Test func theReadersShareTheReading() {
        #expect(StreetNormalizer.normalize("200 South").name == "200 S")
        #expect(StreetNormalizer.normalize("2606 North").name == "2606 N")
        #expect(StreetNormalizer.normalize("200 Northeast").name == "200 Northeast")
        #expect(LocationFields.withoutOverlap("200 S", after: ["200"]) == "200 S")
        #expect(LocationFields.withoutOverlap("200 NE", after: ["200"]) == "NE")
    }
}
