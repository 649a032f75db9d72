import Foundation
import SluiceCore

extension RejectReason {
    /// sluice-load's own reasons, in its REJECTS table after the shared ones.
    static let load: [RejectReason] = [
        .missingKey, .unknownColumn, .databaseRefused, .missingReference, .unknownReference, .tooManyColumns, .noColumns,
        .noClusterColumn, .badMerge,
    ]
    /// With `--pk`, a record whose key is missing or null cannot be upserted.
    static let missingKey = RejectReason("missing_key", "--pk column missing or null")
    /// With `--strict`, a record brings a field the table has no column for.
    static let unknownColumn = RejectReason("unknown_column", "a new field under --strict")
    static let databaseRefused = RejectReason("database_refused", "a constraint failed")
    /// With `--extract`, a record has none of the extracted fields, so nothing to refer to.
    static let missingReference = RejectReason(
        "missing_reference", "none of an --extract's fields (or no value in a --references column)")
    /// With `--references`, a value the referenced table does not have.
    static let unknownReference = RejectReason("unknown_reference", "a --references value that TABLE does not have")
    /// The record's fields would take the table past SQLite's column limit.
    static let tooManyColumns = RejectReason("too_many_columns", "the table would pass SQLite's 2,000 columns")
    /// The table does not exist yet and no record of the sample has a field to make a column of
    /// (`{}` alone): SQLite has no table without columns.
    static let noColumns = RejectReason("no_columns", "a new table and no field in its first 1,000 records ({} alone)")
    /// A merge line of sluice-dedupe --against, and no MEMBER_cluster column for it to update.
    static let noClusterColumn = RejectReason("no_cluster_column", "a dedupe merge line, and the table has no MEMBER_cluster column")
    /// A line in the shape of a merge line whose ids dedupe never writes: applied, it would move
    /// rows into a cluster no record has (`""`), or take a cluster's rows off canonical.
    static let badMerge = RejectReason(
        "bad_merge", "a dedupe merge line whose ids are not two different cluster ids, or a merge or summary line of other members")
}

/// `sluice-load`: writes NDJSON records into a SQLite table, creating and extending it as
/// needed, appending or (with `--pk`) upserting, in one transaction; optionally sweeping rows
/// that vanished, extracting lookup tables, swapping in a rebuilt table, and indexing.
public struct LoadCommand: StageCommand {
    /// No records out (`--describe-output`): rows of a database.
    public static let output = OutputDescription(
        addsNothing:
            "writes no records: the records become rows of a SQLite table, each member a column (address.key: address_key); --export writes a table back as NDJSON"
    )

