import Testing

@testable import SluiceFetch

@Suite struct HTMLTableSelectorTests {
    let page = HTMLTokenizer.tokens(
        """
        <table id="nav"></table>
        <div id="episodes"><p><table class="wikitable sortable"></table></div>
        <table class="wikitable"></table>
        """)

    func located(_ selector: String) throws -> HTMLToken? {
        try HTMLTableSelector(selector).locate(in: page).map { page[$0] }
    }

    @Test func choosesByNumberClassIdAndAncestor() throws {
        #expect(try located("1")?.attribute("id") == "nav")
        #expect(try located("table.wikitable")?.attribute("class") == "wikitable sortable")
        #expect(try located("table.wikitable:2")?.attribute("class") == "wikitable")
        #expect(try located("#episodes table")?.attribute("class") == "wikitable sortable")
        #expect(try located("#episodes")?.attribute("class") == "wikitable sortable")
        #expect(try located("table#nav")?.attribute("id") == "nav")
    }

    @Test func nothingMatchesAfterTheContainerCloses() throws {
        #expect(try located("#episodes table:2") == nil)
        #expect(try located("4") == nil)
    }

    @Test func refusesSelectorsItCannotRead() {
        #expect(throws: (any Error).self) { try HTMLTableSelector("div > table") }
        #expect(throws: (any Error).self) { try HTMLTableSelector("#a #b table") }
        #expect(throws: (any Error).self) { try HTMLTableSelector("div.x p") }
    }
}
