import Testing

@testable import SluiceFetch

@Suite struct HTMLTableTests {
    func table(_ html: String) -> [[String]] {
        let tokens = HTMLTokenizer.tokens(html)
        guard let start = tokens.firstIndex(where: { if case .start("table", _) = $0 { true } else { false } }) else { return [] }
        return HTMLTable(tokens: tokens, start: start).rows.map { $0.map(\.text) }
    }

    @Test func expandsRowspanAndColspan() {
        let html = """
            <table><tr><th>Season</th><th>No.</th><th>Title</th></tr>
            <tr><td rowspan="2">1</td><td>1</td><td>Pilot</td></tr>
            <tr><td>2</td><td>Second</td></tr>
            <tr><td>2</td><td colspan="2">TBA</td></tr></table>
            """
        #expect(table(html) == [["Season", "No.", "Title"], ["1", "1", "Pilot"], ["1", "2", "Second"], ["2", "TBA", "TBA"]])
    }

    @Test func impliesMissingEndTagsAndLeavesNestedTablesInTheirCell() {
        let html = "<table><tr><td>a<td>b<table><tr><td>inner</td></tr></table><tr><td>c<td>d</table><table><tr><td>next"
        #expect(table(html) == [["a", "b inner"], ["c", "d"]])
    }

    @Test func dropsFootnotesAndCaptionsKeepsTheFirstLink() {
        let html =
            #"<table><caption>Season 1</caption><tr><td><a href="/p">Pilot</a> <a href="/q">x</a><sup class="reference">[1]</sup></td></tr></table>"#
        let tokens = HTMLTokenizer.tokens(html)
        let rows = HTMLTable(tokens: tokens, start: 0).rows
        #expect(rows == [[HTMLTable.Cell(text: "Pilot x", href: "/p", isHeader: false)]])
    }

    @Test func collapsesWhiteSpaceAndDecodesText() {
        #expect(table("<table><tr><td>\n  Crème&nbsp;brûlée<br>at&#32;3 </td></tr></table>") == [["Crème brûlée at 3"]])
    }

    @Test func anEmptyTableHasNoRows() {
        #expect(table("<table></table>") == [])
    }

    @Test func spansAreCapped() {
        #expect(HTMLTable.span("3") == 3)
        #expect(HTMLTable.span("0") == 1)
        #expect(HTMLTable.span("2;") == 2)
        #expect(HTMLTable.span("99999") == 1000)
        #expect(HTMLTable.span(nil) == 1)
    }
}
