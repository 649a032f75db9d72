import SluiceCore

/// The column names of incoming rows, resolved once per distinct layout rather than per row:
/// which column each entry goes in, where the key columns are, how each column stores values,
/// and the prepared statement. Records of one source share one layout, so the per-row cost is a
/// comparison of names with the previous row's.
///
/// SQLite compares column names ignoring ASCII case, so two entries of one row can name the same
/// column (`id` and `ID`; `a_b` and a nested `a.b`; a repeated key). Each keeps its value: the
/// first, in record order, takes the name; each later one the first `NAME#2`, `NAME#3`… that no
/// earlier entry of the row took.
///
///     {"id":1,"ID":2,"a_b":3,"a":{"b":4}}  →  id = 1, "ID#2" = 2, a_b = 3, "a_b#2" = 4
final class ColumnLayout {
    /// An entry that could not have its own name.
    struct Collision: Equatable {
        /// The entry's name, the earlier entry's that took it, and the column the entry got.
        var name: String
        var earlier: String
        var column: String
    }

    /// The names as they arrive, in order (repeats included).
    let names: [String]
    /// The column of each entry, unique within the row.
    let columns: [String]
    let collisions: [Collision]
    /// For each `--pk` column, its row entry, or nil when the layout lacks it.
    let keyIndices: [Int?]
    /// Prepared once the table has every column of the layout.
    var statement: Statement?
    /// How each column converts values, known with the statement.
    var affinities: [ColumnAffinity] = []
    /// For rows written together (`TableLoader.writeTogether`): the table column each entry goes
    /// in, and the table's columns no entry fills, as the table stood with `positionsWidth` columns.
    var positions: [Int] = []
    var absentPositions: [Int] = []
    var positionsWidth = 0
    /// With `--extract`: the row as written, made on first use (see `Extraction`).
    var extraction: Extraction?

    init(names: [String], primaryKey: [String]) {
        self.names = names
        var taken: [String: Int] = [:]
        var columns: [String] = []
        var collisions: [Collision] = []
        columns.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            var column = name
            if let earlier = taken[name.sqliteFolded] {
                var suffix = 2
                repeat {
                    column = "\(name)#\(suffix)"
                    suffix += 1
                } while taken[column.sqliteFolded] != nil
                collisions.append(Collision(name: name, earlier: names[earlier], column: column))
            }
            taken[column.sqliteFolded] = index
            columns.append(column)
        }
        self.columns = columns
        self.collisions = collisions
        keyIndices = primaryKey.map { taken[$0.sqliteFolded] }
    }

    /// The first key column the row lacks or has as null (`isNull` says for an entry).
    func missingKey(primaryKey: [String], isNull: (Int) -> Bool) -> String? {
        for (position, index) in keyIndices.enumerated() where index.map(isNull) ?? true {
            return primaryKey[position]
        }
        return nil
    }

    /// The same for a row of values.
    func missingKey(in row: RecordFlattener.Row, primaryKey: [String]) -> String? {
        missingKey(primaryKey: primaryKey) { row[$0].value == .null }
    }

    /// Where a column of the written row takes its value from: an entry of the record's row,
    /// or the id of the lookup row an `--extract` found or made.
    enum Source: Equatable {
        case entry(Int)
        case lookup(Int)
    }

    /// `--extract` moves columns out of the row: the row as written (its own names, resolved
    /// like any row's, with the statement), where each of its columns comes from, and which
    /// columns each lookup takes: in lookup order, the columns a lookup matches leave the row
    /// and its foreign key (`TABLE_id`) is appended.
    struct Extraction {
        let written: ColumnLayout
        let sources: [Source]
        let extracted: [[(column: String, source: Source)]]
    }

    /// The extraction of `specs` from rows of this layout.
    func extraction(of specs: [LookupTable.Spec], primaryKey: [String]) -> Extraction {
        if let extraction { return extraction }
        var entries: [(column: String, source: Source)] = columns.enumerated().map { ($0.element, .entry($0.offset)) }
        var extracted: [[(column: String, source: Source)]] = []
        for (index, spec) in specs.enumerated() {
            extracted.append(entries.filter { spec.matches($0.column) })
            entries.removeAll { spec.matches($0.column) }
            entries.append((spec.foreignKey, .lookup(index)))
        }
        let made = Extraction(
            written: ColumnLayout(names: entries.map(\.column), primaryKey: primaryKey), sources: entries.map(\.source), extracted: extracted)
        extraction = made
        return made
    }
}

extension String {
    /// The name as SQLite compares column names: ASCII letters in lower case, nothing else
    /// folded (`É` and `é` are two columns, `ID` and `id` one).
    var sqliteFolded: String {
        guard utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return self }
        return String(decoding: utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

extension ColumnLayout.Collision {
    /// The warning: `fields 'id' and 'ID' of one record name the same column …`.
    var message: String {
        let why = name == earlier ? "a repeated key, or a nested field whose name joined with _ is the same" : "SQLite ignores ASCII case in names"
        return "fields '\(earlier)' and '\(name)' of one record name the same column (\(why)): '\(name)' is stored in column '\(column)'"
    }
}

extension ColumnLayout.Collision {
    /// As `_sluice_runs.collisions` lists it.
    func json(firstSeen location: StageContext.Location) -> JSONValue {
        .object([
            JSONMember("field", .string(name)), JSONMember("same_as", .string(earlier)), JSONMember("column", .string(column)),
            JSONMember("first_seen", .string("\(location.source):\(location.line)")),
        ])
    }
}
