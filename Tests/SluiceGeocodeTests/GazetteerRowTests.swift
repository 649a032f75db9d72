import Testing

@testable import SluiceGeocode

@Suite struct GazetteerRowTests {
    @Test func fieldsFollowTheHeaderAndParseBack() throws {
        var row = GazetteerRow(kind: .segment)
        row.id = "3540000"
        row.street = "california st"
        row.leftFrom = 901
        row.leftTo = 999
        row.nodes = ["25002000", "25073000"]
        row.points = [GeoPoint(lat: 37.79204, lon: -122.40917), GeoPoint(lat: 37.79183, lon: -122.41082)]
        row.city = "San Francisco"
        row.state = "CA"
        row.zip = "94108"
        #expect(row.fields.count == GazetteerRow.columns.count)
        let text = GazetteerRow.csv([row])
        #expect(
            String(decoding: text, as: UTF8.self).hasSuffix(
                "segment,3540000,,,,,california st,,901,999,,,25002000|25073000,,,-122.40917 37.79204;-122.41082 37.79183,San Francisco,CA,94108\n"))
        #expect(String(decoding: text, as: UTF8.self).hasPrefix("# sluice-gazetteer 1.1\nkind,id,"))
        let gazetteer = try Gazetteer.parse(text, source: "t.csv")
        #expect(gazetteer.segments.first?.points == row.points)
        #expect(gazetteer.segments.first?.leftTo == 999)
        #expect(try ColumnMap(header: GazetteerRow.columns, source: "t.csv").position(.zip) == GazetteerRow.columns.count - 1)
    }

    @Test func placeAliasesAreBarSeparated() {
        var row = GazetteerRow(kind: .place)
        row.name = "San Francisco City Hall"
        row.aliases = ["City Hall", "SF City Hall"]
        row.lat = 37.7793223
        row.lon = -122.4192838
        #expect(row.fields[3] == "City Hall|SF City Hall")
        #expect(row.fields[13] == "37.779322" && row.fields[14] == "-122.419284")
    }
}