    public static let usage = Usage(
        name: "sluice-load",
        overview: "load NDJSON records into a SQLite table, creating it from the data; upsert with --pk",
        synopsis: [
            "sluice-load DATABASE --table NAME [--pk COL[,COL]] [options] [INPUT ...]   (default input: stdin)",
            "sluice-load DATABASE --export TABLE [--nest MEMBER[,MEMBER…]]           (the table's rows as NDJSON on stdout)",
        ],
        options: [
            .value("table", "NAME", "the table to load (required); created from the records when absent"),
            .value("export", "TABLE", "load nothing: write TABLE's rows to stdout as NDJSON records, in row order (see EXPORT)"),
            .value("nest", "MEMBERS", "with --export: put each MEMBER_x column back into member MEMBER as x (default dedupe)"),
            .value("pk", "COL[,COL]", "primary key: a re-run updates rows with the same key instead of adding rows"),
            OptionSpec(
                "sweep", .optionalValue("MODE"),
                "with --pk: delete rows whose key did not come in this run (MODE mark: flag them instead); not when a line was rejected"),
            .value("sweep-min", "FRACTION", "refuse to sweep when this run wrote fewer than FRACTION of the table's rows (default 0.5)"),
            .value("extract", "FIELDS[:TABLE]", "move FIELDS (title,year or address.*,geo.*) to a unique lookup TABLE; leave TABLE_id (repeatable)"),
            .value(
                "references", "COL:TABLE[.COL]",
                "COL refers to TABLE.COL (default id), loaded before: declare the foreign key, reject unknown values (repeatable)"),
            .flag("replace", "build the table anew under a temporary name and swap it in atomically"),
            .value("index", "COL[,COL]", "create an index on each column (repeatable)"),
            .value("fts", "COL[,COL]", "build an FTS5 full-text index TABLE_fts over these columns, if this SQLite has FTS5"),
            .flag("spatial-index", "also keep an R*Tree over the loaded table's own latitude/longitude columns (see SPATIAL INDEX)"),
            .flag("no-spatial-index", "build no R*Tree, not even over --extract tables (existing ones are still kept exact)"),
            .value("rejects-table", "NAME", "also keep rows the database refused in table NAME, with their reason"),
            .value("batch-size", "N", "commit every N rows; a failure keeps the batches before it (default 0: one transaction)"),
            .flag("strict", "refuse records with fields the table has no column for (default: add columns)"),
            .value("busy-timeout", "MS", "wait this long for another writer's lock before failing (default 5000)"),
            .value("max-pages", "N", "a size quota: fail cleanly (nothing written) if the database would pass N pages"),
            .value(
                "threads", "N",
                "2 or more: read records on a thread beside the one writing to SQLite; 1: one thread (default $SLUICE_THREADS, else one per core)"),
        ],
        examples: [
            "sluice-fetch --keys snake_case data/Film_Locations_in_San_Francisco.csv | sluice-load films.db --table films",
            "sluice-load films.db --table films --pk provenance_source,provenance_row --sweep build/pipeline/01-fetched.ndjson",
            "sluice-load ads.db --table ads --pk id --extract category:categories --index posted_at ads.ndjson",
            "sluice-load classifieds.db --table categories --pk id categories.ndjson && sluice-load classifieds.db --table ads --pk id --references category_id:categories ads.ndjson",
            "sqlite3 films.db 'SELECT title, count(*) FROM films GROUP BY title ORDER BY 2 DESC LIMIT 5'",
            "sluice-load build/pipeline/sf-film-locations.db --export film_locations --nest entity,dedupe,address,geo,provenance > known.ndjson",
        ],
        memory:
            "one record at a time, plus up to 1,000 records when a new table's column types are inferred, plus one key per distinct --extract value, plus up to 1,024 distinct record shapes (their column names and statements), plus SQLite's page cache of 8 MiB. Swept keys go to a temporary table, not memory. The bench's sanitized records into a new table by --pk: 41 MB peak resident at 1M and at 10M (release build, 2026-11-29).",
        disk:
            "the database (385 MB for the bench's 1M sanitized records by --pk, 3.9 GB for 10M) and beside it SQLite's journal: a new database's rollback journal (the pages a transaction changes that were there before: small for a new table), an existing one's WAL (about the rows the run writes, folded into the database at the end). A killed load leaves the journal for the next open to roll back or replay: it is the database's, not a temporary file. SQLite's own temporary files (an index sorted, --sweep's keys) go to $SQLITE_TMPDIR or $TMPDIR (default /var/tmp, /usr/tmp, /tmp) and are unlinked when opened, so none is left.",
        sections: [
            (
                title: "TABLE",
                body: """
                  Every value of a loaded record can be read back from its row (nothing is dropped or rounded):
                  names   nested objects become parent_child columns (a.b -> a_b); a NUL in a name is written \\u0000.
                          SQLite ignores ASCII case in column names, so when fields of one record name one column
                          ({"id":1,"ID":2}; a_b beside a.b; a repeated key), the first in the record takes the name
                          and each later one the first free NAME#2, NAME#3... (warned once per run, and listed in
                          _sluice_runs.collisions).
                  values  strings as TEXT; true/false as 1/0; null as NULL; arrays as their JSON text; an empty
                          object as the text {}; a record {} as a row of nulls; numbers as INTEGER (whole, 64-bit)
                          or REAL when the double reads back as the number written, else as their JSON text
                          (123456789012345678901234567890, 1e400, 0.12345678901234567890).
                  types   a new table types each column from its first 1,000 records: INTEGER, REAL or TEXT (TEXT
                          once a string or a number only text holds is seen). A later value of another type is
                          kept as it is: a number in a TEXT column is its JSON text as written; in an INTEGER or
                          REAL column, text that SQLite would turn into a number (007, " 12", 1e5) and a number the
                          column would round (1e400; beyond 2^53 in REAL) are a BLOB of their UTF-8 text
                          (CAST(col AS TEXT) reads it).
                  Fields first seen later add columns (ALTER TABLE), unless --strict. Table and column names are
                  always quoted, whatever they contain.
                  With --pk, only the incoming columns of an existing row are updated: columns the input
                  never mentions (added by people or other tools) keep their values.
                  The database is in WAL mode; a run is one transaction, so a failed or killed load leaves
                  the database as it was before the run, and its message says "nothing was committed".
                  A new database (no file, or an empty one) is written with a rollback journal and switched
                  to WAL when the run ends: its pages are written once rather than twice. Its pages are of
                  16 KiB (SQLite's default is 4 KiB): fewer writes (--max-pages counts these).
                  The --rejects file is synced before the commit; if it cannot be written, the run rolls back.
                  With --batch-size N each N rows are committed with the R*Trees, the rejects and the run's
                  _sluice_runs row; a failure keeps the whole batches before it and says how many rows.
                  Each run is recorded in _sluice_runs (time, table, sources, counts, options, collisions, status:
                  complete; with --batch-size running, failed with its error, or interrupted when a later
                  run finds it still running; merges, merged_rows, linked and created: see MERGED CLUSTERS).
                """
            ),
            (
                title: "MERGED CLUSTERS",
                body: """
                  A line of sluice-dedupe --against {"dedupe":{"merge":{"absorbed":"A","into":"B","records":N}}}
                  (a line of one member, any name for dedupe's --as, holding merge alone) is not a row: after the run's rows,
                  in the same transaction, rows with dedupe_cluster = A take B and dedupe_canonical = 0, and B's
                  rows get dedupe_size = how many rows carry B (each column if the table has it). Counted as
                  merged (in = out + rejected + merged); rejected (no_cluster_column) if the table has no
                  dedupe_cluster column, and (bad_merge) if A or B is not a cluster id (16 lower-case hex digits), A is B,
                  or merge holds other members. Its last line {"dedupe":{"against":{"known":K,"joined":J,"created":C,"merged":M}}}
                  is not a row either (counted as merged too; bad_merge unless against holds these four whole numbers
                  from 0 alone): _sluice_runs.linked = J (input records that joined a
                  known cluster), created = C (new clusters), and every cluster whose rows do not all carry its row
                  count gets dedupe_size = how many rows carry its id (the known clusters new rows joined).
                """
            ),
            (
                title: "EXPORT",
                body: """
                  --export TABLE writes each row of TABLE as one NDJSON record, for sluice-dedupe --against (a week's
                  records linked to the clusters the database holds) or any other stage. Members are the columns, in
                  table order; with --nest dedupe,address the columns dedupe_cluster, dedupe_size... and address_key...
                  go back into "dedupe":{"cluster":...} and "address":{"key":...} (one level per member named: names
                  flattened with _ cannot say which _ was a dot). Values as SQLite holds them: INTEGER and REAL as
                  numbers, TEXT and BLOB as strings (arrays and numbers kept as text come back as strings, true and
                  false as 1 and 0); NULL columns are left out. Nothing is written to the database. A database or
                  table that does not exist: 66; a value whose bytes are not UTF-8 text (a BLOB another program
                  stored), or a row whose column named like a --nest member (dedupe) holds a value beside that
                  member's columns (one record cannot have two members dedupe): 65, naming its row and column.
                """
            ),
            (
                title: "SPATIAL INDEX",
                body: """
                  An R*Tree TABLE_rtree over a table's latitude/longitude columns (geo_lat/geo_lon, lat/lon,
                  latitude/longitude, any X_lat/X_lon), kept in step with the table by triggers, so that
                  bounding-box queries work from sqlite3. Lookup tables (--extract) get one: they hold each
                  place once. The loaded table gets one with --spatial-index: its rows repeat their places
                  (1M records of the bench: 926,584 points, 68,393 distinct; with the R*Tree the load took about
                  19 s of CPU, without it 6.4 s). An R*Tree that exists is always kept exact.
                """
            ),
            (
                title: "LOOKUP TABLES (--extract)",
                body: """
                  The lookup table has id INTEGER PRIMARY KEY, _key TEXT NOT NULL UNIQUE (the canonical JSON of
                  the extracted values) and one column per extracted field; the main table keeps a NOT NULL
                  foreign key TABLE_id. Foreign keys are enforced (PRAGMA foreign_keys = ON).
                """
            ),
        ],
        rejects: RejectReason.load,
        operands: [.output, .input])

