import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceCore
@testable import SluiceLoad

/// The load round trip as a property: thousands of seeded hostile records (`RecordGenerator`)
/// go through `sluice-load`'s command, then every row is read back through the SQLite C API and
/// every value of every accepted record is compared under the mapping README documents —
/// rewritten here from those rules (`DocumentedMapping`), not taken from the loader.
///
/// `make roundtrip` runs it on 100,000 records: SLUICE_ROUNDTRIP_RECORDS (default 4,000) and
/// SLUICE_ROUNDTRIP_SEED (default 2026) choose the records.
@Suite struct LoadRoundTripTests {
    static let environment = ProcessInfo.processInfo.environment
    static let records = environment["SLUICE_ROUNDTRIP_RECORDS"].flatMap { Int($0) } ?? 4000
    static let seed = environment["SLUICE_ROUNDTRIP_SEED"].flatMap { UInt64($0) } ?? 2026

    @Test func everyValueOfEveryAcceptedRecordReadsBack() throws {
        var generator = RecordGenerator(seed: LoadRoundTripTests.seed)
        let lines = generator.lines(LoadRoundTripTests.records)
        let result = try RoundTrip.run(lines)
        print(result.summary)
        #expect(result.accounting.balances)
        #expect(result.accounting.recordsIn == lines.count)
        #expect(result.rows == result.accounting.recordsOut)
        #expect(result.valuesCompared > lines.count)
        #expect(result.lost == [], "\(result.lostCount) values lost")
        // Only malformed lines are rejected: every record the generator makes can be stored.
        #expect(Set(result.reasons.keys).isSubset(of: ["invalid_json", "invalid_utf8", "not_an_object"]), "\(result.reasons)")
    }
}

/// One load of generated lines and the comparison of the table with them.
struct RoundTrip {
    var accounting = Accounting()
    var reasons: [String: Int] = [:]
    var rows = 0
    var valuesCompared = 0
    /// Scalars compared, those inside arrays included.
    var scalarsCompared = 0
    var lostCount = 0
    /// The first lost values, described.
    var lost: [String] = []

    var summary: String {
        "load round trip: \(accounting.recordsIn) records, \(accounting.recordsOut) loaded, \(accounting.rejected) rejected "
            + "(\(reasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))); "
            + "\(valuesCompared) values compared (\(scalarsCompared) scalars, those in arrays included), \(lostCount) lost"
    }

    static func run(_ lines: [[UInt8]]) throws -> RoundTrip {
        let scratch = try ScratchDirectory()
        let database = scratch.file("t.db")
        let load = try StageRun(
            LoadCommand.self, [database, "--table", "t"], input: Array(lines.map { $0 + [0x0A] }.joined()), in: scratch, keepRejects: true)

        var result = RoundTrip()
        result.accounting = load.accounting
        var rejected: Set<Int> = []
        for line in load.rejects.split(separator: "\n") {
            let reject = try JSONParser.parse(String(line))
            if case .number(let number)? = reject["line"], let line = Int(number) { rejected.insert(line) }
            result.reasons[reject["reason"]?.stringValue ?? "?", default: 0] += 1
        }
        let accepted = lines.enumerated().filter { !rejected.contains($0.offset + 1) }.map(\.element)
        try result.compare(accepted, with: Database(path: database, busyTimeoutMilliseconds: 1000))
        return result
    }

