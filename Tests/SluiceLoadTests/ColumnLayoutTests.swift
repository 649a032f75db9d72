import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct ColumnLayoutTests {
    @Test func theFirstFieldKeepsItsNameAndLaterOnesGetTheFirstFreeSuffix() {
        let layout = ColumnLayout(names: ["id", "ID", "a_b", "a_b", "ID#2", "Id"], primaryKey: [])
        #expect(layout.columns == ["id", "ID#2", "a_b", "a_b#2", "ID#2#2", "Id#3"])
        #expect(
            layout.collisions == [
                .init(name: "ID", earlier: "id", column: "ID#2"), .init(name: "a_b", earlier: "a_b", column: "a_b#2"),
                .init(name: "ID#2", earlier: "ID", column: "ID#2#2"), .init(name: "Id", earlier: "id", column: "Id#3"),
            ])
    }

    @Test func onlyASCIICaseIsFoldedAsSQLiteDoes() {
        let layout = ColumnLayout(names: ["é", "É", "straße", "STRASSE"], primaryKey: [])
        #expect(layout.columns == ["é", "É", "straße", "STRASSE"])
        #expect(layout.collisions.isEmpty)
        #expect("ÉtÉ_ID".sqliteFolded == "ÉtÉ_id")
    }

    @Test func theKeyIsTheColumnThatTookItsName() {
        let layout = ColumnLayout(names: ["ID", "id", "x"], primaryKey: ["id"])
        #expect(layout.keyIndices == [0])
        let row: RecordFlattener.Row = [("ID", .integer(1)), ("id", .integer(2)), ("x", .null)]
        #expect(layout.missingKey(in: row, primaryKey: ["id"]) == nil)
        #expect(ColumnLayout(names: ["x"], primaryKey: ["id"]).missingKey(in: [("x", .null)], primaryKey: ["id"]) == "id")
    }

    @Test func anExtractionMovesTheMatchedColumnsOutAndAppendsTheForeignKey() throws {
        let layout = ColumnLayout(names: ["title", "geo_lat", "geo_lon", "year"], primaryKey: ["title"])
        let extraction = layout.extraction(of: [try LookupTable.Spec("geo.*:places")], primaryKey: ["title"])
        #expect(extraction.written.names == ["title", "year", "places_id"])
        #expect(extraction.sources == [.entry(0), .entry(3), .lookup(0)])
        #expect(extraction.extracted[0].map(\.column) == ["geo_lat", "geo_lon"])
        #expect(extraction.written.keyIndices == [0])
        // Made once per layout.
        #expect(layout.extraction(of: [], primaryKey: ["title"]).written === extraction.written)
    }

    @Test func aCollisionSaysWhichFieldWentWhere() {
        let collision = ColumnLayout.Collision(name: "ID", earlier: "id", column: "ID#2")
        #expect(collision.message.contains("fields 'id' and 'ID' of one record name the same column"))
        #expect(collision.message.hasSuffix("'ID' is stored in column 'ID#2'"))
        #expect(
            JSONWriter.string(collision.json(firstSeen: .init(source: "in.ndjson", line: 3)))
                == #"{"field":"ID","same_as":"id","column":"ID#2","first_seen":"in.ndjson:3"}"#)
    }
}