    var databasePath: String
    var inputs: [String]
    var table: String
    var primaryKey: [String]
    var sweep: Sweeper.Mode?
    var sweepMinimum: Double
    var extracts: [LookupTable.Spec]
    var references: [ReferenceCheck.Spec]
    var replace: Bool
    var indexes: [String]
    var fullText: [String]
    var spatialIndex: SearchIndexes.Spatial
    var rejectsTable: String?
    var batchSize: Int
    var strict: Bool
    var busyTimeout: Int
    var maxPages: Int?
    var threads: Int
    var commandLine: [String]
    /// `--export TABLE`: the members to rebuild (`--nest`); nil when loading.
    var exportNest: [String]?

    public init(arguments: ParsedArguments) throws(StageFailure) {
        guard let first = arguments.positionals.first else { throw .usage("missing the DATABASE argument") }
        if LoadCommand.isTemporaryDatabase(first) {
            throw .usage(
                "DATABASE '\(first)' is one SQLite deletes when the load ends (in memory or a temporary file): nothing would be kept; give a file name"
            )
        }
        databasePath = first
        inputs = Array(arguments.positionals.dropFirst())
        if let exported = arguments["export"] {
            guard !exported.isEmpty else { throw .usage("option '--export' needs a table name") }
            guard inputs.isEmpty else { throw .usage("option '--export' reads the table and writes NDJSON: give no INPUT") }
            for loading in ["table", "pk", "sweep", "extract", "references", "replace", "index", "fts", "rejects-table", "batch-size", "strict"]
            where arguments.has(loading) {
                throw .usage("option '--\(loading)' loads records; '--export' only reads the table")
            }
            table = exported
            exportNest = try arguments.names("nest")
            if exportNest?.isEmpty ?? true { exportNest = ["dedupe"] }
        } else {
            if arguments.has("nest") { throw .usage("option '--nest' needs --export") }
            guard let table = arguments["table"], !table.isEmpty else { throw .usage("missing option '--table NAME'") }
            try LoadCommand.checkTableName(table, option: "table")
            self.table = table
        }
        primaryKey = try arguments.names("pk").map { $0.replacingDots() }
        if arguments.has("sweep") {
            let mode = arguments["sweep"] ?? ""
            guard let parsed = mode.isEmpty ? .delete : Sweeper.Mode(rawValue: mode) else {
                throw .usage("option '--sweep' takes delete (the default) or mark, got '\(mode)'")
            }
            guard !primaryKey.isEmpty else { throw .usage("option '--sweep' needs --pk: rows are matched by key") }
            sweep = parsed
        }
        sweepMinimum = try arguments.double("sweep-min", default: 0.5, range: 0...1)
        extracts = try arguments.all("extract").map { spec throws(StageFailure) in try LookupTable.Spec(spec) }
        for extract in extracts {
            try LoadCommand.checkTableName(extract.table, option: "extract")
            if extract.table.sqliteFolded == table.sqliteFolded {
                throw .usage("option '--extract' names the lookup table '\(extract.table)', the table being loaded: name it with FIELDS:TABLE")
            }
        }
        references = try arguments.all("references").map { spec throws(StageFailure) in try ReferenceCheck.Spec(spec) }
        replace = arguments.has("replace")
        indexes = try arguments.names("index").map { $0.replacingDots() }
        fullText = try arguments.names("fts").map { $0.replacingDots() }
        guard !arguments.has("spatial-index") || !arguments.has("no-spatial-index") else {
            throw .usage("options '--spatial-index' and '--no-spatial-index' cannot be combined")
        }
        spatialIndex = arguments.has("spatial-index") ? .everyTable : arguments.has("no-spatial-index") ? .existing : .lookupTables
        rejectsTable = arguments["rejects-table"]
        if let rejectsTable {
            try LoadCommand.checkTableName(rejectsTable, option: "rejects-table")
            if rejectsTable.sqliteFolded == table.sqliteFolded || extracts.contains(where: { $0.table.sqliteFolded == rejectsTable.sqliteFolded }) {
                throw .usage("option '--rejects-table' names '\(rejectsTable)', a table this load writes records to: give it a name of its own")
            }
        }
        batchSize = try arguments.int("batch-size", default: 0)
        if replace, batchSize > 0 { throw .usage("options '--replace' and '--batch-size' cannot be combined: the swap is one transaction") }
        strict = arguments.has("strict")
        busyTimeout = try arguments.int("busy-timeout", default: 5000, range: 0...3_600_000)
        maxPages = arguments["max-pages"] == nil ? nil : try arguments.int("max-pages", default: 0, range: 1...Int(Int32.max))
        // The reader thread takes parsing off the one writing to SQLite, the serial part, in a
        // pipeline too.
        threads = try StageContext.threads(arguments, streaming: false)
        commandLine = Array(CommandLine.arguments.dropFirst())
    }

