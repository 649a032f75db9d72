import SluiceCore
import SluiceLoad

/// Loads the records into the SQLite table `table` of `database` (created, with the table, when
/// absent), as `sluice-load DATABASE --table TABLE` does (the same command): nested members
/// flattened to columns (`address.key` → `address_key`), column types inferred from the data,
/// one transaction.
///
///     let counts = try load(deduped, into: "films.db", table: "film_locations", options: ["--pk", "provenance_source,provenance_row"])
///     counts.recordsOut   // rows written
///
/// - Parameters:
///   - records: NDJSON lines, each a JSON object.
///   - options: any other option of `sluice-load --help`: `--pk`, `--extract`, `--index`, `--fts`, …
/// - Returns: the counts of the stage's summary line (records in, rows out, rejected).
/// - Throws: `StageFailure` where the executable would stop; nothing is committed then (unless
///   `--batch-size` was given: the batches before the failure stay).
public func load(_ records: [String], into database: String, table: String, options: [String] = []) throws -> Accounting {
    try StageRunner.run(LoadCommand.self, records: records) { _ in [database, "--table", table] + options }.accounting
}
