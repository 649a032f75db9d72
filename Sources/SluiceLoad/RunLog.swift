import Foundation
import SluiceCore

/// `_sluice_runs`: one row per load, written in the load's own transaction, so a database
/// explains where its rows came from. A run of one transaction is recorded when it commits
/// (`complete`); a `--batch-size` run is recorded with its first batch and updated with each
/// (`running`), so a run that fails after some batches says `failed` with its error, and one
/// that was killed is found `running` by the next run, which marks it `interrupted`. With
/// `--rejects-table`, the rows the database refused are kept too, with their reason.
/// `collisions` lists, as JSON, the fields stored under another name because an earlier field
/// of their record took theirs (`ColumnLayout`):
/// `[{"field":"ID","same_as":"id","column":"ID#2","first_seen":"in.ndjson:3"}]`.
/// `merges` counts the dedupe merge lines applied and `merged_rows` the rows whose cluster id
/// they changed (`ClusterMerges`); after a `sluice-dedupe --against` output, `linked` counts its
/// records that joined a known cluster and `created` its new clusters (its summary line).
enum RunLog {
    static let table = "_sluice_runs"

    enum Status: String {
        case running, complete, failed, interrupted
    }

    struct Entry {
        var startedAt: String
        var table: String
        var sources: [String]
        var accounting: Accounting
        var inserted: Int?
        var updated: Int?
        var unchanged: Int?
        var swept: Int?
        var options: [String]
        var collisions: [JSONValue] = []
        var status: Status = .complete
        /// Batches committed, with `--batch-size`.
        var batches: Int?
        var merges: Int?
        var mergedRows: Int?
        var linked: Int?
        var created: Int?
    }

    /// The columns added since the table was first made, added to an older table when missing.
    static let laterColumns = [
        ("collisions", "TEXT"), ("status", "TEXT"), ("batches", "INTEGER"), ("error", "TEXT"), ("merges", "INTEGER"), ("merged_rows", "INTEGER"),
        ("linked", "INTEGER"), ("created", "INTEGER"),
    ]

    /// Creates the table, or adds the columns an older one lacks.
    static func prepare(in database: Database) throws(SQLiteError) {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS \(table) (
              id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT NOT NULL, table_name TEXT NOT NULL,
              sources TEXT NOT NULL, records_in INTEGER, rows_written INTEGER, rejected INTEGER,
              inserted INTEGER, updated INTEGER, unchanged INTEGER, swept INTEGER, options TEXT, sluice_version TEXT,
              collisions TEXT, status TEXT, batches INTEGER, error TEXT, merges INTEGER, merged_rows INTEGER,
              linked INTEGER, created INTEGER)
            """)
        let present = Set(try database.column("SELECT name FROM pragma_table_info('\(table)')").compactMap { $0 })
        for (column, type) in laterColumns where !present.contains(column) {
            try database.execute("ALTER TABLE \(table) ADD COLUMN \(column) \(type)")
        }
    }

    /// Runs still `running` cannot be: this run holds the write lock, so their process died.
    static func markInterrupted(in database: Database) throws(SQLiteError) {
        try database.execute("UPDATE \(table) SET status = 'interrupted' WHERE status = 'running'")
    }

    /// Inserts the run's row (`id` nil) or updates it; returns its id. `finished_at` is when the
    /// row was last written.
    static func write(_ entry: Entry, id: Int64? = nil, in database: Database) throws(SQLiteError) -> Int64 {
        let columns = [
            "started_at", "finished_at", "table_name", "sources", "records_in", "rows_written", "rejected", "inserted", "updated",
            "unchanged", "swept", "options", "sluice_version", "collisions", "status", "batches", "merges", "merged_rows",
            "linked", "created",
        ]
        let sql =
            id == nil
            ? "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ",")))"
            : "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
        let statement = try database.prepare(sql)
        let optional = { (value: Int?) in value.map { SQLValue.integer(Int64($0)) } ?? .null }
        var values: [SQLValue] = [
            .text(entry.startedAt), .text(timestamp()), .text(entry.table),
            .text(JSONWriter.string(.array(entry.sources.map(JSONValue.string)))),
            .integer(Int64(entry.accounting.recordsIn)), .integer(Int64(entry.accounting.recordsOut)), .integer(Int64(entry.accounting.rejected)),
            optional(entry.inserted), optional(entry.updated), optional(entry.unchanged), optional(entry.swept),
            .text(JSONWriter.string(.array(entry.options.map(JSONValue.string)))), .text(Stage.version),
            .text(JSONWriter.string(.array(entry.collisions))), .text(entry.status.rawValue), optional(entry.batches),
            optional(entry.merges), optional(entry.mergedRows), optional(entry.linked), optional(entry.created),
        ]
        if let id { values.append(.integer(id)) }
        for (index, value) in values.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
        try statement.step()
        return id ?? database.lastInsertRowID
    }

    /// Marks a `--batch-size` run that stopped on an error after committing some batches.
    static func markFailed(_ id: Int64, error: String, in database: Database) throws(SQLiteError) {
        let statement = try database.prepare("UPDATE \(table) SET status = 'failed', error = ?, finished_at = ? WHERE id = ?")
        for (index, value) in [SQLValue.text(error), .text(timestamp()), .integer(id)].enumerated() {
            try statement.bind(value, at: Int32(index + 1))
        }
        try statement.step()
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
