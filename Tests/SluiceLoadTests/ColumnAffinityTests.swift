import Testing

@testable import SluiceLoad

@Suite struct ColumnAffinityTests {
    func memoryDatabase() throws -> Database { try Database(path: ":memory:", busyTimeoutMilliseconds: 0) }

    @Test func affinityFollowsSQLiteRulesForDeclaredTypes() {
        let cases: [(String, ColumnAffinity)] = [
            ("INTEGER", .integer), ("BIGINT", .integer), ("TEXT", .text), ("VARCHAR(10)", .text), ("CLOB", .text), ("", .blob),
            ("BLOB", .blob), ("REAL", .real), ("DOUBLE", .real), ("FLOAT", .real), ("NUMERIC", .numeric), ("DECIMAL(10,5)", .numeric),
            ("DATE", .numeric), ("CHARINT", .integer),
        ]
        for (type, affinity) in cases { #expect(ColumnAffinity(declaredType: type) == affinity, "\(type)") }
    }

    /// What SQLite itself does with each text in a numeric column is what `readsAsNumber` says.
    @Test func readsAsNumberAgreesWithSQLite() throws {
        let database = try memoryDatabase()
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, n NUMERIC)")
        let texts = [
            "007", "1e5", " 12 ", "0x10", "-0", "1.0", "Infinity", "inf", "NaN", "1e", "1.", ".5", ".", "+5", "1e+", "12abc", "\t7\n", "\u{0B}7",
            "\u{0C}7", "1_000", "１２", "9223372036854775808", "1e400", "-", "5\u{0}", "", " ", "1 2", "--1", "1e-7", "1E+07", "٣", "12\u{A0}",
            "+.5e-3", "1.2.3", "e5",
        ]
        let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?)")
        let read = try database.prepare("SELECT typeof(i), typeof(r), typeof(n) FROM t")
        for text in texts {
            try database.execute("DELETE FROM t")
            for index in 1...3 { try insert.bind(.text(text), at: Int32(index)) }
            try insert.step()
            insert.reset()
            _ = try read.step()
            let converted = (0..<3).map { read.text(at: $0) != "text" }
            read.reset()
            var bytes = text
            let predicted = bytes.withUTF8(ColumnAffinity.readsAsNumber)
            #expect(converted == [predicted, predicted, predicted], "\(text.debugDescription)")
        }
    }

    /// Every kind of value, in every kind of column, reads back as the value it was.
    @Test func storedValuesReadBackUnchangedInEveryColumnType() throws {
        let database = try memoryDatabase()
        let types = ["TEXT", "INTEGER", "REAL", "NUMERIC", ""]
        try database.execute("CREATE TABLE t (\(types.enumerated().map { "c\($0.offset) \($0.element)" }.joined(separator: ", ")))")
        let values: [(SQLValue, expected: [StoredValue])] = [
            (.text("007"), [.text(Array("007".utf8))] + Array(repeating: .blob(Array("007".utf8)), count: 3) + [.text(Array("007".utf8))]),
            (.text("x"), Array(repeating: .text(Array("x".utf8)), count: 5)),
            (
                .integer(9_007_199_254_740_993),
                [
                    .text(Array("9007199254740993".utf8)), .integer(9_007_199_254_740_993), .blob(Array("9007199254740993".utf8)),
                    .integer(9_007_199_254_740_993), .integer(9_007_199_254_740_993),
                ]
            ),
            (.number("478848.7796333025"), [.text(Array("478848.7796333025".utf8))] + Array(repeating: .real(478848.7796333025), count: 4)),
            (.number("1e400"), [.text(Array("1e400".utf8))] + Array(repeating: .blob(Array("1e400".utf8)), count: 3) + [.text(Array("1e400".utf8))]),
            (.number("2.50"), [.text(Array("2.50".utf8))] + Array(repeating: .real(2.5), count: 4)),
        ]
        let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        for (value, expected) in values {
            try database.execute("DELETE FROM t")
            for (index, type) in types.enumerated() {
                try insert.bind(value.stored(in: ColumnAffinity(declaredType: type)), at: Int32(index + 1))
            }
            try insert.step()
            insert.reset()
            let read = try database.prepare("SELECT * FROM t")
            _ = try read.step()
            #expect((0..<5).map { read.value(at: Int32($0)) } == expected, "\(value)")
        }
    }
}