    /// Only `--export` writes records to stdout: a closed one would lose them (before, `sluice-load
    /// DB --export TABLE >&-` said "N exported", exit 0).
    public static func writesRecords(_ arguments: ParsedArguments) -> Bool { arguments.has("export") }

    /// `--export`: the table's rows to stdout; the database is only read.
    func export(_ nest: [String], _ context: StageContext) throws {
        guard FileManager.default.fileExists(atPath: databasePath) else {
            throw StageFailure(.noInput, "\(databasePath): no such database")
        }
        do {
            let database = try Database(path: databasePath, busyTimeoutMilliseconds: Int32(busyTimeout))
            var schema = TableSchema(table: table)
            try schema.read(from: database)
            guard schema.exists else { throw StageFailure(.noInput, "\(databasePath): no table '\(table)' to export") }
            // One read transaction: the rows of one moment, even while another process loads.
            try database.execute("BEGIN")
            let rows = try TableExport(table: table, nest: nest).write(from: database, to: context.output)
            try database.execute("COMMIT")
            context.accounting.recordsIn = rows
            context.accounting.recordsOut = rows
            context.accounting.outLabel = "exported"
        } catch let error as SQLiteError {
            throw StageFailure(.ioError, "\(databasePath): cannot export '\(table)': \(error.message)")
        }
    }

