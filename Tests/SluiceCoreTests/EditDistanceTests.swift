import Testing

@testable import SluiceCore

@Suite struct EditDistanceTests {
    @Test func countsInsertionsDeletionsAndSubstitutions() {
        #expect(EditDistance.between("", "") == 0)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("releas_year", "release_year") == 1)
        #expect(EditDistance.between("café", "cafe") == 1)
    }

    @Test func suggestsTheNearestNameIgnoringCaseOnlyWhenNearEnough() {
        #expect(EditDistance.closest(to: "releas_year", among: ["title", "release_year", "year"]) == "release_year")
        #expect(EditDistance.closest(to: "TITEL", among: ["title", "locations"]) == "title")
        #expect(EditDistance.closest(to: "nosuch", among: ["title", "locations"]) == nil)
        #expect(EditDistance.closest(to: "x", among: []) == nil)
    }
}
