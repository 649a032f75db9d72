import Testing

@testable import SluiceReport

@Suite struct ReportPageTests {
    static func page(_ records: [ReportRecord], base: BaseMap = BaseMap()) -> ReportPage {
        var summary = CleaningSummary()
        var places = PlaceTable()
        for facts in records {
            summary.add(facts)
            places.add(facts)
        }
        return ReportPage(
            title: "Sluice report: <test>", inputs: ["in<1>.ndjson"], summary: summary,
            map: MapView.layout(places, base: base, maxPoints: 100))
    }

    static let hostile = #"<img src=x onerror=alert(1)>"#

    @Test func isOneSelfContainedPage() {
        let html = Self.page([Facts.placed("Vertigo", "Mason & Pine", lat: "37.79", lon: "-122.41")]).html()
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        for reference in ["http:", "https:", "src=", "<link", "@import", "url("] { #expect(!html.contains(reference), "\(reference)") }
        #expect(html.components(separatedBy: #"<circle class="pt "#).count - 1 == 1)
        #expect(html.contains(#"<script type="application/json" id="place-data">"#))
    }

    @Test func escapesEverythingFromData() {
        let records = [
            Facts.placed(Self.hostile, Self.hostile, lat: "37.79", lon: "-122.41", precision: Self.hostile, matched: Self.hostile),
            Facts.unplaced(Self.hostile, Self.hostile, reason: Self.hostile),
            Facts.of(#"{"address":{"raw":"x","kind":\#(Facts.quoted(Self.hostile))},"dedupe":{"cluster":"c","size":2,"canonical":true}}"#),
            Facts.of(
                #"{"title":\#(Facts.quoted(Self.hostile)),"address":{"raw":\#(Facts.quoted(Self.hostile))},"dedupe":{"cluster":"c","size":2,"canonical":false}}"#
            ),
        ]
        let html = Self.page(records).html()
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("<title>Sluice report: &lt;test&gt;</title>"))
        #expect(html.contains("in&lt;1&gt;.ndjson"))
    }

    @Test func sameInputSameBytes() {
        let records = (0..<40).map { Facts.placed("F\($0)", "T\($0 % 6)", lat: "37.7\($0 % 9)", lon: "-122.4\($0 % 7)", score: "0.\($0 % 10)") }
        #expect(Self.page(records).html() == Self.page(records).html())
    }

    @Test func saysWhatIsMissingWhenAnEarlierStagesOutputIsGiven() {
        let html = Self.page([Facts.of(#"{"title":"Vertigo","locations":"Coit Tower"}"#)]).html()
        #expect(html.contains("No map: no record has a <code>geo</code> point"))
        #expect(html.contains("No record has an <code>address</code> member."))
        #expect(html.contains("No record has a <code>dedupe</code> member."))
        #expect(html.contains("No stage logs given"))
        #expect(!html.contains(#"id="place-data""#))
    }
}
