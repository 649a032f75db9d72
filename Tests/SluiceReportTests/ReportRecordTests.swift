import Testing

@testable import SluiceReport

@Suite struct ReportRecordTests {
    @Test func readsAGeocodedRecord() {
        let facts = Facts.of(
            #"{"title":"Vertigo","address":{"raw":"Mason & California","kind":"intersection"},"geo":{"lat":37.79183,"lon":-122.41082,"precision":"intersection","score":0.9,"matched":"mason st & california st","method":"intersection"},"dedupe":{"cluster":"ab12","size":3,"canonical":true,"score":1}}"#
        )
        #expect(facts.label == "Vertigo")
        #expect(facts.text == "Mason & California")
        #expect(facts.kind == "intersection" && facts.hasAddress)
        #expect(facts.geo?.precision == "intersection")
        #expect(facts.geo?.score == 0.9)
        #expect(facts.geo?.matched == "mason st & california st")
        #expect(facts.geo?.point == ReportRecord.Point(lat: 37.79183, lon: -122.41082, latText: "37.79183", lonText: "-122.41082"))
        #expect(facts.geo?.point?.key == "37.79183,-122.41082")
        #expect(facts.dedupe?.cluster == "ab12" && facts.dedupe?.size == 3 && facts.dedupe?.canonical == true)
    }

    @Test func aRecordOfAnEarlierStageHasOnlyWhatItHas() {
        let fetched = Facts.of(#"{"title":"Vertigo","locations":"Coit Tower","provenance":{"source":"films.csv","row":17}}"#)
        #expect(fetched.text == nil && !fetched.hasAddress && fetched.geo == nil && fetched.dedupe == nil)
        #expect(fetched.label == "Vertigo")
        let sanitized = Facts.of(#"{"address":{"raw":"Coit Tower","kind":"place"},"provenance":{"source":"films.csv","row":17}}"#)
        #expect(sanitized.kind == "place" && sanitized.text == "Coit Tower")
        #expect(sanitized.label == "films.csv:17")
    }

    @Test func readsMembersOfTheWrongTypeWithoutFailing() {
        let facts = Facts.of(#"{"title":42,"address":"Coit Tower","geo":[1,2],"dedupe":{"size":"big"}}"#, line: 9)
        #expect(facts.label == "42")
        #expect(!facts.hasAddress && facts.geo == nil && facts.dedupe == nil)
        #expect(Facts.of(#"{"title":""}"#, line: 9).label == "test.ndjson:9")
        #expect(Facts.of(#"{"address":{"raw":"  "}}"#).text == nil)
    }

    @Test func aNewPrecisionOrNoPrecisionIsKeptAsWritten() {
        let rooftop = Facts.of(#"{"geo":{"lat":37.8,"lon":-122.4,"precision":"rooftop","score":0.99,"candidates":[{"lat":1}]}}"#)
        #expect(rooftop.geo?.precision == "rooftop" && rooftop.geo?.point != nil)
        let bare = Facts.of(#"{"geo":{"lat":37.8,"lon":-122.4}}"#)
        #expect(bare.geo?.precision == "unknown" && bare.geo?.point != nil && bare.geo?.score == nil)
    }

    @Test func onlyAnAnswerWithCoordinatesInRangeHasAPoint() {
        #expect(Facts.of(#"{"geo":{"precision":"none","lat":37.8,"lon":-122.4}}"#).geo?.point == nil)
        #expect(Facts.of(#"{"geo":{"precision":"place","lat":137.8,"lon":-122.4}}"#).geo?.point == nil)
        #expect(Facts.of(#"{"geo":{"precision":"place","lat":"37.8","lon":-122.4}}"#).geo?.point == nil)
        #expect(Facts.of(#"{"geo":{"precision":"place","lat":37.8}}"#).geo?.point == nil)
        #expect(Facts.of(#"{"geo":{"precision":"none","reason":"empty location"}}"#).geo?.reason == "empty location")
        #expect(
            Facts.of(#"{"geo":{"precision":"place","lat":1,"lon":2,"note":"place and address disagree"}}"#).geo?.reason
                == "place and address disagree")
    }

    @Test func pathsChooseTheTextAndLabel() {
        let paths = ReportRecord.Paths(text: "locations", label: "film.name")
        let facts = Facts.of(#"{"film":{"name":"Bullitt"},"locations":"Taylor St"}"#, paths: paths)
        #expect(facts.text == "Taylor St" && facts.label == "Bullitt")
    }
}
