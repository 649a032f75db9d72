import Foundation
import Testing

@testable import SluiceCore
@testable import SluiceLoad

/// `--export`: rows back as records, the named members nested again, NULLs left out.
@Suite struct TableExportTests {
    func export(_ sql: String, nest: [String]) throws -> [String] {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute(sql)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("table-export-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try ByteSink(path: path)
        let rows = try TableExport(table: "t", nest: nest).write(from: database, to: sink)
        try sink.flush()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == rows)
        return lines
    }

    @Test func nestsTheNamedMembersAndLeavesNullsOut() throws {
        let lines = try export(
            """
            CREATE TABLE t (name TEXT, addr_key TEXT, n REAL, dedupe_cluster TEXT, dedupe_size INTEGER, addr TEXT, big BLOB);
            INSERT INTO t VALUES ('Cafe "X"', '1 main st', 2.5, 'a1', 2, NULL, CAST('1e400' AS BLOB)), (NULL, NULL, NULL, 'a1', 2, 'x', NULL)
            """, nest: ["dedupe", "addr"])
        #expect(
            lines == [
                #"{"name":"Cafe \"X\"","addr":{"key":"1 main st"},"n":2.5,"dedupe":{"cluster":"a1","size":2},"big":"1e400"}"#,
                // A column named like the member itself stays a column of its own name.
                #"{"dedupe":{"cluster":"a1","size":2},"addr":"x"}"#,
            ])
    }

    @Test func anEmptyTableExportsNothing() throws {
        #expect(try export("CREATE TABLE t (a TEXT)", nest: ["dedupe"]).isEmpty)
    }

    @Test func valuesComeBackAsStored() {
        #expect(TableExport.json(.integer(-3)) == .number("-3"))
        #expect(TableExport.json(.real(0.1)) == .number("0.1"))
        #expect(TableExport.json(.real(.infinity)) == .string("inf"))
        #expect(TableExport.json(.null) == nil)
        #expect(TableExport.json(.text(Array("é".utf8))) == .string("é"))
        #expect(TableExport.json(.blob([0x61, 0xFF])) == nil)
    }

    /// Bytes that are not UTF-8 were written as U+FFFD, silently: the export now stops at them.
    @Test func bytesThatAreNotUTF8StopTheExportNamingTheirRowAndColumn() throws {
        do {
            _ = try export("CREATE TABLE t (a TEXT, b BLOB); INSERT INTO t VALUES ('x', NULL), ('y', X'61FF')", nest: [])
            Issue.record("exported bytes that are not UTF-8")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .dataError)
            #expect(failure.message.hasPrefix("table 't', row 2 in rowid order, column 'b': its bytes are not UTF-8 text"), "\(failure.message)")
        }
    }

    /// A column named like a --nest member beside that member's columns on one row was written
    /// as two members "dedupe" (`{"dedupe":"x","dedupe":{"cluster":"a1"}}`): a reader kept one.
    @Test func aColumnNamedLikeANestedMemberBesideItsColumnsStopsTheExport() throws {
        let table = """
            CREATE TABLE t (id INTEGER, dedupe TEXT, dedupe_cluster TEXT);
            INSERT INTO t VALUES (1, '{}', NULL), (2, NULL, 'a1'), (3, 'x', 'b2')
            """
        // Alone on its row, each is written: no member is named twice.
        #expect(
            try export(table.replacingOccurrences(of: ", (3, 'x', 'b2')", with: ""), nest: ["dedupe"]) == [
                #"{"id":1,"dedupe":"{}"}"#, #"{"id":2,"dedupe":{"cluster":"a1"}}"#,
            ])
        do {
            _ = try export(table, nest: ["dedupe"])
            Issue.record("exported a record with two members 'dedupe'")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .dataError)
            #expect(
                failure.message.hasPrefix(
                    "table 't', row 3 in rowid order, column 'dedupe': it and the columns --nest dedupe puts into member 'dedupe' both hold values"),
                "\(failure.message)")
            #expect(failure.message.contains("(2 rows were written before it)"), "\(failure.message)")
        }
        // Not nested, the columns are two members of their own names.
        #expect(try export(table, nest: ["addr"]).last == #"{"id":3,"dedupe":"x","dedupe_cluster":"b2"}"#)
    }
}
