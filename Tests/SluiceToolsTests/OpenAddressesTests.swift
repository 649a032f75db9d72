import Foundation
import SluiceCore
import SluiceGeocode
import Testing

@testable import SluiceTools

/// The fixture's rows each carry one quirk of real OpenAddresses files.
@Suite struct OpenAddressesTests {
    @Test func quirks() throws {
        let read = try OpenAddresses.read(path: GeoJSONFeaturesTests.fixtures + "/addresses.csv")
        #expect(read.rows == 10)
        #expect(read.points.map(\.number) == [150, 150, 12, 7, 160, 250])
        #expect(read.points.map(\.line) == [2, 3, 4, 6, 9, 11])
        #expect(read.ranges == 1 && read.suffixes == 1)
        #expect(read.skipped.map(\.reason) == ["no_number", "bad_coordinates", "bad_number", "bad_coordinates"])
        #expect(read.skipped.map(\.line) == [5, 7, 8, 10])
    }

    /// OpenAddresses ships `.csv.gz`: read as it is, to the same points.
    @Test func gzipReadsAsThePlainFile() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.path + "/addresses.csv"
        try FileManager.default.copyItem(atPath: GeoJSONFeaturesTests.fixtures + "/addresses.csv", toPath: plain)
        let zipped = try OpenAddresses.read(path: try GzipFileTests.gzip(plain))
        let read = try OpenAddresses.read(path: plain)
        #expect(zipped.points == read.points && zipped.skipped.map(\.line) == read.skipped.map(\.line))
    }

    /// A row with bytes that are not UTF-8 (a county's Latin-1 export) is skipped with its
    /// bytes as they are, and the rows after it are read: it stopped the whole build, even
    /// with --rejects.
    @Test func aRowThatIsNotUTF8IsSkippedWithItsBytes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.csv"
        let row = Array("-76.6,39.7,12,PE".utf8) + [0xD1] + Array("A ST,TOWSON,MD,21204".utf8)
        let bytes = Array("LON,LAT,NUMBER,STREET,CITY,REGION,POSTCODE\n".utf8) + row + Array("\n-76.61,39.71,14,MAIN ST,TOWSON,MD,21204\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try OpenAddresses.read(path: path)
        #expect(read.rows == 2 && read.points.map(\.number) == [14])
        #expect(read.skipped.map(\.reason) == ["invalid_utf8"] && read.skipped.map(\.line) == [2])
        #expect(read.skipped.first?.raw == RawRow(row))
    }

    /// House number 0 (also `00`, `0A`) is what US address points hold for a structure without
    /// a number (OpenAddresses' county files have them by the thousand): no address, skipped as
    /// `zero_number`. It was kept as a point at number 0, which a record asking for `0 Main St`,
    /// or a range starting at 0, would be placed at.
    @Test func aNumberZeroIsSkipped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.csv"
        try """
        LON,LAT,NUMBER,STREET
        -76.6,39.7,0,MAIN ST
        -76.6,39.7,00,MAIN ST
        -76.6,39.7,0A,MAIN ST
        -76.6,39.7,10,MAIN ST

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try OpenAddresses.read(path: path)
        #expect(read.rows == 4 && read.points.map(\.number) == [10])
        #expect(read.skipped.map(\.reason) == ["zero_number", "zero_number", "zero_number"] && read.skipped.map(\.line) == [2, 3, 4])
        #expect(read.skipped.first?.detail == "house number '0' is 0: a placeholder for a building without a number, not an address")
    }

    /// A row with more fields than the header has a delimiter that should have been quoted
    /// (`MAIN ST, APT 2`): its columns after it are shifted (the unit read as the town), so it is
    /// skipped as `field_count` with its bytes. It was read as it came, the last field dropped.
    /// A row short of fields reads the missing ones as empty (its checks then skip it or not).
    @Test func aRowWithMoreFieldsThanTheHeaderIsSkipped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.csv"
        try """
        LON,LAT,NUMBER,STREET,UNIT,CITY
        -76.6,39.7,12,MAIN ST, APT 2,,TOWSON
        -76.6,39.7,14,MAIN ST,,TOWSON

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try OpenAddresses.read(path: path)
        #expect(read.rows == 2 && read.points.map(\.number) == [14])
        #expect(read.skipped.map(\.reason) == ["field_count"] && read.skipped.map(\.line) == [2])
        #expect(read.skipped.first?.raw == RawRow("-76.6,39.7,12,MAIN ST, APT 2,,TOWSON"))
        #expect(read.skipped.first?.detail == "7 fields where the header has 6: a delimiter not quoted shifts the columns after it")
    }

    /// A column the reader reads named twice in the header (`NUMBER,…,NUMBER`) cannot be told
    /// apart: an error naming it, where the first was read and the second ignored, unsaid.
    @Test func aColumnNamedTwiceIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.csv"
        try "LON,LAT,NUMBER,STREET,number\n-76.6,39.7,,MAIN ST,12\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try OpenAddresses.read(path: path)
        } throws: { error in
            "\(error)" == "\(path):1: error: the header names column 'NUMBER' twice (columns 3 and 5): which one to read cannot be told"
        }
    }

    @Test func missingColumnsNameTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.csv"
        try "lon,lat,number\n1,2,3\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try OpenAddresses.read(path: path)
        } throws: { error in
            "\(error)".contains("missing columns: STREET")
        }
    }

    /// A county's CSV names its columns its own way: the number's and the street's parts are
    /// named (`--number-property`, `--street-property`), the street's parts joined with spaces
    /// (an empty one left out), the town's column named or else OpenAddresses' `CITY`.
    @Test func columnsNamedByTheSource() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/county.csv"
        try """
        LON,LAT,ADDR_NUM,PREDIR,ST_NAME,ST_TYPE,TOWN,REGION
        -76.6,39.4,12,N,CHARLES,ST,TOWSON,MD
        -76.7,39.5,7,,YORK,RD,,MD
        """.write(toFile: path, atomically: true, encoding: .utf8)
        var names = OpenAddresses.Properties()
        names.number = "addr_num"
        names.street = ["PREDIR", "ST_NAME", "ST_TYPE"]
        names.city = "TOWN"
        let read = try OpenAddresses.read(path: path, properties: names)
        #expect(read.points.map(\.street) == ["N CHARLES ST", "YORK RD"])
        #expect(read.points.map(\.number) == [12, 7])
        #expect(read.points.map(\.town) == [Town(city: "TOWSON", state: "MD"), Town(state: "MD")])
        #expect {
            try OpenAddresses.read(path: path)
        } throws: { error in
            "\(error)".contains("missing columns: NUMBER, STREET")
        }
    }

    /// A town's address-point CSV with its coordinates in `LONGITUDE` and `LATITUDE` (or `X`,
    /// `Y`): named with --lon-property and --lat-property. Without them, the error names the
    /// columns the file has and the options that name them (it said only "missing columns").
    @Test func coordinateColumnsNamedByTheSource() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/points.csv"
        try """
        ADDRESS_NUMBER,STREET_NAME,LONGITUDE,LATITUDE
        1200,NE 45TH ST,-122.3146,47.6614
        """.write(toFile: path, atomically: true, encoding: .utf8)
        var names = OpenAddresses.Properties()
        (names.number, names.street, names.lon, names.lat) = ("ADDRESS_NUMBER", ["STREET_NAME"], "longitude", "LATITUDE")
        let read = try OpenAddresses.read(path: path, properties: names)
        #expect(read.points.map(\.street) == ["NE 45TH ST"] && read.points.map(\.point) == [GeoPoint(lat: 47.6614, lon: -122.3146)])
        names.lon = "LON"
        #expect {
            try OpenAddresses.read(path: path, properties: names)
        } throws: { error in
            "\(error)".hasSuffix(
                "missing columns: LON (the file has ADDRESS_NUMBER, STREET_NAME, LONGITUDE, LATITUDE: name them with --lon-property, --lat-property, --point-property, --number-property, --street-property or --address-property)"
            )
        }
    }

    /// A file that writes each address whole (`ADDRESS: 1200 NE 45TH ST`, a county's
    /// `ADDRLABEL`): --address-property names it, and its number and street are read as
    /// sluice-sanitize reads an address (a unit left out). Such a file could not be read
    /// without splitting it first.
    /// A point written as a location column writes it (Socrata's exports), in one column, alone
    /// or after the address in the same column; the town is the one the address names. Real rows: City of Austin food establishment
    /// inspections (data.austintexas.gov `ecmv-9xxi`, via jordannotjam/Foodie-City-Scores), whose
    /// `Address` is the street, the town and the point on three lines.
    @Test func aPointInOneColumnAsALocationColumnWritesIt() throws {
        let directory = try TemporaryDirectory()
        let csv = directory.path + "/austin.csv"
        try """
        Restaurant Name,Address,Location
        Ebisu,"13376 N US 183 HWY
        AUSTIN, TX 78750
        (30.44696, -97.78921)","(30.44696, -97.78921)"
        Tacos,"6555 BURNET RD
        AUSTIN, TX 78757",
        Nowhere,"1 MAIN ST
        AUSTIN, TX
        (130.1, -97.7)",(130.1 -97.7)
        """.write(toFile: csv, atomically: true, encoding: .utf8)
        var names = OpenAddresses.Properties()
        (names.address, names.point) = ("Address", "Address")
        let read = try OpenAddresses.read(path: csv, properties: names)
        #expect(read.points.map(\.number) == [13376] && read.points.map(\.street) == ["N US Highway 183"])
        #expect(read.points.map(\.point) == [GeoPoint(lat: 30.44696, lon: -97.78921)])
        // Without town columns, the town the whole address names.
        #expect(read.points.map(\.town) == [Town(city: "AUSTIN", state: "TX", zip: "78750")])
        #expect(read.skipped.map(\.reason) == ["bad_coordinates", "bad_coordinates"])
        #expect(read.skipped.first?.detail == "coordinates '6555 BURNET RD\nAUSTIN, TX 78757' are not a position (lat ±90, lon ±180, not 0,0)")
        names.point = "location"
        let apart = try OpenAddresses.read(path: csv, properties: names)
        #expect(apart.points.map(\.number) == [13376] && apart.points.map(\.point) == read.points.map(\.point))
        #expect(apart.skipped.map(\.reason) == ["bad_coordinates", "bad_coordinates"])
    }

    @Test func aWholeAddressInOneColumnOrProperty() throws {
        let directory = try TemporaryDirectory()
        let csv = directory.path + "/points.csv"
        try """
        LONGITUDE,LATITUDE,ADDRESS
        -122.3146,47.6614,1200 NE 45TH ST
        -73.85,40.69,86-12 91ST AVE UNIT 3
        -122.33,47.60,PO BOX 12
        """.write(toFile: csv, atomically: true, encoding: .utf8)
        var names = OpenAddresses.Properties()
        (names.lon, names.lat, names.address) = ("LONGITUDE", "LATITUDE", "address")
        let read = try OpenAddresses.read(path: csv, properties: names)
        #expect(read.points.map(\.number) == [1200, 8612] && read.points.map(\.street) == ["NE 45th St", "91st Ave"])
        #expect(read.skipped.map(\.reason) == ["no_number"] && read.skipped.map(\.line) == [4])
        let geojson = directory.path + "/points.geojson"
        try """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"ADDRLABEL":"1 AMBO CIR","CITY_POSTA":"BALTIMORE"},"geometry":{"type":"Point","coordinates":[-76.38,39.3]}}
        ]}
        """.write(toFile: geojson, atomically: true, encoding: .utf8)
        names.address = "ADDRLABEL"
        names.city = "CITY_POSTA"
        let features = try OpenAddresses.read(path: geojson, properties: names)
        #expect(features.points.map(\.number) == [1] && features.points.map(\.street) == ["Ambo Cir"])
        // The coordinates' options name a CSV's columns: with GeoJSON they are said to do nothing.
        #expect(features.points.map(\.town) == [Town(city: "BALTIMORE")])
        #expect(
            features.missingProperties == [
                "--lon-property, --lat-property: \(geojson) is GeoJSON, whose points are its features' geometry; the options name a CSV's columns"
            ])
    }

    @Test func houseNumbers() {
        #expect(OpenAddresses.houseNumber("12")! == (12, .whole))
        #expect(OpenAddresses.houseNumber("12-14")! == (12, .range))
        #expect(OpenAddresses.houseNumber("12 – 14")! == (12, .range))
        #expect(OpenAddresses.houseNumber("12 1/2")! == (12, .suffix))
        // Queens' block and house (`86-12`, `37-04`): one number, its digits joined, as the
        // geocoder reads a record's; an ascending range on one side keeps its first number.
        #expect(OpenAddresses.houseNumber("86-12")! == (8612, .hyphenated))
        #expect(OpenAddresses.houseNumber("37-04")! == (3704, .hyphenated))
        #expect(OpenAddresses.houseNumber("10-28")! == (10, .range))
        #expect(OpenAddresses.houseNumber("0012A")! == (12, .suffix))
        #expect(OpenAddresses.houseNumber("N12") == nil)
        #expect(OpenAddresses.houseNumber("1234567890123") == nil)
    }
}