    /// Whether SQLite would open `path` as a database it deletes when closed: `''` (a temporary
    /// file), `:memory:`, and the URIs of either (`file::memory:`, `file:x?mode=memory`, `file:`).
    static func isTemporaryDatabase(_ path: String) -> Bool {
        if path.isEmpty || path == ":memory:" { return true }
        guard path.hasPrefix("file:") else { return false }
        let name = path.dropFirst(5).prefix { $0 != "?" && $0 != "#" }
        return name.isEmpty || name == ":memory:" || path.contains("mode=memory")
    }

    /// Refuses a table name that is Sluice's own (`_sluice_runs`, the `__sluice_new` of
    /// `--replace`) or SQLite's (`sqlite_…`, which it does not let anyone create).
    static func checkTableName(_ name: String, option: String) throws(StageFailure) {
        let folded = name.sqliteFolded
        if folded.hasPrefix("_sluice") || folded.hasSuffix("__sluice_new") || folded.hasPrefix("sqlite_") {
            throw .usage("option '--\(option)' names '\(name)', a name Sluice or SQLite keeps for its own tables: choose another")
        }
    }

    public mutating func run(_ context: StageContext) throws {
        if let exportNest { return try export(exportNest, context) }
        let database: Database
        let journal = Database.Journal(forLoading: databasePath)
        do {
            database = try Database(path: databasePath, busyTimeoutMilliseconds: Int32(busyTimeout))
            // 8 MiB of page cache, not SQLite's 2 MB: 512 of a new database's 16 KiB pages, so that
            // filling an R*Tree (--spatial-index) does not read and write its nodes over and over.
            try database.execute(journal.pragmas + " PRAGMA foreign_keys = ON; PRAGMA cache_size = -8192;")
            if let maxPages { try database.execute("PRAGMA max_page_count = \(maxPages)") }
        } catch {
            throw StageFailure(.ioError, "\(databasePath): cannot open the database: \(error.message); \(CommittedWork.nothing)")
        }
        let work = CommittedWork(batchSize: batchSize)
        defer { journal.finish(database, warn: context.warn) }
        do {
            try database.transaction { try load(into: database, context, work: work) }
        } catch {
            throw failure(error, work: work, database: database)
        }
    }

