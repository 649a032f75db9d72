import Dispatch
import SluiceCore

/// How fuzzy mode reads a record: member by member (a top-level key: `address` for
/// `address.key`), each filling its own columns and the keys of its own rules. A member's work
/// touches nothing another member's does (its raw-value memo, its columns, its rules' keys), so
/// the members of a batch of records are read on threads at once, each in record order, and
/// the columns and keys come out as if read one record at a time.
///
///     // --compare title,locations:tokens --block locations:fingerprint
///     reading.heads          // ["title", "locations"]
///     reading.rulesOfHead    // [[], [0]]
///
/// - Complexity: O(members) per record; the values' own cost is their columns' and rules'.
struct MemberReading: @unchecked Sendable {
    // @unchecked: the columns are classes, each written by the one thread reading its member.
    /// The top-level members the specs and rules read.
    let heads: [String]
    /// Per member, the columns and the rules whose every part read it.
    let columnsOfHead: [[Int]]
    let rulesOfHead: [[Int]]
    /// The rules whose parts read several members.
    let mixedRules: [Int]
    let columns: [FieldColumn]
    let rules: [BlockingRule]

    init(specs: [ComparisonSpec], rules: [BlockingRule], columns: [FieldColumn]) {
        func head(_ path: String) -> String { String(path.prefix { $0 != "." }) }
        var heads: [String] = []
        for path in specs.map(\.path) + rules.flatMap({ $0.parts.map(\.path) }) where !heads.contains(head(path)) {
            heads.append(head(path))
        }
        self.heads = heads
        columnsOfHead = heads.map { name in specs.indices.filter { head(specs[$0].path) == name } }
        rulesOfHead = heads.map { name in rules.indices.filter { rule in rules[rule].parts.allSatisfy { head($0.path) == name } } }
        mixedRules = rules.indices.filter { rule in Set(rules[rule].parts.map { head($0.path) }).count > 1 }
        self.columns = columns
        self.rules = rules
    }

    /// The matcher's state a record's members write, as buffers: threads reading different
    /// members write different elements (`memos[h]`, `firstMissing[h]`, `keys[rule]`).
    struct Slots: @unchecked Sendable {
        let memos: UnsafeMutableBufferPointer<RawValueMemo>
        let firstMissing: UnsafeMutableBufferPointer<Int?>
        let keys: UnsafeMutableBufferPointer<[UInt64]>
        /// The rule whose keys go to disk as they are read (`Blocker.spilledKeys`), and there.
        let spilledRule: Int?
        let spilledKeys: UnsafeMutablePointer<SpilledBlockKeys?>

        /// Adds record `record`'s key under `rule`, the next record's of that rule.
        @inline(__always)
        func append(_ key: UInt64, rule: Int, record: Int) {
            if rule == spilledRule { spilledKeys.pointee?.append(key: key, record: record) } else { keys[rule].append(key) }
        }
    }

    /// Member `h` of record number `index`: its columns' values and its rules' keys.
    func read(member h: Int, of record: NDJSONRecord, index: Int, into slots: Slots) {
        let member = record.member(named: heads[h])
        // Results depend only on the member's raw text, so a text seen before copies them.
        var earlier: RawValueMemo.Holder?
        var unseen: UnsafeBufferPointer<UInt8>?
        if let member {
            let raw = record.rawValue(member)
            earlier = slots.memos[h].holder(of: raw)
            if earlier == nil { unseen = raw }
        } else {
            // A rule reading only this member keys no record without it (spilled key 0).
            earlier = slots.firstMissing[h].map { RawValueMemo.Holder(record: Int32($0)) }
            if earlier == nil { slots.firstMissing[h] = index }
        }
        if let earlier {
            let copied = Int(earlier.record)
            for column in columnsOfHead[h] { columns[column].appendCopy(of: copied) }
            for rule in rulesOfHead[h] {
                slots.append(rule == slots.spilledRule ? earlier.spilledKey : slots.keys[rule][copied], rule: rule, record: index)
            }
            return
        }
        let top = member.map(record.value(of:))
        // UTF-8 lengths: O(1), where counting Characters walked the paths every time.
        let headLength = heads[h].utf8.count
        func value(_ path: String) -> JSONValue? {
            guard path.utf8.count > headLength else { return top }
            return top?.value(atPath: path[path.utf8.index(path.startIndex, offsetBy: headLength + 1)...])
        }
        for column in columnsOfHead[h] { columns[column].append(value(columns[column].spec.readPath)) }
        var spilledKey: UInt64 = 0
        for rule in rulesOfHead[h] {
            let key = Blocker.hash(of: rules[rule].key(value))
            if rule == slots.spilledRule { spilledKey = key }
            slots.append(key, rule: rule, record: index)
        }
        if let unseen { slots.memos[h].remember(unseen, record: index, spilledKey: spilledKey) }
    }

