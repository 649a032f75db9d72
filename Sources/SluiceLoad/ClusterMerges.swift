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

    /// The merge a line states, or nil when it is a record. Only a row of three values whose
    /// first key opens an object is parsed again.
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
    /// (the table has no `MEMBER_cluster` column), to be rejected.
    mutating func apply(to schema: TableSchema, in database: Database) throws(SQLiteError) -> [(
        merge: ClusterMerge, location: StageContext.Location, raw: [UInt8]
    )] {
        var refused: [(merge: ClusterMerge, location: StageContext.Location, raw: [UInt8])] = []
        var survivor: [String: [String: String]] = [:]  // member -> absorbed -> into
        for entry in pending { survivor[entry.merge.member, default: [:]][entry.merge.absorbed] = entry.merge.into }
        var survivors: [(member: String, id: String)] = []
        let table = Database.quote(schema.table)
        for entry in pending {
            let merge = entry.merge
            guard let cluster = schema.existing(merge.member.replacingDots() + "_cluster") else {
                refused.append(entry)
                continue
            }
            let into = Self.last(merge.into, in: survivor[merge.member] ?? [:])
            let canonical = schema.existing(merge.member.replacingDots() + "_canonical").map { ", \(Database.quote($0)) = 0" } ?? ""
            let update = try database.prepare("UPDATE \(table) SET \(Database.quote(cluster)) = ?\(canonical) WHERE \(Database.quote(cluster)) = ?")
            try update.bind(.text(into), at: 1)
            try update.bind(.text(merge.absorbed), at: 2)
            _ = try update.step()
            rowsMoved += database.changes
            applied += 1
            if !survivors.contains(where: { $0 == (merge.member, into) }) { survivors.append((merge.member, into)) }
        }
        for (member, id) in survivors {
            guard let cluster = schema.existing(member.replacingDots() + "_cluster"), let size = schema.existing(member.replacingDots() + "_size")
            else { continue }
            let (c, s) = (Database.quote(cluster), Database.quote(size))
            let update = try database.prepare("UPDATE \(table) SET \(s) = (SELECT count(*) FROM \(table) WHERE \(c) = ?1) WHERE \(c) = ?1")
            try update.bind(.text(id), at: 1)
            _ = try update.step()
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
