import SluiceCore
import Testing

@testable import SluiceReport

@Suite struct ReportPageSectionsTests {
    @Test func stagesComeFromTheLogs() throws {
        var page = ReportPageTests.page([])
        var log = StageLog(path: "build/pipeline/03-geocoded.log", stage: "sluice-geocode")
        log.accounting = Accounting(summary: "2084 in, 2084 out, 0 rejected, 707 address, 216 none")
        log.warnings = 1
        log.firstWarnings = ["sluice-geocode: warning: <odd>"]
        log.otherLines = 2
        page.logs = [log, StageLog(path: "x.log", stage: "x.log")]
        let card = page.stagesCard()
        #expect(card.contains("<td>sluice-geocode</td><td class=\"num\">2084</td><td class=\"num\">2084</td><td class=\"num\">0</td>"))
        #expect(card.contains("707 address, 216 none, 1 warning, 2 other lines in the log"))
        #expect(card.contains("no accounting line in x.log"))
        #expect(card.contains("warning: &lt;odd&gt;"))
    }

    @Test func thePrecisionMixIsABarInLegendOrder() {
        let page = ReportPageTests.page([
            Facts.placed("A", "x", lat: "37.8", lon: "-122.4", precision: "street"),
            Facts.placed("B", "y", lat: "37.8", lon: "-122.41", precision: "address"),
            Facts.placed("C", "y", lat: "37.8", lon: "-122.41", precision: "address"),
            Facts.unplaced("D", "z"),
        ])
        let card = page.precisionCard()
        let address = card.range(of: #"<span class="c0" style="width:50.0%""#)
        let street = card.range(of: #"<span class="c5" style="width:25.0%""#)
        let none = card.range(of: #"<span class="cn" style="width:25.0%""#)
        #expect(address != nil && street != nil && none != nil)
        if let address, let street, let none { #expect(address.lowerBound < street.lowerBound && street.lowerBound < none.lowerBound) }
        #expect(card.contains("More precise than a street: 50.0% of 4 records"))
    }

    @Test func theScoreHistogramHasTenColumns() {
        let page = ReportPageTests.page([Facts.placed("A", "x", lat: "37.8", lon: "-122.4", score: "0.45")])
        let card = page.scoreCard()
        #expect(card.components(separatedBy: #"<span class="col""#).count - 1 == 10)
        #expect(card.contains(#"<span class="count">1</span><span class="col" style="height:100.0%"></span><span class="label">0.4</span>"#))
    }

    @Test func kindsAreCountedWithShares() {
        let page = ReportPageTests.page([Facts.placed("A", "x", lat: "37.8", lon: "-122.4"), Facts.unplaced("B", "y")])
        let card = page.kindsCard()
        #expect(card.contains("<td>street_address</td><td class=\"num\">1</td><td class=\"num\">50.0%</td>"))
    }
}
