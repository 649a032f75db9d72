import SluiceCore

/// The columns the options name — `--pk`, `--index`, `--fts`, the fields of `--extract`, the
/// columns of `--references` — checked once the run has made or extended the table. A name that
/// neither the records nor the table have is a slip: `--index releas_year` would otherwise index
/// the text 'releas_year' (SQLite reads an unknown double-quoted name as a string) and exit 0.
/// It is refused (usage error, the run rolled back) with the closest name:
///
///     option '--index' names 'releas_year', which table 'films' has no column of: did you mean 'release_year'?
struct NamedColumns {
    let command: LoadCommand

    /// - Parameters:
    ///   - table: the loaded table as the run leaves it (`--index` and `--fts` are not checked
    ///     when it does not exist: nothing was loaded, and no index is built).
    ///   - before: its columns before the run.
    ///   - recordColumns: the columns the run's records brought (their fields, flattened);
    ///     `--pk`, `--extract` and `--references` are checked against them when there are any.
    func check(table: TableSchema, before: [String], recordColumns: [String]) throws(StageFailure) {
        if table.exists {
            for (option, columns) in [("index", command.indexes), ("fts", command.fullText)] {
                for column in columns where table.existing(column) == nil {
                    throw unknown(option, column, "which table '\(command.table)' has no column of", among: table.columns)
                }
            }
        }
        guard !recordColumns.isEmpty else { return }
        let fields = Set((recordColumns + before).map(\.sqliteFolded))
        for column in command.primaryKey where !fields.contains(column.sqliteFolded) {
            throw unknown("pk", column, "which no record has (nor the table)", among: recordColumns + before)
        }
        for spec in command.references where !fields.contains(spec.column.sqliteFolded) && table.existing(spec.column) == nil {
            throw unknown("references", spec.column, "which no record has (nor the table)", among: recordColumns + table.columns)
        }
        for spec in command.extracts {
            for field in spec.fields {
                // As `LookupTable.Spec.matches` takes columns: the field's, or under it (`address.*`).
                let prefix = LookupTable.Spec.prefix(of: field)
                guard !recordColumns.contains(where: { $0 == prefix || $0.hasPrefix(prefix + "_") }) else { continue }
                // `adress.*` is near `address`, the head of `address_key`.
                let heads = recordColumns.compactMap { $0.split(separator: "_").first.map(String.init) }
                throw unknown("extract", field, "which no record has", among: recordColumns, near: prefix, or: heads)
            }
        }
    }

    /// The refusal of `name`, suggesting the candidate (or other name, `or`) nearest to it or
    /// to `near`, else listing the candidates.
    func unknown(_ option: String, _ name: String, _ what: String, among candidates: [String], near: String? = nil, or others: [String] = [])
        -> StageFailure
    {
        var seen: Set<String> = []
        let candidates = candidates.filter { seen.insert($0).inserted }
        let hint =
            EditDistance.closest(to: near ?? name, among: candidates + others).map { "did you mean '\($0)'?" }
            ?? "the columns are \(candidates.prefix(12).map { "'\($0)'" }.joined(separator: ", "))\(candidates.count > 12 ? ", …" : "")"
        return .usage("option '--\(option)' names '\(name)', \(what): \(hint)")
    }
}
