import SluiceCore

/// One run of `sluice-load` over the records: extracts lookup values, buffers the first
/// records while a new table's types are inferred, then writes each record as it comes,
/// rejecting the ones the table cannot take and committing every `--batch-size` rows.
struct LoadSession {
    static let inferenceSample = 1000

    let database: Database
    let command: LoadCommand
    let context: StageContext
    var loader: TableLoader
    let lookups: [LookupTable]
    let referenceChecks: [ReferenceCheck]
    let sweeper: Sweeper?
    /// Records held until the table exists: their rows, where they came from, and their bytes.
    var pending: [(row: RecordFlattener.Row, location: StageContext.Location, raw: [UInt8])] = []
    var sinceCommit = 0
    /// What the `--batch-size` commits have kept, for a failure message.
    let work: CommittedWork
    let startedAt: String
    /// This run's `_sluice_runs` row, once a batch has written it.
    private(set) var runID: Int64?

    init(
        database: Database, schema: TableSchema, command: LoadCommand, context: StageContext, sweeper: Sweeper?, work: CommittedWork,
        startedAt: String
    ) throws {
        self.database = database
        self.command = command
        self.context = context
        self.sweeper = sweeper
        self.work = work
        self.startedAt = startedAt
        lookups = try command.extracts.map { spec throws(SQLiteError) in try LookupTable(spec: spec, database: database) }
        loader = TableLoader(database: database, schema: schema, primaryKey: command.primaryKey, strict: command.strict)
        referenceChecks = try command.references.map { spec in try ReferenceCheck(spec: spec, database: database) }
        loader.references = Dictionary(
            lookups.map { ($0.spec.foreignKey, ForeignKey(table: $0.spec.table)) } + command.references.map { ($0.column, $0.target) },
            uniquingKeysWith: { first, _ in first })
        let existed = schema.exists
        loader.onNewColumn = { [table = command.table] column in
            if existed { context.warn("table '\(table)': added column '\(column)'") }
        }
    }

    var changed: Int { loader.changed }

    mutating func add(_ record: NDJSONRecord, at location: StageContext.Location) throws {
        var row = loader.flatten(record)
        for collision in loader.resolveNames(&row, at: location) {
            context.warn("table '\(command.table)': \(Diagnostic.location(location.source, location.line))\(collision.message)")
        }
        // Checked now rather than when held records are written, so rejects keep input order.
        if let key = loader.missingKey(in: row) {
            return try reject(.missingKey(key), location: location, raw: record.bytes)
        }
        for lookup in lookups {
            let referenced = try lookup.replace(in: &row)
            if !referenced { return try reject(.missingReference(lookup.spec.table), location: location, raw: record.bytes) }
        }
        for check in referenceChecks {
            if let problem = try check.problem(in: row) {
                return try reject(.unknownReference(check.spec, problem), location: location, raw: record.bytes)
            }
        }
        guard loader.schema.exists else {
            pending.append((row, location, Array(record.bytes)))
            if pending.count >= LoadSession.inferenceSample { try createTable() }
            return
        }
        try write(row, location: location, raw: record.bytes)
    }

    mutating func finish() throws {
        if !loader.schema.exists, !pending.isEmpty { try createTable() }
    }

    mutating func createTable() throws {
        // Under --strict the first record defines the columns; the rest of the sample only types them.
        let columns = command.strict ? pending.first { !$0.row.isEmpty }.map { Set($0.row.map(\.column.sqliteFolded)) } : nil
        try loader.schema.create(
            in: database, from: pending.map(\.row), primaryKey: command.primaryKey, onlyColumns: columns, references: loader.references)
        let held = pending
        pending = []
        for entry in held {
            // No field in the whole sample: no table can be made of it.
            guard loader.schema.exists else {
                try entry.raw.withUnsafeBufferPointer { raw in try reject(.noColumns, location: entry.location, raw: raw) }
                continue
            }
            try entry.raw.withUnsafeBufferPointer { raw in try write(entry.row, location: entry.location, raw: raw) }
        }
    }

    mutating func write(_ row: RecordFlattener.Row, location: StageContext.Location, raw: UnsafeBufferPointer<UInt8>) throws {
        switch try loader.write(row) {
        case .success(let key):
            try sweeper?.saw(key)
            context.accounting.recordsOut += 1
            sinceCommit += 1
            if command.batchSize > 0, sinceCommit >= command.batchSize {
                try commitBatch(through: location)
                sinceCommit = 0
            }
        case .failure(let refusal):
            try reject(refusal, location: location, raw: raw)
        }
    }

    /// Commits one `--batch-size` batch with everything that must agree with it: the R*Trees and
    /// the full-text index, the run's `_sluice_runs` row (`running`, with the counts so far) and
    /// the rejects on disk.
    mutating func commitBatch(through location: StageContext.Location) throws {
        if command.spatialIndex {
            for schema in [loader.schema] + lookups.map(\.schema) { _ = try SearchIndexes.ensureSpatialIndexes(for: schema, in: database) }
        }
        if !command.fullText.isEmpty, loader.schema.exists {
            let columns = command.fullText.map { loader.schema.existing($0) ?? $0 }
            _ = try SearchIndexes.ensureFullText(on: command.table, columns: columns, in: database)
        }
        let entry = command.runEntry(startedAt: startedAt, accounting: context.accounting, status: .running, batches: work.batches + 1)
        let id = try RunLog.write(entry, id: runID, in: database)
        runID = id
        try context.rejects.sync()
        try database.commitAndBegin { [work, accounting = context.accounting] in
            work.committed(accounting, through: location)
            work.runID = id
        }
    }

    func reject(_ refusal: TableLoader.Refusal, location: StageContext.Location, raw: UnsafeBufferPointer<UInt8>) throws {
        let (reason, detail): (RejectReason, String) =
            switch refusal {
            case .missingKey(let key): (.missingKey, "primary key column '\(key)' is missing or null")
            case .unknownColumns(let columns):
                (.unknownColumn, "table '\(command.table)' has no column \(columns.map { "'\($0)'" }.joined(separator: ", ")) (--strict)")
            case .refused(let error): (.databaseRefused, "the database refused the row: \(error.message)")
            case .tooManyColumns(let count):
                (.tooManyColumns, "table '\(command.table)' would need \(count) columns; SQLite allows \(database.columnLimit)")
            case .noColumns: (.noColumns, "no record to create table '\(command.table)' from has a field (SQLite has no table without columns)")
            case .missingReference(let table): (.missingReference, "none of the fields extracted to '\(table)' has a value")
            case .unknownReference(let spec, .missing):
                (.missingReference, "column '\(spec.column)' has no value to refer to \(spec.target.table).\(spec.target.column)")
            case .unknownReference(let spec, .unknown(let value)):
                (
                    .unknownReference,
                    "no row of '\(spec.target.table)' has \(spec.target.column) = \(value) (--references \(spec.column):\(spec.target.table))"
                )
            }
        if let rejectsTable = command.rejectsTable {
            // Kept in the database, so the load goes on even without a --rejects file.
            try RunLog.recordReject(
                in: rejectsTable, table: command.table, source: location.source, line: location.line, reason: reason, detail: detail,
                raw: String(decoding: raw, as: UTF8.self), database: database)
        }
        if command.rejectsTable == nil || context.rejects.isKeeping {
            try context.rejects.reject(source: location.source, line: location.line, reason: reason, detail: detail, raw: raw)
        }
        context.accounting.rejected += 1
    }
}