    /// Reads the rows in order beside the accepted records: each documented column holds its
    /// value, and every other column of the row is null.
    mutating func compare(_ accepted: [[UInt8]], with database: Database) throws {
        let names = try database.column("SELECT name FROM pragma_table_info('t')").map { $0 ?? "" }
        let index = Dictionary(names.enumerated().map { ($0.element.sqliteFolded, Int32($0.offset)) }, uniquingKeysWith: { first, _ in first })
        // A record may have a field named rowid (or _rowid_, oid): then that name is its column.
        let rowid = ["rowid", "_rowid_", "oid"].first { index[$0] == nil }
        let statement = try database.prepare("SELECT * FROM t" + (rowid.map { " ORDER BY \($0)" } ?? ""))
        for (number, line) in accepted.enumerated() {
            guard try statement.step() else {
                note("record \(number + 1): no row")
                return
            }
            rows += 1
            var used: Set<Int32> = []
            for (column, value) in DocumentedMapping.columns(of: try JSONParser.parse(line)) {
                valuesCompared += 1
                scalarsCompared += DocumentedMapping.scalars(in: value)
                guard let position = index[column.sqliteFolded] else {
                    note("record \(number + 1): no column '\(column)' for \(JSONWriter.string(value))")
                    continue
                }
                used.insert(position)
                let stored = statement.value(at: position)
                if !DocumentedMapping.keeps(stored, value) {
                    note("record \(number + 1): column '\(column)' holds \(stored), not \(JSONWriter.string(value))")
                }
            }
            for position in 0..<statement.columnCount where !used.contains(position) && statement.value(at: position) != .null {
                note("record \(number + 1): column '\(names[Int(position)])' holds a value the record does not have")
            }
        }
        while try statement.step() { rows += 1 }
    }

    mutating func note(_ problem: String) {
        lostCount += 1
        if lost.count < 20 { lost.append(problem) }
    }
}

/// README's record-to-row mapping, rule by rule.
enum DocumentedMapping {
    /// Each value's column: nested members join their names with `_` (a NUL is written `\u0000`);
    /// arrays and empty objects are values; in a record, the first field takes a name and each
    /// later field with the same name, ignoring ASCII case, the first free NAME#2, NAME#3…
    static func columns(of record: JSONValue) -> [(String, JSONValue)] {
        var leaves: [(String, JSONValue)] = []
        func walk(_ members: [JSONMember], prefix: String?) {
            for member in members {
                let key = member.key.replacingOccurrences(of: "\u{0}", with: #"\u0000"#)
                let name = prefix.map { $0 + "_" + key } ?? key
                if case .object(let nested) = member.value, !nested.isEmpty {
                    walk(nested, prefix: name)
                } else {
                    leaves.append((name, member.value))
                }
            }
        }
        if case .object(let members) = record { walk(members, prefix: nil) }
        var taken: Set<String> = []
        return leaves.map { name, value in
            var column = name
            var suffix = 2
            while !taken.insert(asciiLowercased(column)).inserted {
                column = "\(name)#\(suffix)"
                suffix += 1
            }
            return (column, value)
        }
    }

    static func scalars(in value: JSONValue) -> Int {
        switch value {
        case .array(let elements): elements.reduce(0) { $0 + scalars(in: $1) }
        case .object(let members): members.reduce(0) { $0 + scalars(in: $1.value) }
        default: 1
        }
    }

    static func asciiLowercased(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.isASCII ? Character(String($0).lowercased()) : Character($0) })
    }

    /// Whether a stored value is the JSON value under the mapping: strings as text (a BLOB of
    /// the same UTF-8 in a numeric column); true/false as 1/0; numbers as the same number, or
    /// as their JSON text exactly; arrays as JSON text of the same array; `{}` as the text `{}`.
    static func keeps(_ stored: StoredValue, _ value: JSONValue) -> Bool {
        switch value {
        case .null: return stored == .null
        case .bool(let flag):
            return stored == .integer(flag ? 1 : 0) || stored == .real(flag ? 1 : 0) || stored == .text(Array((flag ? "1" : "0").utf8))
        case .string(let text): return stored == .text(Array(text.utf8)) || stored == .blob(Array(text.utf8))
        case .number(let text):
            switch stored {
            case .integer(let number): return NumberText.Decimal(String(number)) == NumberText.Decimal(text)
            case .real(let number): return NumberText.Decimal(number.description) == NumberText.Decimal(text)
            case .text(let bytes), .blob(let bytes): return bytes == Array(text.utf8)
            case .null: return false
            }
        case .array:
            guard case .text(let bytes) = stored else { return false }
            return (try? JSONParser.parse(bytes)) == value
        case .object(let members):
            return members.isEmpty && stored == .text(Array("{}".utf8))
        }
    }
}
