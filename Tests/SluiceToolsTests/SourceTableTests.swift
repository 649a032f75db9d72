import Foundation
import SluiceGeocode
import Testing

@testable import SluiceTools

@Suite struct SourceTableTests {
    @Test func lineStrings() {
        #expect(
            SourceTable.lineString("LINESTRING (-122.39915 37.79102, -122.39859 37.79057)") == [
                GeoPoint(lat: 37.79102, lon: -122.39915), GeoPoint(lat: 37.79057, lon: -122.39859),
            ])
        #expect(SourceTable.lineString("LINESTRING (-122.39915 37.79102)") == nil)
        #expect(SourceTable.lineString("POINT (-122.4 37.7)") == nil)
    }

    @Test func cityBounds() {
        #expect(SourceTable.inCity(GeoPoint(lat: 37.7793, lon: -122.4193)))
        // Sharp Park, Pacifica: a Rec & Park property outside the city.
        #expect(!SourceTable.inCity(GeoPoint(lat: 37.6275, lon: -122.4881)))
    }

    @Test func columnsByNameAndMissingColumns() throws {
        let path = NSTemporaryDirectory() + "sluice-source-table-\(getpid()).csv"
        try "street,number,lat,lon\n01ST ST,21,37.79073,-122.39824\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let table = try SourceTable(path: path)
        #expect(table["street", table.rows[0]] == "01ST ST")
        #expect(table.point(table.rows[0], lat: "lat", lon: "lon") == GeoPoint(lat: 37.79073, lon: -122.39824))
        #expect(table.lines == [2])
        #expect(throws: (any Error).self) { try table.require(["cnn"]) }
    }
}
