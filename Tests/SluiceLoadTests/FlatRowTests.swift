import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct FlatRowTests {
    /// The kinds of a record's leaves, and the numbers read with them.
    func leaves(_ text: String) throws -> [(kind: FlatRow.Kind, number: UInt64)] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { line in
            let rows = FlatRows()
            return rows.row(rows.scan(try NDJSONRecord(line))).leaves.map { ($0.kind, $0.number) }
        }
    }

    @Test func namesComeFromTheShape() throws {
        let bytes = Array(#"{"title":"Vertigo","geo":{"lat":37.8,"lon":-122.4},"tags":["a"],"x":{}}"#.utf8)
        let names = try bytes.withUnsafeBufferPointer { line in
            let rows = FlatRows()
            return FlatRow.names(of: rows.row(rows.scan(try NDJSONRecord(line))).shape)
        }
        #expect(names == ["title", "geo_lat", "geo_lon", "tags", "x"])
    }

    /// Numbers are parsed where the record is read, so the thread writing to SQLite binds them
    /// as they are: whole numbers of up to 18 digits, plain decimals of up to 15; any other is
    /// kept as text for the long way.
    @Test func numbersAreReadWithTheirLeaves() throws {
        let read = try leaves(
            #"{"a":42,"b":-7,"c":123456789012345678,"d":37.795523,"e":-122.4,"f":1e5,"g":-0,"h":1234567890123456789,"i":0.1234567890123456}"#)
        #expect(read.map(\.kind) == [.integer, .integer, .integer, .decimal, .decimal, .number, .number, .number, .number])
        #expect(Int64(bitPattern: read[0].number) == 42 && Int64(bitPattern: read[1].number) == -7)
        #expect(Int64(bitPattern: read[2].number) == 123_456_789_012_345_678)
        #expect(Double(bitPattern: read[3].number) == 37.795523 && Double(bitPattern: read[4].number) == -122.4)
        #expect(read[5...].allSatisfy { $0.number == 0 })
    }

    @Test func otherLeavesKeepTheirKinds() throws {
        let read = try leaves(#"{"s":"x","e":"a\"b","t":true,"f":false,"n":null,"a":[1,2],"r":[1, 2],"o":{}}"#)
        #expect(read.map(\.kind) == [.text, .escapedText, .yes, .no, .null, .array, .arrayToRewrite, .emptyObject])
    }
}
