import Foundation
import SluiceCore

/// `_sluice_runs`: one row per load, written in the load's own transaction, so a database
/// explains where its rows came from. With `--rejects-table`, the rows the database refused are
/// kept too, with their reason. `collisions` lists, as JSON, the fields stored under another
/// name because an earlier field of their record took theirs (`ColumnLayout`):
/// `[{"field":"ID","same_as":"id","column":"ID#2","first_seen":"in.ndjson:3"}]`.
enum RunLog {
    static let table = "_sluice_runs"

    struct Entry {
        var startedAt: String
        var table: String
        var sources: [String]
        var accounting: Accounting
        var inserted: Int
        var updated: Int?
        var unchanged: Int?
        var swept: Int?
        var options: [String]
        var collisions: [JSONValue] = []
    }

    static func record(_ entry: Entry, in database: Database) throws(SQLiteError) -> Int64 {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS \(table) (
              id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT NOT NULL, table_name TEXT NOT NULL,
              sources TEXT NOT NULL, records_in INTEGER, rows_written INTEGER, rejected INTEGER,
              inserted INTEGER, updated INTEGER, unchanged INTEGER, swept INTEGER, options TEXT, sluice_version TEXT,
              collisions TEXT)
            """)
        // A log written before collisions were recorded gets the column.
        if try database.scalarInt("SELECT count(*) FROM pragma_table_info('\(table)') WHERE name = 'collisions'") == 0 {
            try database.execute("ALTER TABLE \(table) ADD COLUMN collisions TEXT")
        }
        let insert = try database.prepare(
            """
            INSERT INTO \(table) (started_at, finished_at, table_name, sources, records_in, rows_written, rejected,
              inserted, updated, unchanged, swept, options, sluice_version, collisions) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
        let values: [SQLValue] = [
            .text(entry.startedAt), .text(timestamp()), .text(entry.table),
            .text(JSONWriter.string(.array(entry.sources.map(JSONValue.string)))),
            .integer(Int64(entry.accounting.recordsIn)), .integer(Int64(entry.accounting.recordsOut)), .integer(Int64(entry.accounting.rejected)),
            .integer(Int64(entry.inserted)), entry.updated.map { .integer(Int64($0)) } ?? .null,
            entry.unchanged.map { .integer(Int64($0)) } ?? .null, entry.swept.map { .integer(Int64($0)) } ?? .null,
            .text(JSONWriter.string(.array(entry.options.map(JSONValue.string)))), .text(Stage.version),
            .text(JSONWriter.string(.array(entry.collisions))),
        ]
        for (index, value) in values.enumerated() { try insert.bind(value, at: Int32(index + 1)) }
        try insert.step()
        return database.lastInsertRowID
    }

    /// Creates the `--rejects-table` if needed.
    static func createRejectsTable(_ name: String, in database: Database) throws(SQLiteError) {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS \(Database.quote(name)) (
              id INTEGER PRIMARY KEY, loaded_at TEXT NOT NULL, table_name TEXT NOT NULL, source TEXT, line INTEGER,
              reason TEXT NOT NULL, detail TEXT, raw TEXT)
            """)
    }

    static func recordReject(
        in name: String, table: String, source: String, line: Int, reason: RejectReason, detail: String, raw: String, database: Database
    ) throws(SQLiteError) {
        let insert = try database.prepare(
            "INSERT INTO \(Database.quote(name)) (loaded_at, table_name, source, line, reason, detail, raw) VALUES (?,?,?,?,?,?,?)")
        let values: [SQLValue] = [
            .text(timestamp()), .text(table), .text(source), .integer(Int64(line)), .text(reason.rawValue), .text(detail), .text(raw),
        ]
        for (index, value) in values.enumerated() { try insert.bind(value, at: Int32(index + 1)) }
        try insert.step()
    }

    /// UTC, ISO 8601, to the second: `2026-11-23T20:46:00Z`.
    static func timestamp(_ date: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
