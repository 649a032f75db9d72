import SluiceTestSupport
import Testing

@testable import SluiceCore
@testable import SluiceLoad

/// The record-to-row mapping on each input of issue 14's table: every value is loaded, or the
/// record is rejected with a reason; no run fails.
@Suite struct LoadMappingTests {
    struct Load {
        var accounting: Accounting
        var reasons: [String]
        var database: Database
        let scratch: ScratchDirectory

        func rows(_ sql: String) throws -> [[StoredValue]] {
            let statement = try database.prepare(sql)
            var rows: [[StoredValue]] = []
            while try statement.step() { rows.append((0..<statement.columnCount).map { statement.value(at: $0) }) }
            return rows
        }

        func columns(_ table: String = "t") throws -> [String] {
            try database.column("SELECT name || ' ' || type FROM pragma_table_info('\(table)')").map { $0 ?? "" }
        }
    }

    /// Loads `lines` into table `t` of a new database with `sluice-load`'s command, keeping rejects.
    func load(_ lines: [String], _ arguments: [String] = []) throws -> Load {
        let scratch = try ScratchDirectory()
        let path = scratch.file("t.db")
        let run = try StageRun(
            LoadCommand.self, [path, "--table", "t"] + arguments, input: lines.map { $0 + "\n" }.joined(), in: scratch, keepRejects: true)
        let reasons = try run.rejects.split(separator: "\n").map { line in try JSONParser.parse(String(line))["reason"]?.stringValue ?? "" }
        #expect(run.accounting.balances)
        return Load(accounting: run.accounting, reasons: reasons, database: try Database(path: path, busyTimeoutMilliseconds: 0), scratch: scratch)
    }

    func text(_ string: String) -> StoredValue { .text(Array(string.utf8)) }

    @Test func anEmptyRecordAloneIsRejectedAndAfterOthersIsARowOfNulls() throws {
        let alone = try load(["{}"])
        #expect(alone.reasons == ["no_columns"])
        #expect(alone.accounting.recordsOut == 0)
        let after = try load([#"{"a":1}"#, "{}", #"{"a":2}"#])
        #expect(after.reasons == [])
        #expect(try after.rows("SELECT a FROM t ORDER BY rowid") == [[.integer(1)], [.null], [.integer(2)]])
    }

    @Test func anEmptyObjectIsStoredAsTheTextOfOne() throws {
        let loaded = try load([#"{"a":{"b":{}}}"#, #"{"a":{}}"#])
        #expect(try loaded.columns() == ["a_b TEXT", "a TEXT"])
        #expect(try loaded.rows("SELECT a_b, a FROM t ORDER BY rowid") == [[text("{}"), .null], [.null, text("{}")]])
    }

    @Test func namesThatDifferOnlyInCaseKeepBothValues() throws {
        let loaded = try load([#"{"a":1,"A":2}"#, #"{"id":1,"ID":2}"#, #"{"A":3}"#])
        #expect(try loaded.columns() == ["a INTEGER", "A#2 INTEGER", "id INTEGER", "ID#2 INTEGER"])
        #expect(
            try loaded.rows(#"SELECT a, "A#2", id, "ID#2" FROM t ORDER BY rowid"#) == [
                [.integer(1), .integer(2), .null, .null], [.null, .null, .integer(1), .integer(2)], [.integer(3), .null, .null, .null],
            ])
        #expect(
            try loaded.database.column("SELECT collisions FROM _sluice_runs") == [
                #"[{"field":"A","same_as":"a","column":"A#2","first_seen":"\#(loaded.scratch.path)/in.ndjson:1"},{"field":"ID","same_as":"id","column":"ID#2","first_seen":"\#(loaded.scratch.path)/in.ndjson:2"}]"#
            ])
    }

    @Test func aFlattenedNameThatClashesKeepsBothValues() throws {
        let loaded = try load([#"{"a_b":1,"a":{"b":2}}"#, #"{"a":{"b":3},"a_b":4}"#])
        #expect(try loaded.rows(#"SELECT a_b, "a_b#2" FROM t ORDER BY rowid"#) == [[.integer(1), .integer(2)], [.integer(3), .integer(4)]])
    }

    @Test func integersBeyond64BitsAndNonFiniteNumbersKeepTheirText() throws {
        let loaded = try load([#"{"n":123456789012345678901234567890}"#, #"{"n":18446744073709551616}"#, #"{"n":1e400}"#, #"{"n":-1e400}"#])
        #expect(try loaded.columns() == ["n TEXT"])
        #expect(
            try loaded.rows("SELECT n FROM t ORDER BY rowid")
                == [[text("123456789012345678901234567890")], [text("18446744073709551616")], [text("1e400")], [text("-1e400")]])
        // After the sample, in a column typed INTEGER or REAL, such a number is a BLOB of its text.
        let later = try load((0..<1000).map { #"{"i":\#($0),"r":\#($0).5}"# } + [#"{"i":1e400,"r":18446744073709551616}"#])
        #expect(try later.columns() == ["i INTEGER", "r REAL"])
        #expect(try later.rows("SELECT i, r FROM t WHERE rowid = 1001") == [[.blob(Array("1e400".utf8)), .blob(Array("18446744073709551616".utf8))]])
    }

    @Test func aLaterValueOfAnotherTypeIsStoredWithoutReformatting() throws {
        let sample = (0..<1000).map { #"{"x":"a\#($0)","n":\#($0)}"# }
        let loaded = try load(sample + [#"{"x":478848.7796333025,"n":"007"}"#, #"{"x":12,"n":" 12 "}"#, #"{"x":true,"n":"12abc"}"#])
        #expect(try loaded.columns() == ["x TEXT", "n INTEGER"])
        #expect(
            try loaded.rows("SELECT x, n FROM t WHERE rowid > 1000 ORDER BY rowid") == [
                [text("478848.7796333025"), .blob(Array("007".utf8))], [text("12"), .blob(Array(" 12 ".utf8))], [text("1"), text("12abc")],
            ])
    }

    @Test func aNumberADoubleHoldsIsReal() throws {
        let loaded = try load([#"{"x":478848.7796333025,"y":2.50,"z":1e2}"#])
        #expect(try loaded.columns() == ["x REAL", "y REAL", "z REAL"])
        #expect(try loaded.rows("SELECT x, y, z FROM t") == [[.real(478848.7796333025), .real(2.5), .real(100)]])
    }

    @Test func tooManyColumnsIsARejectNotAFailedRun() throws {
        let wide = "{" + (0..<2001).map { #""c\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        let loaded = try load([#"{"a":1}"#, wide, #"{"a":2}"#])
        #expect(loaded.reasons == ["too_many_columns"])
        #expect(loaded.accounting.recordsOut == 2)
        #expect(try loaded.rows("SELECT a FROM t ORDER BY rowid") == [[.integer(1)], [.integer(2)]])
    }
}
