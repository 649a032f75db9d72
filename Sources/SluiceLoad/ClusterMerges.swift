import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A line `sluice-dedupe --against` writes after its records when a new record linked two
/// known clusters: not a row, but an instruction for the rows already loaded.
///
///     {"dedupe":{"merge":{"absorbed":"73548d2d6e046fad","into":"73518d2d6e0239d6","records":1}}}
///
/// Recognised by its shape: one member (any name, the `--as` of dedupe) holding only `merge`.
/// A record with other fields beside is a row like any other; one in that shape that is not
/// what dedupe writes (`merge` holding other members than `absorbed`, `into` and `records`, ids
/// that are not two different strings of 16 hex digits, `records` not a whole number from 0) is
/// `Malformed`: rejected, neither applied nor a row (a merge line missing `records` was loaded
/// as a row of `dedupe_merge_*` columns, its clusters never merged).
struct ClusterMerge: Equatable {
    /// The result member that carries the clusters: `dedupe`, or dedupe's `--as NAME`.
    var member: String
    var absorbed: String
    var into: String
    var records: Int

    /// The line parsed, when it may be a merge or a summary (`ClusterSummary`) rather than a
    /// record. Only a row of three or four values, some in a nested object, is parsed again:
    /// other records cost a count.
    static func candidate(_ row: FlatRow, line: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        // Up to 4: a merge line whose value is an array or object has more or fewer leaves than 3;
        // more, a garbled one with members of its own (`merge` or `against` opening an object).
        // A wide row is asked only the second, which finds its objects by memchr: scanning its
        // shape byte by byte for an object first took this check from 540 to 1,520 instructions
        // a pipeline record, 3% of the writing thread's (callgrind).
        guard !row.leaves.isEmpty else { return nil }
        let nested = row.leaves.count <= 4 ? row.shape.contains(FlatRow.objectStart) : opensControlObject(row.shape)
        return nested ? try? JSONParser.parse(line) : nil
    }

    /// Whether a row's shape (`FlatRow.shape`) has an object `merge` or `against` in an object.
    /// (Asked of every row of more than four values holding an object: the stages' records.)
    static func opensControlObject(_ shape: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = shape.baseAddress else { return false }
        // memchr to each opening: the shapes of wide records run to hundreds of bytes, and comparing
        // slices at each opening was a tenth of load's instructions (callgrind).
        let end = base + shape.count
        var from = base
        while from < end, let found = memchr(from, Int32(FlatRow.objectStart), end - from) {
            let opening = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
            for marked in controlObjects where end - opening >= marked.count {
                if marked.indices.allSatisfy({ opening[$0] == marked[$0] }) { return true }
            }
            from = opening + 1
        }
        return false
    }

    /// `merge` and `against` opening an object inside one, as a shape marks them: made once,
    /// where making them for each row took allocations on every record loaded.
    private static let controlObjects = ["merge", "against"].map { [FlatRow.objectStart] + Array($0.utf8) + [FlatRow.objectStart] }

    /// A line in the merge shape that cannot be applied, and why.
    struct Malformed: Error, Equatable {
        var why: String
    }

    /// The merge a line in the merge shape says, or why it cannot be one; nil for any other line.
    static func recognise(_ value: JSONValue) -> Result<ClusterMerge, Malformed>? {
        guard case .object(let top) = value, top.count == 1, case .object(let result) = top[0].value, result.count == 1,
            result[0].key == "merge"
        else { return nil }
        let merge = result[0].value
        guard case .object(let fields) = merge, fields.count == 3, Set(fields.map(\.key)) == ["absorbed", "into", "records"] else {
            return .failure(
                Malformed(why: "a dedupe merge line holds \"absorbed\", \"into\" and \"records\" alone: its \"merge\" is \(JSONWriter.string(merge))")
            )
        }
        // The ids dedupe writes (lower case: rows are matched by their text): a wrong one would
        // move rows into a cluster no record has.
        var ids: [String] = []
        for key in ["absorbed", "into"] {
            guard case .string(let id)? = merge[key], StableHash.hash(hex: id).map(StableHash.hex) == id else {
                let given = merge[key].map(JSONWriter.string) ?? ""
                return .failure(
                    Malformed(
                        why: "a dedupe merge line needs \"absorbed\" and \"into\" cluster ids (16 lower-case hex digits): \"\(key)\" is \(given)"))
            }
            ids.append(id)
        }
        guard ids[0] != ids[1] else {
            return .failure(Malformed(why: "a dedupe merge line whose cluster \(ids[0]) absorbs itself: sluice-dedupe never writes one"))
        }
        guard case .number(let count)? = merge["records"], let records = Int(count), records >= 0 else {
            let given = merge["records"].map(JSONWriter.string) ?? ""
            return .failure(Malformed(why: "a dedupe merge line needs \"records\", a whole number from 0: it is \(given)"))
        }
        return .success(ClusterMerge(member: top[0].key, absorbed: ids[0], into: ids[1], records: records))
    }
}

