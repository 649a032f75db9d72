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
    /// Records held until the table exists: their rows as written (for the column types),
    /// where they came from, and their bytes (to write them from once it does).
    var pending: [(row: RecordFlattener.Row, location: StageContext.Location, raw: [UInt8])] = []
    var sinceCommit = 0
    /// What the `--batch-size` commits have kept, for a failure message.
    let work: CommittedWork
    let startedAt: String
    /// This run's `_sluice_runs` row, once a batch has written it.
    private(set) var runID: Int64?
    /// Where held records are read again once the table exists.
    private let heldRows = FlatRows()
    /// dedupe's merge lines, applied after the rows (`ClusterMerges`).
    var merges = ClusterMerges()
    /// Rows waiting to be inserted together (`TableLoader.writeTogether`). Their lines are the
    /// reader's batch's, so they are written when the batch ends (`writeHeld`), and before any
    /// other row is written, a record rejected or a batch committed: in input order.
    private var held: [TableLoader.HeldRow] = []
    /// Whether rows may wait to be inserted together: not with `--extract` (a row's lookup rows
    /// are found one row at a time), nor into a table that would store them otherwise
    /// (`TableSchema.takesRowsTogether`).
    private let holdsRows: Bool
    /// Rows still to write one by one since a statement of rows together was refused: loading
    /// rows the table already has, most statements would be, and each costs their binding twice.
    private var rowsAlone = 0
    /// Rows stored by statements of many rows (the rest went one by one): what tests check.
    private(set) var rowsWrittenTogether = 0
    static let rowsAloneAfterRefusal = 1024

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
        holdsRows = try lookups.isEmpty && (!schema.exists || schema.takesRowsTogether(in: database))
        let existed = schema.exists
        loader.onNewColumn = { [table = command.table] column in
            if existed { context.warn("table '\(table)': added column '\(column)'") }
        }
    }

    var changed: Int { loader.changed }

    /// The row as written and what it takes from lookups: the layout of its names, its
    /// `--extract` plan and the lookup ids (found or made), or why it cannot be written.
    struct Prepared {
        var layout: ColumnLayout
        var extraction: ColumnLayout.Extraction?
        var ids: [Int64] = []
    }

    /// Loads one record, given as its row (`FlatRow`) and its line.
    mutating func add(_ row: FlatRow, line: UnsafeBufferPointer<UInt8>, at location: StageContext.Location) throws {
        if let value = ClusterMerge.candidate(row, line: line) {
            do throws(ClusterMerge.Malformed) {
                if try merges.hold(value, location: location, raw: line) { return }
            } catch {
                return try reject(.badMerge(error.why), location: location, raw: line)
            }
        }
        let layout = loader.layout(for: row)
        for collision in loader.newCollisions(in: layout, at: location) {
            context.warn("table '\(command.table)': \(Diagnostic.location(location.source, location.line))\(collision.message)")
        }
        // Checked now rather than when held records are written, so rejects keep input order.
        if let key = loader.missingKey(in: row, layout: layout) {
            return try reject(.missingKey(key), location: location, raw: line)
        }
        let prepared: Prepared
        switch try prepare(row, layout, line: line) {
        case .success(let ready): prepared = ready
        case .failure(let refusal): return try reject(refusal, location: location, raw: line)
        }
        guard loader.schema.exists else {
            // Named as written: each entry by its own column, then the lookups' foreign keys.
            let names = prepared.extraction?.written.names ?? layout.columns
            let values = names.indices.map { loader.value(at: $0, of: row, line: line, extraction: prepared.extraction, ids: prepared.ids) }
            pending.append((Array(zip(names, values)), location, Array(line)))
            if pending.count >= LoadSession.inferenceSample { try createTable() }
            return
        }
        try write(row, prepared, line: line, location: location)
    }

    /// Finds or makes the row's lookup rows (`--extract`) and checks its `--references`.
    mutating func prepare(_ row: FlatRow, _ layout: ColumnLayout, line: UnsafeBufferPointer<UInt8>) throws -> Result<Prepared, TableLoader.Refusal> {
        var prepared = Prepared(layout: layout)
        if !lookups.isEmpty {
            let extraction = layout.extraction(of: lookups.map(\.spec), primaryKey: command.primaryKey)
            prepared.extraction = extraction
            for (index, lookup) in lookups.enumerated() {
                let values: RecordFlattener.Row = extraction.extracted[index].map { entry in
                    switch entry.source {
                    case .entry(let leaf): (entry.column, FlatRow.value(of: row.leaves[leaf], in: line))
                    case .lookup(let earlier): (entry.column, .integer(prepared.ids[earlier]))
                    }
                }
                guard values.contains(where: { $0.value != .null }) else { return .failure(.missingReference(lookup.spec.table)) }
                prepared.ids.append(try lookup.id(for: values))
            }
        }
        if !referenceChecks.isEmpty {
            let names = prepared.extraction?.written.names ?? layout.columns
            for check in referenceChecks {
                let wanted = check.spec.column.sqliteFolded
                let value = names.firstIndex { $0.sqliteFolded == wanted }.map {
                    loader.value(at: $0, of: row, line: line, extraction: prepared.extraction, ids: prepared.ids)
                }
                if let problem = try check.problem(with: value) { return .failure(.unknownReference(check.spec, problem)) }
            }
        }
        return .success(prepared)
    }

    mutating func finish() throws {
        try writeHeld()
        if !loader.schema.exists, !pending.isEmpty { try createTable() }
        for entry in try merges.apply(to: loader.schema, in: database) {
            try entry.raw.withUnsafeBufferPointer { raw in try reject(.noClusterColumn(entry.merge.member), location: entry.location, raw: raw) }
        }
        context.accounting.merged += merges.applied + merges.summarised
    }

    mutating func createTable() throws {
        // Under --strict the first record defines the columns; the rest of the sample only types them.
        let columns = command.strict ? pending.first { !$0.row.isEmpty }.map { Set($0.row.map(\.column.sqliteFolded)) } : nil
        try loader.schema.create(
            in: database, from: pending.map(\.row), primaryKey: command.primaryKey, onlyColumns: columns, references: loader.references)
        let held = pending
        pending = []
        for entry in held {
            try entry.raw.withUnsafeBufferPointer { raw in
                // No field in the whole sample: no table can be made of it.
                guard loader.schema.exists else { return try reject(.noColumns, location: entry.location, raw: raw) }
                // Checked when it came (its lookup rows are made and cached): written as it was prepared.
                heldRows.clear()
                let row = heldRows.row(heldRows.scan(try NDJSONRecord(raw)))
                if case .success(let prepared) = try prepare(row, loader.layout(for: row), line: raw) {
                    try write(row, prepared, line: raw, location: entry.location)
                    // The row is read into `heldRows`, which the next entry is read over.
                    try writeHeld()
                }
            }
        }
    }

    /// Writes a row, or holds it to be inserted with the rows after it (`writeHeld`): a row of a
    /// layout whose columns the table has.
    mutating func write(_ row: FlatRow, _ prepared: Prepared, line: UnsafeBufferPointer<UInt8>, location: StageContext.Location) throws {
        if holdsRows, prepared.extraction == nil, prepared.layout.statement != nil, rowsAlone == 0 {
            held.append(TableLoader.HeldRow(row: row, layout: prepared.layout, line: line, location: location))
            // A --batch-size commit falls between two statements, as it fell between two rows.
            let room = command.batchSize > 0 ? min(loader.rowsPerStatement, command.batchSize - sinceCommit) : loader.rowsPerStatement
            if held.count >= room { try writeHeld() }
            return
        }
        try writeHeld()
        rowsAlone = max(rowsAlone - 1, 0)
        let refusal = try loader.write(row, layout: prepared.layout, line: line, extraction: prepared.extraction, ids: prepared.ids)
        try settle(row, prepared, refusal, line: line, location: location)
    }

    /// Writes the rows held, together when there are enough of them and SQLite takes them,
    /// else one by one; then settles each, in order.
    mutating func writeHeld() throws {
        guard !held.isEmpty else { return }
        let rows = held
        held.removeAll(keepingCapacity: true)
        let together = rows.count == loader.rowsPerStatement
        if together, try loader.writeTogether(rows) {
            rowsWrittenTogether += rows.count
            for entry in rows { try settle(entry.row, Prepared(layout: entry.layout), nil, line: entry.line, location: entry.location) }
            return
        }
        if together { rowsAlone = LoadSession.rowsAloneAfterRefusal }
        for entry in rows {
            let refusal = try loader.write(entry.row, layout: entry.layout, line: entry.line, extraction: nil, ids: [])
            try settle(entry.row, Prepared(layout: entry.layout), refusal, line: entry.line, location: entry.location)
        }
    }

    /// Accounts for a row written (the sweeper sees its key; a `--batch-size` batch may end
    /// with it), or rejects it.
    mutating func settle(
        _ row: FlatRow, _ prepared: Prepared, _ refusal: TableLoader.Refusal?, line: UnsafeBufferPointer<UInt8>, location: StageContext.Location
    ) throws {
        if let refusal { return try reject(refusal, location: location, raw: line) }
        if let sweeper {
            try sweeper.saw(loader.keyValues(of: row, layout: prepared.layout, line: line, extraction: prepared.extraction, ids: prepared.ids))
        }
        context.accounting.recordsOut += 1
        sinceCommit += 1
        if command.batchSize > 0, sinceCommit >= command.batchSize {
            try commitBatch(through: location)
            sinceCommit = 0
        }
    }

    /// Commits one `--batch-size` batch with everything that must agree with it: the R*Trees and
    /// the full-text index, the run's `_sluice_runs` row (`running`, with the counts so far) and
    /// the rejects on disk.
    mutating func commitBatch(through location: StageContext.Location) throws {
        try SearchIndexes.ensureSpatialIndexes(table: loader.schema, lookups: lookups.map(\.schema), command.spatialIndex, in: database)
        // Once the table has every --fts column (NamedColumns refuses a name it never gets).
        if !command.fullText.isEmpty, command.fullText.allSatisfy({ loader.schema.existing($0) != nil }) {
            let columns = command.fullText.map { loader.schema.existing($0) ?? $0 }
            _ = try SearchIndexes.ensureFullText(on: command.table, columns: columns, in: database)
        }
        // In: the records this commit settles, written or rejected. A reader thread has counted
        // lines past this one in, which a killed run never writes nor rejects.
        var accounting = context.accounting
        accounting.recordsIn = accounting.recordsOut + accounting.rejected + accounting.merged - accounting.split
        let entry = command.runEntry(startedAt: startedAt, accounting: accounting, status: .running, batches: work.batches + 1)
        let id = try RunLog.write(entry, id: runID, in: database)
        runID = id
        try context.rejects.sync()
        try database.commitAndBegin { [work, accounting] in
            work.committed(accounting, through: location)
            work.runID = id
        }
    }

    /// Rejects a record, after writing the rows held before it (rejects stay in input order).
    mutating func reject(_ refusal: TableLoader.Refusal, location: StageContext.Location, raw: UnsafeBufferPointer<UInt8>) throws {
        try writeHeld()
        let (reason, detail): (RejectReason, String) =
            switch refusal {
            case .missingKey(let key): (.missingKey, "primary key column '\(key)' is missing or null")
            case .unknownColumns(let columns):
                (.unknownColumn, "table '\(command.table)' has no column \(columns.map { "'\($0)'" }.joined(separator: ", ")) (--strict)")
            case .refused(let error): (.databaseRefused, "the database refused the row: \(error.message)")
            case .tooManyColumns(let count):
                (.tooManyColumns, "table '\(command.table)' would need \(count) columns; SQLite allows \(database.columnLimit)")
            case .noColumns: (.noColumns, "no record to create table '\(command.table)' from has a field (SQLite has no table without columns)")
            case .noClusterColumn(let member):
                (
                    .noClusterColumn,
                    "a merge of \(member) clusters, and table '\(command.table)' has no column \(member.replacingDots())_cluster to apply it to"
                )
            case .badMerge(let why): (.badMerge, why)
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
