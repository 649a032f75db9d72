import SluiceCore

/// A line `sluice-dedupe --against` writes after its records when a new record linked two
/// known clusters: not a row, but an instruction for the rows already loaded.
///
///     {"dedupe":{"merge":{"absorbed":"73548d2d6e046fad","into":"73518d2d6e0239d6","records":1}}}
///
/// Recognised only in exactly that shape: one member (any name, the `--as` of dedupe) holding
/// only `merge`, holding only `absorbed` and `into` (strings) and `records` (a whole number).
/// A record with other fields beside is a row like any other.
struct ClusterMerge: Equatable {
    /// The result member that carries the clusters: `dedupe`, or dedupe's `--as NAME`.
    var member: String
    var absorbed: String
    var into: String
    var records: Int

    /// The merge a line states, or nil when it is a record. Only a row of three values, some
    /// in a nested object, is parsed again: other records cost a count.
    static func recognise(_ row: FlatRow, line: UnsafeBufferPointer<UInt8>) -> ClusterMerge? {
        guard row.leaves.count == 3, row.shape.contains(FlatRow.objectStart) else { return nil }
        guard let value = try? JSONParser.parse(line) else { return nil }
        return recognise(value)
    }

    static func recognise(_ value: JSONValue) -> ClusterMerge? {
        guard case .object(let top) = value, top.count == 1, case .object(let result) = top[0].value, result.count == 1,
            result[0].key == "merge", case .object(let fields) = result[0].value, fields.count == 3,
            Set(fields.map(\.key)) == ["absorbed", "into", "records"],
            case .string(let absorbed)? = result[0].value["absorbed"], case .string(let into)? = result[0].value["into"],
            case .number(let count)? = result[0].value["records"], let records = Int(count)
        else { return nil }
        return ClusterMerge(member: top[0].key, absorbed: absorbed, into: into, records: records)
    }
}

/// The merge lines of a run, applied once its rows are written, in its last transaction: the
/// rows of each absorbed cluster take the surviving id in `MEMBER_cluster`, are no longer
/// canonical (`MEMBER_canonical` = 0), and the surviving cluster's rows get its size in the
/// table (`MEMBER_size` = how many rows carry its id), each column when the table has it.
/// Chains (a into b, b into c) end at the last survivor, whatever the order of the lines.
struct ClusterMerges {
    var pending: [(merge: ClusterMerge, location: StageContext.Location, raw: [UInt8])] = []
    /// Merge lines applied, and rows whose cluster id they changed.
    private(set) var applied = 0
    private(set) var rowsMoved = 0

    /// Applies the held merges to `schema`'s table; returns the lines that could not be applied
    /// (the table has no `MEMBER_cluster` column), to be rejected. Each member's merges go
    /// through a temporary table, so the table is read twice whatever their number (100 merges
    /// over 1M rows in a debug build: 10.4 s with one UPDATE each, 0.22 s this way).
    mutating func apply(to schema: TableSchema, in database: Database) throws(SQLiteError) -> [(
        merge: ClusterMerge, location: StageContext.Location, raw: [UInt8]
    )] {
        var refused: [(merge: ClusterMerge, location: StageContext.Location, raw: [UInt8])] = []
        var members: [String] = []
        var byMember: [String: [ClusterMerge]] = [:]
        for entry in pending {
            guard schema.existing(entry.merge.member.replacingDots() + "_cluster") != nil else {
                refused.append(entry)
                continue
            }
            if byMember[entry.merge.member] == nil { members.append(entry.merge.member) }
            byMember[entry.merge.member, default: []].append(entry.merge)
        }
        let table = Database.quote(schema.table)
        for member in members {
            let merges = byMember[member] ?? []
            let column = { (suffix: String) in schema.existing(member.replacingDots() + suffix).map(Database.quote) }
            guard let cluster = column("_cluster") else { continue }
            let survivor = Dictionary(merges.map { ($0.absorbed, $0.into) }, uniquingKeysWith: { _, last in last })
            try database.execute(
                "CREATE TEMP TABLE _sluice_merges (absorbed TEXT PRIMARY KEY, survivor TEXT NOT NULL); CREATE TEMP TABLE _sluice_sizes (id TEXT PRIMARY KEY, n INTEGER)"
            )
            let insert = try database.prepare("INSERT OR REPLACE INTO temp._sluice_merges VALUES (?, ?)")
            for absorbed in Set(merges.map(\.absorbed)).sorted() {
                try insert.bind(.text(absorbed), at: 1)
                try insert.bind(.text(Self.last(absorbed, in: survivor)), at: 2)
                _ = try insert.step()
                insert.reset()
            }
            let canonical = column("_canonical").map { ", \($0) = 0" } ?? ""
            try database.execute(
                "UPDATE \(table) SET \(cluster) = m.survivor\(canonical) FROM temp._sluice_merges AS m WHERE \(table).\(cluster) = m.absorbed")
            rowsMoved += database.changes
            applied += merges.count
            if let size = column("_size") {
                try database.execute(
                    """
                    INSERT INTO temp._sluice_sizes SELECT \(cluster), count(*) FROM \(table)
                      WHERE \(cluster) IN (SELECT survivor FROM temp._sluice_merges) GROUP BY \(cluster);
                    UPDATE \(table) SET \(size) = s.n FROM temp._sluice_sizes AS s WHERE \(table).\(cluster) = s.id
                    """)
            }
            try database.execute("DROP TABLE temp._sluice_merges; DROP TABLE temp._sluice_sizes")
        }
        pending = []
        return refused
    }

    /// Where `id` ends after the merges: followed through `into` until it is absorbed no more
    /// (a cycle, which dedupe never writes, stops where it started).
    static func last(_ id: String, in survivor: [String: String]) -> String {
        var current = id
        var seen: Set<String> = [id]
        while let next = survivor[current], seen.insert(next).inserted { current = next }
        return current
    }
}