    /// The keys of the rules reading several members.
    func readMixedRules(of record: NDJSONRecord, index: Int, into slots: Slots) {
        for rule in mixedRules { slots.append(Blocker.hash(of: rules[rule].key { record.value(atPath: $0) }), rule: rule, record: index) }
    }

    /// The pieces of reading a batch that can run at once: one per member, and the mixed rules.
    var taskCount: Int { heads.count + (mixedRules.isEmpty ? 0 : 1) }

    /// Task `task` (see `taskCount`) over every record of `batch`, the first numbered `first`.
    func run(task: Int, over batch: RecordCopies, first: Int, into slots: Slots) {
        batch.forEach { offset, record in
            if task < heads.count {
                read(member: task, of: record, index: first + offset, into: slots)
            } else {
                readMixedRules(of: record, index: first + offset, into: slots)
            }
        }
    }
}

/// Records copied out of the reader's buffer, their members as found when they were checked,
/// so that other threads can read them while the next records are read.
final class RecordCopies: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private var records: [(start: Int, record: NDJSONRecord)] = []

    var count: Int { records.count }
    var byteCount: Int { bytes.count }

    /// Adds a copy of `record` (its bytes are valid only until the reader moves on; the copy
    /// keeps their members, found once).
    func append(_ record: NDJSONRecord) {
        records.append((bytes.count, record))
        bytes.append(contentsOf: record.bytes)
    }

    func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
    }

    /// Each record over the copied bytes, in order, with its place in the batch.
    func forEach(_ body: (Int, NDJSONRecord) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            for (offset, entry) in records.enumerated() {
                let copy = UnsafeBufferPointer(rebasing: all[entry.start..<(entry.start + entry.record.bytes.count)])
                body(offset, NDJSONRecord(entry.record, over: copy))
            }
        }
    }
}

extension FuzzyMatcher {
    /// Records per batch handed to the member threads: enough to outweigh starting the tasks,
    /// few enough that two batches stay small (~1.4 MB of the bench's records).
    static let readingBatch = 1024

    /// The state `MemberReading` writes, as buffers, for the length of `body`.
    mutating func withReadingSlots<R>(_ body: (MemberReading.Slots) throws -> R) rethrows -> R {
        try rawValues.withUnsafeMutableBufferPointer { memos in
            try firstMissing.withUnsafeMutableBufferPointer { missing in
                try blocker.keys.withUnsafeMutableBufferPointer { keys in
                    let spilledRule = blocker.spilledKeys == nil ? nil : rules.count - 1
                    return try withUnsafeMutablePointer(to: &blocker.spilledKeys) { spilled in
                        try body(MemberReading.Slots(memos: memos, firstMissing: missing, keys: keys, spilledRule: spilledRule, spilledKeys: spilled))
                    }
                }
            }
        }
    }

    /// Appends every record `read` passes to its `append`, as `append(_:)` does, with the
    /// members of each batch of records read on threads while `read` goes on with the next
    /// batch (on this thread: checking, spooling). The columns and keys are the same as one
    /// record at a time; `threads` 1 is exactly that.
    ///
    /// - Complexity: memory two batches of records (`readingBatch`).
    mutating func append(threads: Int, _ read: (_ append: (NDJSONRecord) -> Void) throws -> Void) throws {
        guard threads > 1 else {
            try read { record in
                append(record)
                FreedMemory.giveBack(afterRecord: recordCount)
            }
            return
        }
        let reading = self.reading
        let first = recordCount
        var total = 0
        try withReadingSlots { slots in
            let queue = DispatchQueue(label: "sluice.dedupe-members", attributes: .concurrent)
            // Two batches in turn: one filled here while the other's members are read.
            let batches = [RecordCopies(), RecordCopies()]
            var filling = 0
            var running: DispatchGroup?
            // A failure leaves no thread writing into the slots once they are gone.
            defer { running?.wait() }
            func launch() {
                running?.wait()
                let batch = batches[filling], start = first + total - batch.count
                let group = DispatchGroup()
                for task in 0..<reading.taskCount {
                    queue.async(group: group) { reading.run(task: task, over: batch, first: start, into: slots) }
                }
                running = group
                filling = 1 - filling
                // Its tasks were waited for before the batch now running started.
                batches[filling].removeAll()
            }
            try read { record in
                batches[filling].append(record)
                total += 1
                if batches[filling].count == Self.readingBatch { launch() }
                FreedMemory.giveBack(afterRecord: first + total)
            }
            if batches[filling].count > 0 { launch() }
        }
        recordCount = first + total
    }
}
