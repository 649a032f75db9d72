import Testing

@testable import SluiceLoad

@Suite struct StatementTests {
    @Test func bindsEveryKindOfValueAndReadsItBackAsStored() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute("CREATE TABLE t (v)")
        let insert = try database.prepare("INSERT INTO t VALUES (?)")
        let values: [SQLValue] = [.null, .integer(-7), .real(2.5), .number("0.1"), .number("1e400"), .text(""), .text("a\u{0}b"), .blobText("07")]
        for value in values {
            try insert.bind(value, at: 1)
            #expect(try !insert.step())
            insert.reset()
        }
        let select = try database.prepare("SELECT v FROM t ORDER BY rowid")
        var stored: [StoredValue] = []
        while try select.step() { stored.append(select.value(at: 0)) }
        #expect(
            stored == [
                .null, .integer(-7), .real(2.5), .real(0.1), .text(Array("1e400".utf8)), .text([]), .text([0x61, 0, 0x62]), .blob(Array("07".utf8)),
            ])
        #expect(select.columnCount == 1)
    }

    @Test func resetClearsTheBindings() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        let statement = try database.prepare("SELECT ?")
        try statement.bind(.integer(5), at: 1)
        #expect(try statement.step() && statement.int(at: 0) == 5)
        statement.reset()
        #expect(try statement.step() && statement.text(at: 0) == nil)
    }

    @Test func failuresNameTheSQL() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        #expect(throws: SQLiteError.self) { try database.prepare("SELEKT 1") }
        try database.execute("CREATE TABLE t (a UNIQUE)")
        let insert = try database.prepare("INSERT INTO t VALUES (1)")
        try insert.step()
        insert.reset()
        do {
            try insert.step()
            Issue.record("no error")
        } catch {
            #expect(error.primaryCode == 19 && error.sql == "INSERT INTO t VALUES (1)")
        }
        #expect(throws: SQLiteError.self) { try insert.bind(.integer(1), at: 3) }
    }

    @Test func columnTypesWiden() {
        #expect(ColumnType.integer.widened(with: .real) == .real)
        #expect(ColumnType.real.widened(with: .text) == .text)
        #expect(SQLValue.number("0.1").columnType == .real && SQLValue.number("123456789012345678901234567890").columnType == .text)
        #expect(SQLValue.null.columnType == nil)
    }
}