/// The last line of `sluice-dedupe --against`: what linking the input to the known clusters
/// did, kept in `_sluice_runs` (`linked`, `created`).
///
///     {"dedupe":{"against":{"known":1200,"joined":30,"created":12,"merged":1}}}
///
/// Recognised by its shape (one member, any name, holding only `against`), like `ClusterMerge`;
/// one whose `against` is not the four counts is `Malformed` (it was loaded as a row).
struct ClusterSummary: Equatable {
    var member: String
    var known: Int
    var joined: Int
    var created: Int
    var merged: Int

    static func recognise(_ value: JSONValue) -> Result<ClusterSummary, ClusterMerge.Malformed>? {
        let names = ["known", "joined", "created", "merged"]
        guard case .object(let top) = value, top.count == 1, case .object(let result) = top[0].value, result.count == 1,
            result[0].key == "against"
        else { return nil }
        let against = result[0].value
        var counts: [Int] = []
        if case .object(let fields) = against, fields.map(\.key) == names {
            for field in fields {
                guard case .number(let text) = field.value, let count = Int(text), count >= 0 else { break }
                counts.append(count)
            }
        }
        guard counts.count == names.count else {
            return .failure(
                ClusterMerge.Malformed(
                    why:
                        "a dedupe summary line holds \"known\", \"joined\", \"created\" and \"merged\", whole numbers from 0: its \"against\" is \(JSONWriter.string(against))"
                ))
        }
        return .success(ClusterSummary(member: top[0].key, known: counts[0], joined: counts[1], created: counts[2], merged: counts[3]))
    }
}

/// The merge lines of a run, applied once its rows are written, in its last transaction: the
/// rows of each absorbed cluster take the surviving id in `MEMBER_cluster`, are no longer
/// canonical (`MEMBER_canonical` = 0), and the surviving cluster's rows get its size in the
/// table (`MEMBER_size` = how many rows carry its id), each column when the table has it.
/// Chains (a into b, b into c) end at the last survivor, whatever the order of the lines.
/// After a summary line (`ClusterSummary`), every cluster of its member whose rows do not all
/// carry its row count gets it (`MEMBER_size`): the known clusters new rows joined.
struct ClusterMerges {
    var pending: [(merge: ClusterMerge, location: StageContext.Location, raw: [UInt8])] = []
    var summaries: [(summary: ClusterSummary, location: StageContext.Location, raw: [UInt8])] = []
    /// Merge lines applied, and rows whose cluster id they changed.
    private(set) var applied = 0
    private(set) var rowsMoved = 0
    /// Summary lines applied; their records joined to known clusters and new clusters; rows
    /// whose size was recounted.
    private(set) var summarised = 0
    private(set) var linked = 0
    private(set) var created = 0
    private(set) var rowsResized = 0

    /// Holds a merge or summary line for `apply`; false when `value` is neither (a record).
    /// Throws a line in the merge shape that cannot be applied, to be rejected.
    mutating func hold(_ value: JSONValue, location: StageContext.Location, raw: UnsafeBufferPointer<UInt8>) throws(ClusterMerge.Malformed) -> Bool {
        if let recognised = ClusterMerge.recognise(value) {
            pending.append((try recognised.get(), location, Array(raw)))
        } else if let summary = ClusterSummary.recognise(value) {
            summaries.append((try summary.get(), location, Array(raw)))
        } else {
            return false
        }
        return true
    }

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
            // A cluster that ends in itself (merged into itself, or a cycle's survivor) keeps its
            // rows as they are: before, `a` into `a` took every row of `a` off canonical.
            for absorbed in Set(merges.map(\.absorbed)).sorted() where Self.last(absorbed, in: survivor) != absorbed {
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
        for entry in summaries {
            let member = entry.summary.member.replacingDots()
            guard let cluster = schema.existing(member + "_cluster").map(Database.quote) else {
                refused.append((ClusterMerge(member: entry.summary.member, absorbed: "", into: "", records: 0), entry.location, entry.raw))
                continue
            }
            summarised += 1
            linked += entry.summary.joined
            created += entry.summary.created
            guard let size = schema.existing(member + "_size").map(Database.quote) else { continue }
            // One pass over the table: a cluster's rows disagree with its count where new rows
            // joined it (they carry the new size, the known rows the old one).
            try database.execute(
                """
                UPDATE \(table) SET \(size) = s.n FROM (
                  SELECT \(cluster) AS id, count(*) AS n FROM \(table) WHERE \(cluster) IS NOT NULL GROUP BY \(cluster)
                  HAVING min(\(size)) IS NOT count(*) OR max(\(size)) IS NOT count(*)) AS s
                WHERE \(table).\(cluster) = s.id
                """)
            rowsResized += database.changes
        }
        summaries = []
        return refused
    }

    /// Where `id` ends after the merges: followed through `into` until it is absorbed no more.
    /// A cycle (`a` into `b` and `b` into `a`; dedupe never writes one) ends in its smallest id,
    /// so that every id in it ends in the same one, and that one stays where it is.
    static func last(_ id: String, in survivor: [String: String]) -> String {
        var path = [id]
        while let next = survivor[path[path.count - 1]] {
            if let start = path.firstIndex(of: next) { return path[start...].min() ?? next }
            path.append(next)
        }
        return path[path.count - 1]
    }
}
