/// The column names of incoming rows, resolved once per distinct layout rather than per row:
/// where the key columns are, which entries to bind when a name repeats, and the prepared
/// statement. Records of one source share one layout, so the per-row cost is a comparison of
/// names with the previous row's.
final class ColumnLayout {
    /// The names as they arrive, in order (repeats included).
    let names: [String]
    /// The distinct names (first spelling, first position) that become statement columns.
    let columns: [String]
    /// For each statement column, the row entry bound to it: the last one with that name.
    let bindIndices: [Int]
    /// For each `--pk` column, its row entry, or nil when the layout lacks it.
    let keyIndices: [Int?]
    /// Prepared once the table has every column of the layout.
    var statement: Statement?

    init(names: [String], primaryKey: [String]) {
        self.names = names
        var firstPosition: [String: Int] = [:]
        var columns: [String] = []
        var bindIndices: [Int] = []
        for (index, name) in names.enumerated() {
            let folded = name.lowercased()  // SQLite compares column names case-insensitively
            if let position = firstPosition[folded] {
                bindIndices[position] = index
            } else {
                firstPosition[folded] = columns.count
                columns.append(name)
                bindIndices.append(index)
            }
        }
        self.columns = columns
        self.bindIndices = bindIndices
        keyIndices = primaryKey.map { key in firstPosition[key.lowercased()].map { bindIndices[$0] } }
    }

    func matches(_ row: RecordFlattener.Row) -> Bool {
        guard row.count == names.count else { return false }
        for index in row.indices where row[index].column != names[index] { return false }
        return true
    }

    /// The first key column the row lacks or has as null.
    func missingKey(in row: RecordFlattener.Row, primaryKey: [String]) -> String? {
        for (position, index) in keyIndices.enumerated() where index == nil || row[index ?? 0].value == .null {
            return primaryKey[position]
        }
        return nil
    }

    func keyValues(of row: RecordFlattener.Row) -> [SQLValue] {
        keyIndices.map { $0.map { row[$0].value } ?? .null }
    }
}
