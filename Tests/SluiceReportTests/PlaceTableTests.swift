import Testing

@testable import SluiceReport

@Suite struct PlaceTableTests {
    @Test func gathersRecordsAtTheSamePositionIntoOnePlace() {
        var table = PlaceTable()
        table.add(Facts.placed("Vertigo", "Mason & California", lat: "37.79183", lon: "-122.41082", precision: "intersection"))
        table.add(Facts.placed("Bullitt", "California & Mason", lat: "37.79183", lon: "-122.41082", precision: "intersection"))
        table.add(Facts.placed("Vertigo", "Mason & California", lat: "37.79183", lon: "-122.41082", precision: "intersection"))
        table.add(Facts.placed("Vertigo", "Coit Tower", lat: "37.8024", lon: "-122.4058", precision: "place"))
        table.add(Facts.unplaced("Vertigo", "Pier 7"))
        #expect(table.places.count == 2)
        #expect(table.records == 4)
        let corner = table.places[0]
        #expect(corner.count == 3 && corner.precision == "intersection" && corner.places == 1)
        #expect(corner.texts.top(5).map(\.value) == ["Mason & California", "California & Mason"])
        #expect(corner.labels.top(5).map { "\($0.value) \($0.count)" } == ["Vertigo 2", "Bullitt 1"])
    }

    @Test func keepsABoundedSampleOfTextsAndLabelsPerPlace() {
        var table = PlaceTable()
        for index in 0..<100 { table.add(Facts.placed("Film \(index)", "Text \(index % 20)", lat: "37.8", lon: "-122.4")) }
        let place = table.places[0]
        #expect(place.count == 100)
        #expect(place.labels.distinct == PlaceTable.labelsPerPlace && place.labels.total == 100)
        #expect(place.texts.distinct == PlaceTable.textsPerPlace && place.texts.untallied == 100 - 5 * PlaceTable.textsPerPlace)
    }

    @Test func aRecordWithoutTextIsSaidToHaveNone() {
        var table = PlaceTable()
        table.add(Facts.of(#"{"title":"X","geo":{"lat":37.8,"lon":-122.4,"precision":"place"}}"#))
        #expect(table.places.first?.texts.top(1).first?.value == "(no location text)")
    }
}
