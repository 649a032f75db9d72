import Foundation
import SluiceCore
import Testing

@testable import SluiceTools

@Suite struct DBaseTableTests {
    static let fields: [ShapefileWriter.Field] = [
        .init("NAME", "C", 12), .init("COUNT", "N", 6), .init("SHARE", "F", 8, 3), .init("OPEN", "L", 1), .init("SINCE", "D", 8),
    ]

    /// Writes a table of `records` (a shapefile's .dbf; the .shp beside it is not read here).
    static func table(
        _ records: [[String]], in directory: TemporaryDirectory, languageDriver: UInt8 = 0x57, cpg: String? = nil, utf8: Bool = false,
        deleted: Set<Int> = []
    ) throws -> String {
        try ShapefileWriter(type: 1, fields: fields, languageDriver: languageDriver, cpg: cpg, utf8: utf8, deleted: deleted)
            .write(to: directory.path + "/t", features: records.map { (.point(0, 0), $0) })
        return directory.path + "/t.dbf"
    }

    @Test func headerAndFieldDescriptors() throws {
        let directory = try TemporaryDirectory()
        let table = try DBaseTable(path: try Self.table([["a", "1", "", "T", "20240131"]], in: directory))
        #expect(table.version == 0x03)
        #expect(table.recordCount == 1)
        #expect(table.headerLength == 32 + 5 * 32 + 1)
        #expect(table.recordLength == 1 + 12 + 6 + 8 + 1 + 8)
        #expect(table.languageDriver == 0x57)
        #expect(table.fields.map(\.name) == ["NAME", "COUNT", "SHARE", "OPEN", "SINCE"])
        #expect(table.fields.map(\.type) == ["C", "N", "F", "L", "D"])
        #expect(table.fields[2].decimals == 3)
        #expect(table.field(named: "SHARE") == 2)
        #expect(table.field(named: "share") == nil)
    }

    @Test func valuesOfEachTypeAndDeletedRecords() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.table(
            [["Main St  ", "42", "-0.125", "T", "20240131"], ["", "", "***", "?", ""], ["x", "7", "1.5", "n", "19991231"]], in: directory,
            deleted: [3])
        let table = try DBaseTable(path: path)
        #expect(try table.record(1) == [.text("Main St"), .number("42"), .number("-0.125"), .logical(true), .date(year: 2024, month: 1, day: 31)])
        #expect(try table.record(2) == [.null, .null, .null, .null, .null])
        #expect(try table.record(3) == nil)
        #expect(try table.record(1)?.map(\.text) == ["Main St", "42", "-0.125", "T", "20240131"])
        #expect(throws: StageFailure.self) { try table.record(4) }
    }

    @Test func anEmptyTable() throws {
        let directory = try TemporaryDirectory()
        let table = try DBaseTable(path: try Self.table([], in: directory))
        #expect(table.recordCount == 0)
        #expect(throws: StageFailure.self) { try table.record(1) }
        #expect(throws: StageFailure.self) { try table.record(0) }
        let shapes = try Shapefile(path: directory.path + "/t.shp")
        #expect(try shapes.next() == nil)
    }

    @Test func codePageFromTheCpgThenTheLanguageDriver() throws {
        let directory = try TemporaryDirectory()
        // "Niño" as one Latin-1/1252 byte (0xF1), or as UTF-8 (0xC3 0xB1).
        let record = ["Niño", "1", "", "", ""]
        for driver: UInt8 in [0x57, 0x03, 0] {
            #expect(try DBaseTable(path: try Self.table([record], in: directory, languageDriver: driver)).record(1)?.first == .text("Niño"))
        }
        #expect(try DBaseTable(path: try Self.table([record], in: directory, languageDriver: 0x57)).codePage == .windows1252)
        // No driver: UTF-8 bytes are read as UTF-8, others (above) as Latin-1.
        let unmarked = try DBaseTable(path: try Self.table([record], in: directory, languageDriver: 0, utf8: true))
        #expect(unmarked.codePage == .automatic)
        #expect(try unmarked.record(1)?.first == .text("Niño"))
        // A .cpg wins over the driver byte.
        let cpg = try DBaseTable(path: try Self.table([record], in: directory, languageDriver: 0x57, cpg: "UTF-8\r\n", utf8: true))
        #expect(cpg.codePage == .utf8)
        #expect(try cpg.record(1)?.first == .text("Niño"))
        #expect(throws: StageFailure.self) { try DBaseTable(path: try Self.table([record], in: directory, cpg: "KOI8-R")) }
    }

    @Test func corruptValuesNameTheFileRecordAndField() throws {
        let directory = try TemporaryDirectory()
        let table = try DBaseTable(path: try Self.table([["a", "1", "", "T", ""], ["b", "x9", "", "T", ""]], in: directory))
        #expect {
            try table.record(2)
        } throws: { error in
            "\(error)" == "\(directory.path)/t.dbf:2: error: not a readable dBASE table: record 2: field COUNT (N) holds 'x9'"
        }
        let date = try DBaseTable(path: try Self.table([["a", "1", "", "T", "20241301"]], in: directory))
        #expect(throws: StageFailure.self) { try date.record(1) }
    }

    /// Every prefix of a valid table, and seeded byte flips, read to the end: an error naming the
    /// file (and the record, when the records are cut), never a crash.
    @Test func truncatedAndCorruptedBytes() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.table((1...5).map { ["name \($0)", "\($0)", "0.5", "F", "20200101"] }, in: directory)
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let cut = directory.path + "/cut.dbf"
        func readAll() throws {
            let table = try DBaseTable(path: cut)
            for number in stride(from: 1, through: table.recordCount, by: 1) { _ = try table.record(number) }
        }
        // Without the trailing end-of-file byte the table is whole; any shorter prefix is not.
        for length in 0..<(whole.count - 1) {
            try Data(whole[..<length]).write(to: URL(fileURLWithPath: cut))
            #expect(throws: StageFailure.self, "prefix of \(length) bytes") { try readAll() }
            do { try readAll() } catch { #expect("\(error)".hasPrefix(cut), "\(error)") }
        }
        var random = SplitMix64(seed: 20)
        for _ in 0..<400 {
            var bytes = whole
            bytes[random.int(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            try Data(bytes).write(to: URL(fileURLWithPath: cut))
            do { try readAll() } catch { #expect("\(error)".hasPrefix(cut), "\(error)") }
        }
    }

    @Test func siblingsKeepTheExtensionsCase() {
        #expect(DBaseTable.sibling(of: "a/roads.shp", extension: "dbf") == "a/roads.dbf")
        #expect(DBaseTable.sibling(of: "a/ROADS.SHP", extension: "dbf") == "a/ROADS.DBF")
        #expect(DBaseTable.sibling(of: "a.b/roads", extension: "dbf") == "a.b/roads.dbf")
    }
}
