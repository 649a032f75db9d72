import Foundation
import SluiceCore
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

    /// A streamed row past what a row may hold (`longestRow`; here the reader's own smaller
    /// limit) is skipped as `row_too_long` with its beginning, and the rows after it are read:
    /// a gzipped OpenAddresses file of one 200 MB field (200 KB on disk) was held whole, 826 MB
    /// and 153 s, and built into the gazetteer as a street name.
    @Test func aStreamedRowPastTheLimitIsSkippedWithItsBeginning() throws {
        let text = "LON,LAT,NUMBER,STREET\n-97.7,30.1,1,\"" + String(repeating: "a", count: 500) + "\"\n-97.7,30.1,2,MAIN ST\n"
        var bytes = Array(text.utf8)[...]
        var reader = CSVReader(
            chunks: {
                guard !bytes.isEmpty else { return nil }
                defer { bytes = bytes.dropFirst(16) }
                return Array(bytes.prefix(16))
            }, mode: .strict)
        reader.retainLimit = 64
        var skipped: [SkippedRow] = []
        var streets: [(String, Int)] = []
        try SourceTable.forEachRow(
            &reader, path: "a.csv", header: { _ in }, read: { reader, fields in try reader.string(fields[3]) },
            skip: { skipped.append($0) }, { street, line, _ in streets.append((street, line)) })
        #expect(streets.map(\.0) == ["MAIN ST"] && streets.map(\.1) == [3])
        #expect(skipped.map(\.reason) == ["row_too_long"] && skipped.map(\.line) == [2])
        #expect(skipped.first?.detail == "a row of 515 bytes, longer than 64 MiB: its beginning is kept")
        #expect(skipped.first?.raw == RawRow(Array(text.utf8)[22..<86], length: 515))
    }
}
