import SluiceCore

/// `--sweep`: removes (or, with `--sweep=mark`, flags) the rows whose key did not come in this
/// run — records that vanished from the source — in the same transaction as the load.
///
/// The keys seen are kept in a temporary table, so memory does not grow with the input. It
/// refuses to sweep when the run wrote no rows, or fewer than `minimumFraction` of the rows the
/// table had: an empty or truncated source must never empty the table; and when a line was
/// rejected: the row it stands for cannot be told from one gone from the source.
final class Sweeper {
    enum Mode: String { case delete, mark }

    /// The column `--sweep=mark` sets to the time a row was first found missing.
    static let staleColumn = "_sluice_stale_since"

    let database: Database
    let table: String
    let primaryKey: [String]
    let mode: Mode
    let minimumFraction: Double
    private var remember: Statement?

    init(database: Database, table: String, primaryKey: [String], mode: Mode, minimumFraction: Double) throws(SQLiteError) {
        self.database = database
        self.table = table
        self.primaryKey = primaryKey
        self.mode = mode
        self.minimumFraction = minimumFraction
        let columns = primaryKey.indices.map { "k\($0)" }
        try database.execute(
            "CREATE TEMP TABLE IF NOT EXISTS sluice_seen (\(columns.joined(separator: ", ")), PRIMARY KEY (\(columns.joined(separator: ", "))))")
        try database.execute("DELETE FROM temp.sluice_seen")
        remember = try database.prepare(
            "INSERT OR IGNORE INTO temp.sluice_seen VALUES (\(Array(repeating: "?", count: primaryKey.count).joined(separator: ", ")))")
    }

    /// Notes the key of a row written in this run.
    func saw(_ key: [SQLValue]) throws(SQLiteError) {
        guard let remember else { return }
        for (index, value) in key.enumerated() { try remember.bind(value, at: Int32(index + 1)) }
        defer { remember.reset() }
        try remember.step()
    }

    enum Outcome: Equatable {
        case swept(Int)
        case refused(String)
    }

    /// Sweeps the rows not seen, unless the run looks truncated or rejected lines.
    /// - Parameters:
    ///   - rowsBefore: the table's row count before the run.
    ///   - rejected: the run's rejected lines (before, `--sweep --rejects r.ndjson` deleted the
    ///     row of a record whose line was cut this time, exit 0).
    func sweep(rowsWritten: Int, rowsBefore: Int, rejected: Int = 0, now: String) throws(SQLiteError) -> Outcome {
        remember = nil
        if rowsWritten == 0 { return .refused("the run wrote no rows") }
        if rejected > 0 {
            return .refused(
                "\(rejected) \(rejected == 1 ? "line was" : "lines were") rejected, and the rows they stand for cannot be told from rows gone from the source; fix them (--rejects keeps them) and load again"
            )
        }
        if Double(rowsWritten) < minimumFraction * Double(rowsBefore) {
            return .refused("the run wrote \(rowsWritten) rows, fewer than --sweep-min \(minimumFraction) of the \(rowsBefore) the table had")
        }
        let keys = primaryKey.map(Database.quote).joined(separator: ", ")
        let seenKeys = primaryKey.indices.map { "k\($0)" }.joined(separator: ", ")
        let notSeen = "(\(keys)) NOT IN (SELECT \(seenKeys) FROM temp.sluice_seen)"
        let target = Database.quote(table)
        switch mode {
        case .delete:
            try database.execute("DELETE FROM \(target) WHERE \(notSeen)")
            return .swept(database.changes)
        case .mark:
            let stale = Database.quote(Sweeper.staleColumn)
            let hasColumn =
                try database.column("SELECT count(*) FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(Sweeper.staleColumn)]).first
                == "1"
            if !hasColumn { try database.execute("ALTER TABLE \(target) ADD COLUMN \(stale) TEXT") }
            try database.execute("UPDATE \(target) SET \(stale) = NULL WHERE \(stale) IS NOT NULL AND NOT \(notSeen)")
            let mark = try database.prepare("UPDATE \(target) SET \(stale) = ? WHERE \(stale) IS NULL AND \(notSeen)")
            try mark.bind(.text(now), at: 1)
            try mark.step()
            return .swept(database.changes)
        }
    }
}
