import Testing

@testable import SluiceStats

@Suite struct TextTableTests {
    @Test func alignsColumnsAndNumbersToTheRight() {
        var table = TextTable([.init("FIELD"), .init("COUNT", right: true), .init("NOTE")])
        table.add(["title", "2084", "x"])
        table.add(["a", "7", ""])
        #expect(table.render() == "FIELD  COUNT  NOTE\ntitle   2084  x\na          7\n")
    }

    @Test func cutsWideCellsWithAnEllipsis() {
        var table = TextTable([.init("V", max: 5)])
        table.add(["abcdefgh"])
        table.add(["abcde"])
        #expect(table.render() == "V\nabcd…\nabcde\n")
        #expect(TextTable.cut("日本語テキスト", to: 4) == "日本語…")
    }

    @Test func escapesControlCharacters() {
        var table = TextTable([.init("V", max: 40)])
        table.add(["a\nb\tc\u{1B}"])
        table.add(["plain é"])
        #expect(table.render() == "V\na\\nb\\tc\\u001b\nplain é\n")
    }
}
