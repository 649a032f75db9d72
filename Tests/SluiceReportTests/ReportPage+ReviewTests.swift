import Testing

@testable import SluiceReport

@Suite struct ReportPageReviewTests {
    @Test func listsUnmatchedTextsWithTheirReasons() {
        let page = ReportPageTests.page([
            Facts.unplaced("A", "Pier 7", reason: "no street matched"), Facts.unplaced("B", "Pier 7", reason: "no street matched"),
            Facts.unplaced("C", "Bay Bridge", reason: "not in the gazetteer"),
        ])
        let card = page.unmatchedCard()
        #expect(card.contains("<tr><td>Pier 7</td><td class=\"num\">2</td><td>no street matched</td></tr>"))
        #expect(card.contains("3 records unmatched, 2 distinct texts."))
    }

    @Test func listsTheLowestAnswers() {
        let page = ReportPageTests.page([
            Facts.placed("A", "Lombard", lat: "37.8", lon: "-122.42", precision: "street", score: "0.1", matched: "lombard st")
        ])
        let card = page.lowestCard()
        #expect(card.contains("<td>Lombard</td>") && card.contains("<td>lombard st</td>") && card.contains("<td class=\"num\">0.10</td>"))
    }

    @Test func showsTheLargestClustersWithMembers() {
        let records = (0..<3).map { LargestClustersTests.member("Film \($0)", cluster: "gg", size: 3, canonical: $0 == 0) }
        let card = ReportPageTests.page(records).clustersCard()
        #expect(card.contains("<p>1 cluster, 1 with duplicates.</p>"))
        #expect(card.contains("<summary>3 records: at gg</summary><ol><li>Film 0 — at gg <small>(canonical)</small></li><li>Film 1 — at gg</li>"))
    }

    @Test func showsEachRejectsFile() {
        var page = ReportPageTests.page([])
        var rejects = StageRejects(path: "build/pipeline/01-fetched.rejects.ndjson", stage: "fetch")
        rejects.reasons.add("field_count")
        rejects.first = [StageRejects.Line(location: "films.csv:3", reason: "field_count", detail: "3 fields, expected 4", raw: "a,<b>,c")]
        page.rejects = [rejects, StageRejects(path: "empty.ndjson", stage: "load")]
        let section = page.rejectsSection()
        #expect(section.contains("<h3>fetch</h3><p>1 rejected line in"))
        #expect(section.contains("films.csv:3: field_count: 3 fields, expected 4\n  a,&lt;b&gt;,c"))
        #expect(section.contains("<h3>load</h3><p>0 rejected lines in <code>empty.ndjson</code>.</p>"))
    }
}
