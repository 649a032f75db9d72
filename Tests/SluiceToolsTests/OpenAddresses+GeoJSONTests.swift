import Foundation
import SluiceCore
import Testing

@testable import SluiceTools

/// OpenAddresses' line-delimited GeoJSON: read like its CSV, plain or gzipped, one line at a
/// time, a bad line skipped with its number and reason.
@Suite struct OpenAddressesGeoJSONTests {
    static func feature(
        _ number: String, _ street: String, city: String = "Springfield", region: String = "IL", postcode: String = "62701",
        at point: String = "[-89.65,39.8]"
    ) -> String {
        #"{"type":"Feature","properties":{"hash":"h","number":"\#(number)","street":"\#(street)","unit":"","city":"\#(city)","district":"","region":"\#(region)","postcode":"\#(postcode)","id":""},"geometry":{"type":"Point","coordinates":\#(point)}}"#
    }

    static let lines =
        [
            feature("100", "MAIN ST"),
            feature("100", "MAIN ST", city: "Riverton", postcode: "62561", at: "[-89.54,39.84]"),
            "",
            #"{"type":"Feature","properties":{"number":"1"#,
            #"{"type":"FeatureCollection","features":[]}"#,
            #"{"type":"Feature","properties":{"number":"5","street":"OAK AVE"},"geometry":{"type":"LineString","coordinates":[[0,1],[1,2]]}}"#,
            feature("7", "OAK AVE", at: "[0,0]"),
            feature("12A", "OAK AVE", city: "", region: "", postcode: ""),
        ].joined(separator: "\n") + "\n"

    static func write(_ text: String, in directory: TemporaryDirectory, name: String = "a.geojson") throws -> String {
        let path = directory.path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func readsEachLineWithItsTown() throws {
        let directory = try TemporaryDirectory()
        let read = try OpenAddresses.read(path: try Self.write(Self.lines, in: directory))
        #expect(read.format == .geoJSONLines)
        #expect(read.rows == 7, "the blank line is no record")
        #expect(read.points.map(\.line) == [1, 2, 8])
        #expect(
            read.points.map(\.town) == [
                Town(city: "Springfield", state: "IL", zip: "62701"), Town(city: "Riverton", state: "IL", zip: "62561"), Town(),
            ])
        #expect(read.points[2].number == 12 && read.suffixes == 1)
        #expect(read.points[1].point.lat == 39.84 && read.points[1].point.lon == -89.54)
    }

    @Test func aBadLineIsSkippedWithItsLineAndReason() throws {
        let directory = try TemporaryDirectory()
        let read = try OpenAddresses.read(path: try Self.write(Self.lines, in: directory))
        #expect(read.skipped.map(\.line) == [4, 5, 6, 7])
        #expect(read.skipped.map(\.reason) == ["invalid_json", "not_a_feature", "unsupported_geometry", "bad_coordinates"])
        #expect(read.skipped[0].detail.hasPrefix("invalid JSON: "))
        #expect(read.skipped[0].raw.text == #"{"type":"Feature","properties":{"number":"1"#)
        #expect(read.skipped[1].detail == "expected a GeoJSON Feature, got FeatureCollection")
        #expect(read.skipped[3].detail == "coordinates '0', '0' are not a position (lat ±90, lon ±180, not 0,0)")
    }

