import SluiceCore

/// One run of `sluice-load`: buffers the first records while a new table's types are inferred,
/// then writes each record as it comes, rejecting the ones the table cannot take and committing
/// every `--batch-size` rows.
struct LoadSession {
    static let inferenceSample = 1000

    let database: Database
    let command: LoadCommand
    let context: StageContext
    var loader: TableLoader
    /// Records held until the table exists: their rows, where they came from, and their bytes.
    var pending: [(row: RecordFlattener.Row, location: StageContext.Location, raw: [UInt8])] = []
    var sinceCommit = 0

    init(database: Database, schema: TableSchema, command: LoadCommand, context: StageContext) {
        self.database = database
        self.command = command
        self.context = context
        loader = TableLoader(database: database, schema: schema, primaryKey: command.primaryKey, strict: command.strict)
        let stage = context
        loader.onNewColumn = { column in
            if schema.exists { stage.warn("table '\(command.table)': added column '\(column)'") }
        }
    }

    var changed: Int { loader.changed }

    mutating func add(_ record: NDJSONRecord, at location: StageContext.Location) throws {
        let row = RecordFlattener.flatten(record.parsed())
        guard loader.schema.exists else {
            // Checked now rather than when the held records are written, so rejects keep input order.
            if let key = loader.missingKey(in: row) {
                return try reject(.missingKey(key), location: location, raw: record.bytes)
            }
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
        let columns = command.strict ? pending.first.map { Set($0.row.map { $0.column.lowercased() }) } : nil
        try loader.schema.create(in: database, from: pending.map(\.row), primaryKey: command.primaryKey, onlyColumns: columns)
        let held = pending
        pending = []
        for entry in held {
            try entry.raw.withUnsafeBufferPointer { raw in try write(entry.row, location: entry.location, raw: raw) }
        }
    }

    mutating func write(_ row: RecordFlattener.Row, location: StageContext.Location, raw: UnsafeBufferPointer<UInt8>) throws {
        switch try loader.write(row) {
        case .success:
            context.accounting.recordsOut += 1
            sinceCommit += 1
            if command.batchSize > 0, sinceCommit >= command.batchSize {
                try database.execute("COMMIT; BEGIN IMMEDIATE")
                sinceCommit = 0
            }
        case .failure(let refusal):
            try reject(refusal, location: location, raw: raw)
        }
    }

    func reject(_ refusal: TableLoader.Refusal, location: StageContext.Location, raw: UnsafeBufferPointer<UInt8>) throws {
        let (reason, detail): (RejectReason, String) =
            switch refusal {
            case .missingKey(let key): (.missingKey, "primary key column '\(key)' is missing or null")
            case .unknownColumns(let columns): (.unknownColumn, "table '\(command.table)' has no column \(columns.map { "'\($0)'" }.joined(separator: ", ")) (--strict)")
            case .refused(let error): (.databaseRefused, "the database refused the row: \(error.message)")
            }
        try context.rejects.reject(source: location.source, line: location.line, reason: reason, detail: detail, raw: raw)
        context.accounting.rejected += 1
    }
}
