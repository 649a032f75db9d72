import Testing

@testable import SluiceGeocode

@Suite struct PlaceClassTests {
    @Test func wordsNameTheirKind() {
        #expect(PlaceClass.named(byWord: "motel") == .lodging)
        #expect(PlaceClass.named(byWord: "bart") == .station)
        #expect(PlaceClass.named(byWord: "subway") == .station)
        #expect(PlaceClass.named(byWord: "fountain") == nil)
    }

    @Test func sourceCategoriesFallIntoKinds() {
        #expect(PlaceClass(category: "place_of_worship") == .worship)
        #expect(PlaceClass(category: "Neighborhood") == .neighborhood)
        #expect(PlaceClass(category: "business") == nil)
        #expect(PlaceClass(category: "") == nil)
    }

    @Test func aParkWordAdmitsAStadiumAndNothingElseBut() {
        #expect(PlaceClass.park.admits(.stadium))
        #expect(PlaceClass.park.admits(.park))
        #expect(!PlaceClass.park.admits(.food))
        #expect(!PlaceClass.station.admits(.neighborhood))
        #expect(!PlaceClass.stadium.admits(.park))
    }
}