    /// A county's export: one FeatureCollection (pretty-printed, gzipped or not), its
    /// properties named as the county names them. Read a feature at a time with those names,
    /// the lines where each feature starts; a feature that is no address is skipped with its
    /// reason, as a line is; a town property a feature lacks falls back to OpenAddresses' own.
    @Test func aFeatureCollectionWithItsOwnPropertyNames() throws {
        let directory = try TemporaryDirectory()
        let text = """
            {
            "type": "FeatureCollection",
            "features": [
            { "type": "Feature", "properties": { "ST_NUMBER": "21424", "ST_PREFIXD": "", "ST_NAME": "LENTZ", "ST_TYPE": "RD", "CITY_POSTA": "PARKTON", "ZIP": 21120 }, "geometry": { "type": "Point", "coordinates": [ -76.622419, 39.711708 ] } },
            { "type": "Feature", "properties": { "ST_NUMBER": "5", "ST_PREFIXD": "W", "ST_NAME": "PADONIA", "ST_TYPE": "RD", "city": "TIMONIUM", "ZIP": 21093 }, "geometry": { "type": "Point", "coordinates": [ -76.64, 39.45 ] } },
            { "type": "Feature", "properties": { "ST_NUMBER": "9", "ST_NAME": "OAK", "ST_TYPE": "AVE" }, "geometry": null }
            ]
            }
            """
        var names = OpenAddresses.Properties()
        names.number = "ST_NUMBER"
        names.street = ["ST_PREFIXD", "ST_NAME", "ST_TYPE", "ST_SUFFIXD"]
        names.city = "CITY_POSTA"
        names.postcode = "ZIP"
        let plain = try Self.write(text, in: directory)
        for path in [plain, try GzipFileTests.gzip(plain)] {
            let read = try OpenAddresses.read(path: path, properties: names)
            #expect(read.featureCollection && read.rows == 3)
            #expect(read.points.map(\.street) == ["LENTZ RD", "W PADONIA RD"])
            #expect(read.points.map(\.line) == [4, 5])
            #expect(read.points.map(\.town) == [Town(city: "PARKTON", zip: "21120"), Town(city: "TIMONIUM", zip: "21093")])
            #expect(read.skipped.map(\.reason) == ["no_geometry"] && read.skipped.map(\.line) == [6])
            #expect(
                read.missingProperties == [
                    "--street-property ST_SUFFIXD: no feature of \(path) has this property; the features have ST_NUMBER, ST_PREFIXD, ST_NAME, ST_TYPE, CITY_POSTA, ZIP, city (did you mean 'ST_PREFIXD'?)"
                ])
        }
        // Without the names, nothing is an address, and the names the features have are known.
        let unnamed = try OpenAddresses.read(path: plain)
        #expect(unnamed.points.isEmpty && unnamed.skipped.map(\.reason) == ["no_number", "no_number", "no_geometry"])
        #expect(unnamed.propertyNames.prefix(2) == ["ST_NUMBER", "ST_PREFIXD"])
    }

    /// A skipped feature keeps its bytes as the file has them, for a rejects file: bytes that
    /// are not UTF-8 too (they were U+FFFD), and all of a feature past 2,000 bytes (it was cut
    /// there, and nothing said so). One past `RawRow.kept` keeps that much, with its length.
    @Test func aSkippedFeatureKeepsItsBytes() throws {
        let directory = try TemporaryDirectory()
        let notUTF8 = Array(#"{"type":"Feature","properties":{"number":"1","street":"MAIN "#.utf8) + [0xFF] + Array(#" ST"},"geometry":null}"#.utf8)
        let long = #"{"type":"Feature","properties":{"number":"2","note":"\#(String(repeating: "x", count: 5000))"},"geometry":null}"#
        let longest = #"{"type":"Feature","properties":{"number":"3","note":"\#(String(repeating: "y", count: RawRow.kept))"},"geometry":null}"#
        var bytes = Array("{\"type\":\"FeatureCollection\",\"features\":[\n".utf8) + notUTF8
        bytes += Array(",\n\(long),\n\(longest)\n]}\n".utf8)
        let path = directory.path + "/county.geojson"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try OpenAddresses.read(path: path)
        #expect(read.featureCollection && read.skipped.map(\.line) == [2, 3, 4])
        #expect(read.skipped[0].raw == RawRow(notUTF8) && read.skipped[0].reason == "invalid_json")
        #expect(read.skipped[1].raw == RawRow(long) && read.skipped[1].raw.isWhole && read.skipped[1].reason == "no_geometry")
        #expect(read.skipped[2].raw.bytes == Array(longest.utf8.prefix(RawRow.kept)) && read.skipped[2].raw.length == longest.utf8.count)
        // One Feature a line: the same bytes.
        let lines = directory.path + "/lines.geojson"
        try Data(notUTF8 + Array("\n\(long)\n".utf8)).write(to: URL(fileURLWithPath: lines))
        #expect(try OpenAddresses.read(path: lines).skipped.map(\.raw) == [RawRow(notUTF8), RawRow(long)])
    }

    /// `.geojson.gz`, and a name that says nothing: the content decides.
    @Test func gzipAndAnyNameReadAsThePlainFile() throws {
        let directory = try TemporaryDirectory()
        let plain = try Self.write(Self.lines, in: directory)
        let read = try OpenAddresses.read(path: plain)
        let zipped = try OpenAddresses.read(path: try GzipFileTests.gzip(plain))
        let named = try OpenAddresses.read(path: try Self.write(Self.lines, in: directory, name: "addresses.csv"))
        for other in [zipped, named] {
            #expect(other.format == .geoJSONLines && other.points == read.points && other.skipped.map(\.line) == read.skipped.map(\.line))
        }
    }

    /// Lines are read as the chunks come (a state's file is never held whole): a line split
    /// across chunks, anywhere, reads as the whole file does, and so does a last line without
    /// its newline.
    @Test(arguments: [1, 7, 64, 1 << 20])
    func aLineSplitAcrossChunksReadsAsOne(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        let whole = try OpenAddresses.read(path: try Self.write(Self.lines, in: directory))
        for text in [Self.lines, String(Self.lines.dropLast())] {
            let plain = try Self.write(text, in: directory, name: "chunked.geojson")
            for path in [plain, try GzipFileTests.gzip(plain)] {
                var points: [OpenAddresses.Point] = []
                let read = try OpenAddresses.read(path: path, chunkSize: chunkSize) { point in
                    points.append(point)
                    return nil
                }
                #expect(read.rows == whole.rows && points == whole.points)
                #expect(read.skipped.map(\.line) == whole.skipped.map(\.line) && read.skipped.map(\.raw) == whole.skipped.map(\.raw))
            }
        }
    }

    @Test func csvStaysCSV() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.write(
            "LON,LAT,NUMBER,STREET,CITY,REGION,POSTCODE\n-89.65,39.8,100,MAIN ST,Springfield,Illinois,62701-0001\n", in: directory, name: "a.csv")
        let read = try OpenAddresses.read(path: path)
        #expect(read.format == .csv && read.points.map(\.town) == [Town(city: "Springfield", state: "IL", zip: "62701")])
        #expect(OpenAddresses.format(of: Array("\u{FEFF}\n {\"type\":1}".utf8)) == .geoJSONLines)
        #expect(OpenAddresses.format(of: []) == .csv)
    }
}
