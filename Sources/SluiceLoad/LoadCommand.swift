import SluiceCore

extension RejectReason {
    /// With `--pk`, a record whose key is missing or null cannot be upserted.
    static let missingKey = RejectReason(rawValue: "missing_key")
    /// With `--strict`, a record brings a field the table has no column for.
    static let unknownColumn = RejectReason(rawValue: "unknown_column")
    /// The database refused the row (a constraint failed).
    static let databaseRefused = RejectReason(rawValue: "database_refused")
}

/// `sluice-load`: writes NDJSON records into a SQLite table, creating and extending it as
/// needed, appending or (with `--pk`) upserting, in one transaction.
public struct LoadCommand: StageCommand {
    public static let usage = Usage(
        name: "sluice-load",
        overview: "load NDJSON records into a SQLite table, creating it from the data; upsert with --pk",
        synopsis: ["sluice-load DATABASE --table NAME [--pk COL[,COL]] [options] [INPUT ...]   (default input: stdin)"],
        options: [
            .value("table", "NAME", "the table to load (required); created from the records when absent"),
            .value("pk", "COL[,COL]", "primary key: a re-run updates rows with the same key instead of adding rows"),
            .value("batch-size", "N", "commit every N rows (default 0: the whole run is one transaction)"),
            .flag("strict", "refuse records with fields the table has no column for (default: add columns)"),
            .value("busy-timeout", "MS", "wait this long for another writer's lock before failing (default 5000)"),
        ],
        examples: [
            "sluice-fetch --keys snake_case data/Film_Locations_in_San_Francisco.csv | sluice-load films.db --table films",
            "sluice-load films.db --table films --pk provenance_source,provenance_row build/pipeline/01-fetched.ndjson",
            "sqlite3 films.db 'SELECT title, count(*) FROM films GROUP BY title ORDER BY 2 DESC LIMIT 5'",
        ],
        memory: "one record at a time, plus up to 1,000 records when a new table's column types are inferred. SQLite's page cache is its default (about 2 MB).",
        sections: [
            (title: "TABLE", body: """
                  Columns come from the records' fields: nested objects become parent_child columns, arrays
                  are stored as JSON text, true/false as 1/0. A new table types each column from its first
                  1,000 records (INTEGER, REAL or TEXT). Fields first seen later add columns (ALTER TABLE),
                  unless --strict. Table and column names are always quoted, whatever they contain.
                  The database is in WAL mode; a run is one transaction (or one per --batch-size rows), so
                  an interrupted load leaves the table as it was before the run (or the last batch).
                """),
            (title: "LOAD REJECTS", body: """
                  missing_key       --pk column missing or null     unknown_column  a new field under --strict
                  database_refused  a constraint failed
                """),
        ])

    var databasePath: String
    var inputs: [String]
    var table: String
    var primaryKey: [String]
    var batchSize: Int
    var strict: Bool
    var busyTimeout: Int

    public init(arguments: ParsedArguments) throws(StageFailure) {
        guard let first = arguments.positionals.first else { throw .usage("missing the DATABASE argument") }
        databasePath = first
        inputs = Array(arguments.positionals.dropFirst())
        guard let table = arguments["table"], !table.isEmpty else { throw .usage("missing option '--table NAME'") }
        self.table = table
        primaryKey = arguments.list("pk").map { $0.replacingDots() }
        batchSize = try arguments.int("batch-size", default: 0)
        strict = arguments.has("strict")
        busyTimeout = try arguments.int("busy-timeout", default: 5000, range: 0...3_600_000)
    }

    public mutating func run(_ context: StageContext) throws {
        let database: Database
        do {
            database = try Database(path: databasePath, busyTimeoutMilliseconds: Int32(busyTimeout))
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        } catch {
            throw StageFailure(.ioError, "\(databasePath): cannot open the database: \(error.message)")
        }
        do {
            try load(into: database, context)
        } catch let error as SQLiteError {
            throw StageFailure(.ioError, "\(databasePath): \(error)")
        }
    }

    func load(into database: Database, _ context: StageContext) throws {
        var schema = TableSchema(table: table)
        try schema.read(from: database)
        let rowsBefore = schema.exists ? try database.scalarInt("SELECT count(*) FROM \(Database.quote(table))") ?? 0 : 0
        var session = LoadSession(database: database, schema: schema, command: self, context: context)
        try database.execute("BEGIN IMMEDIATE")
        do {
            try context.forEachRecord(in: inputs) { record, location in
                try session.add(record, at: location)
            }
            try session.finish()
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
        let rowsAfter = try database.scalarInt("SELECT count(*) FROM \(Database.quote(table))") ?? 0
        let written = context.accounting.recordsOut
        let inserted = Int(rowsAfter - rowsBefore)
        if primaryKey.isEmpty {
            context.accounting.details = ["\(inserted) inserted"]
        } else {
            let changed = session.changed
            context.accounting.details = ["\(inserted) inserted", "\(changed - inserted) updated", "\(written - changed) unchanged"]
        }
    }
}

extension String {
    /// `address.key` names the flattened column `address_key`.
    func replacingDots() -> String { String(map { $0 == "." ? "_" : $0 }) }
}