    /// The error that stopped the run, saying what was and was not committed; a `--batch-size`
    /// run that had committed batches is marked failed in `_sluice_runs` when the database lets us.
    func failure(_ error: any Error, work: CommittedWork, database: Database) -> StageFailure {
        let (code, message): (ExitCode, String) =
            switch error {
            case let failure as StageFailure: (failure.exitCode, failure.message)
            case let failure as SQLiteError: (.ioError, "\(databasePath): error: \(failure)")
            case let failure as IOFailure: (.ioError, failure.message)
            default: (.internalError, "internal error: \(error)")
            }
        var runStatus: String?
        if let id = work.runID {
            do {
                try database.transaction { try RunLog.markFailed(id, error: message, in: database) }
                runStatus = "row \(id) says failed"
            } catch {
                runStatus = "row \(id) still says running, as it could not be updated: \(error)"
            }
        }
        return StageFailure(code, message + "; " + work.summary(runStatus: runStatus))
    }

    /// The run's row in `_sluice_runs` as it stands.
    func runEntry(startedAt: String, accounting: Accounting, status: RunLog.Status, batches: Int?) -> RunLog.Entry {
        RunLog.Entry(
            startedAt: startedAt, table: table, sources: inputs.isEmpty ? ["<stdin>"] : inputs, accounting: accounting,
            options: commandLine, status: status, batches: batches)
    }

