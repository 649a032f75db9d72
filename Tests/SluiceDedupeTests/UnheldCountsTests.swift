import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct UnheldCountsTests {
    @Test func countsValuesAndEachWordOncePerRecord() {
        var counts = UnheldCounts()
        #expect(counts.count(of: "cafe") == 0 && counts.holders(ofWord: "cafe") == 0)
        counts.add("cafe de la cafe", values: true, words: true)
        counts.add("cafe lo", values: true, words: true)
        counts.add("cafe lo", values: true, words: false)
        #expect(counts.present == 3)
        #expect(counts.count(of: "cafe lo") == 2 && counts.count(of: "cafe de la cafe") == 1 && counts.count(of: "cafe") == 0)
        #expect(counts.holders(ofWord: "cafe") == 2 && counts.holders(ofWord: "lo") == 1 && counts.holders(ofWord: "la") == 1)
    }

    @Test func theRecordsAColumnHoldsAreTakenOut() throws {
        let column = FieldColumn(spec: try ComparisonSpec.parse("name:name"))
        var counts = UnheldCounts()
        for text in ["cafe lo", "cafe lo", "the cafe", "zuni"] {
            counts.add(text, values: true, words: true)
        }
        // The column holds one "cafe lo" and "zuni" of those four.
        column.append(.string("Cafe Lo"))
        column.append(.string("Zuni"))
        counts.remove(heldBy: column)
        #expect(counts.present == 2)
        #expect(counts.count(of: "cafe lo") == 1 && counts.count(of: "zuni") == 0 && counts.count(of: "the cafe") == 1)
        #expect(counts.holders(ofWord: "cafe") == 2 && counts.holders(ofWord: "zuni") == 0 && counts.holders(ofWord: "the") == 1)
    }

    @Test func aColumnWeighsByItsOwnCountsPlusTheUnheld() throws {
        let column = FieldColumn(spec: try ComparisonSpec.parse("suburb:jw"))
        for text in ["bittern", "nedlands"] { column.append(.string(text)) }
        var unheld = UnheldCounts()
        for _ in 0..<2 { unheld.add("bittern", values: true, words: false) }
        column.unheld = unheld
        try column.finish()
        // "bittern": 1 held + 2 unheld of 2 held + 2 unheld records.
        #expect(column.termFrequency(0) == 3.0 / 4.0)
        #expect(column.termFrequency(1) == 1.0 / 4.0)
    }
}