    /// The whole run, inside the caller's transaction (which `--batch-size` commits and reopens).
    func load(into database: Database, _ context: StageContext, work: CommittedWork) throws {
        let startedAt = RunLog.timestamp()
        try RunLog.prepare(in: database)
        try RunLog.markInterrupted(in: database)
        let target = replace ? "\(table)__sluice_new" : table
        if replace { try database.execute("DROP TABLE IF EXISTS \(Database.quote(target))") }
        var schema = TableSchema(table: target)
        try schema.read(from: database)
        let rowsBefore = Int(schema.exists ? try database.scalarInt("SELECT count(*) FROM \(Database.quote(target))") ?? 0 : 0)
        var replaced = TableSchema(table: table)
        if replace { try replaced.read(from: database) }
        if let rejectsTable { try RunLog.createRejectsTable(rejectsTable, in: database) }
        let sweeper = try sweep.map { mode throws(SQLiteError) in
            try Sweeper(database: database, table: target, primaryKey: primaryKey, mode: mode, minimumFraction: sweepMinimum)
        }
        var session = try LoadSession(
            database: database, schema: schema, command: self, context: context, sweeper: sweeper, work: work, startedAt: startedAt)
        try context.forEachRecord(
            in: inputs, readers: threads > 1 ? 1 : 0, makeReader: FlatRowReader.init, settle: { try session.writeHeld() }
        ) { line, place, rows, location in
            try session.add(rows.row(place), line: line, at: location)
        }
        try session.finish()
        // The last line was cut short: the input is not whole, so none of this run is kept.
        if let failure = context.inputCutFailure { throw failure }
        try NamedColumns(command: self).check(table: session.loader.schema, before: schema.columns, recordColumns: session.loader.recordColumns)

        var swept: Int?
        if let sweeper {
            switch try sweeper.sweep(
                rowsWritten: context.accounting.recordsOut, rowsBefore: rowsBefore, rejected: context.accounting.rejected, now: startedAt)
            {
            case .swept(let count): swept = count
            case .refused(let reason): context.warn("table '\(table)': not sweeping: \(reason)")
            }
        }
        if replace, session.loader.schema.exists {
            if replaced.exists { try database.execute("DROP TABLE \(Database.quote(table))") }
            try database.execute("ALTER TABLE \(Database.quote(target)) RENAME TO \(Database.quote(table))")
        }
        var finalSchema = TableSchema(table: table)
        try finalSchema.read(from: database)
        try buildIndexes(finalSchema, lookups: session.lookups, database: database, context: context)

        let rowsAfter = finalSchema.exists ? Int(try database.scalarInt("SELECT count(*) FROM \(Database.quote(table))") ?? 0) : 0
        let written = context.accounting.recordsOut
        let inserted = replace ? rowsAfter : rowsAfter - rowsBefore + (swept.map { sweep == .delete ? $0 : 0 } ?? 0)
        var details = ["\(inserted) inserted"]
        var entry = runEntry(startedAt: startedAt, accounting: context.accounting, status: .complete, batches: batchSize > 0 ? work.batches + 1 : nil)
        entry.inserted = inserted
        entry.swept = swept
        if !primaryKey.isEmpty, !replace {
            entry.updated = session.changed - inserted
            entry.unchanged = written - session.changed
            details += ["\(session.changed - inserted) updated", "\(written - session.changed) unchanged"]
        }
        if let swept { details.append("\(swept) \(sweep == .mark ? "marked stale" : "swept")") }
        entry.merges = session.merges.applied
        entry.mergedRows = session.merges.rowsMoved
        if session.merges.applied > 0 {
            details.append("\(session.merges.rowsMoved) \(session.merges.rowsMoved == 1 ? "row" : "rows") moved to surviving clusters")
        }
        if session.merges.summarised > 0 {
            entry.linked = session.merges.linked
            entry.created = session.merges.created
            details.append("\(session.merges.linked) linked to known clusters, \(session.merges.created) new clusters")
            if session.merges.rowsResized > 0 {
                details.append("\(session.merges.rowsResized) \(session.merges.rowsResized == 1 ? "row" : "rows") given their cluster's new size")
            }
        }
        for lookup in session.lookups where lookup.inserted > 0 {
            details.append("\(lookup.inserted) new in \(lookup.spec.table)")
        }
        entry.accounting.details = details
        context.accounting.details = details
        entry.collisions = session.loader.collisions.map { $0.collision.json(firstSeen: $0.location) }
        _ = try RunLog.write(entry, id: session.runID, in: database)
        // Before the commit: a committed run never loses its rejected lines to a full disk.
        try context.rejects.sync()
    }

    func buildIndexes(_ schema: TableSchema, lookups: [LookupTable], database: Database, context: StageContext) throws {
        guard schema.exists else { return }
        try SearchIndexes.createIndexes(on: table, columns: indexes.map { schema.existing($0) ?? $0 }, in: database)
        if !fullText.isEmpty, !(try SearchIndexes.ensureFullText(on: table, columns: fullText.map { schema.existing($0) ?? $0 }, in: database)) {
            context.warn("--fts skipped: this SQLite has no FTS5, or columns rowid, oid and _rowid_ hide the row id")
        }
        try SearchIndexes.ensureSpatialIndexes(table: schema, lookups: lookups.map(\.schema), spatialIndex, in: database)
    }
}

extension String {
    /// `address.key` names the flattened column `address_key`.
    func replacingDots() -> String { String(map { $0 == "." ? "_" : $0 }) }
}
