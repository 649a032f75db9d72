import SluiceCore

/// One blocking rule's keyed records on disk, in `Blocker.slices` files by the key's top bits
/// (`Blocker.spillsLastRuleKeys`): written as records are read or when the rule's pairs are
/// visited, read back a slice at a time. Appended to where nothing can throw (the members'
/// threads, `MemberReading`): the first failure to write is kept and thrown when a slice is
/// read back.
///
///     var spilled = SpilledBlockKeys()
///     spilled.append(key: Blocker.hash(of: "market"), record: 0)
///     try spilled.takeSlice(0)   // the keyed records of slice 0, in the order written
///
/// - Complexity: memory a chunk per slice while written (1 MiB each), one slice when read back;
///   disk 16 bytes a keyed record.
struct SpilledBlockKeys {
    /// A keyed record as it is written.
    struct KeyedRecord {
        var key: UInt64
        var record: UInt32
    }

    // Small chunks: each slice holds one in memory while they are written.
    private var slices = (0..<Blocker.slices).map { _ in SpillList<KeyedRecord>(chunkSize: 1 << 16, what: "a blocking rule's keys") }
    private var failure: StageFailure?
    private static let sliceShift = UInt64(64 - Blocker.slices.trailingZeroBitCount)

    /// Notes that `record` has `key` (not 0: a record without a key is in no block).
    mutating func append(key: UInt64, record: Int) {
        guard key != 0, failure == nil else { return }
        do {
            try slices[Int(key >> Self.sliceShift)].append(KeyedRecord(key: key, record: UInt32(record)))
        } catch {
            failure = error
        }
    }

    /// The keyed records of slice `slice`, in the order written, freed here.
    mutating func takeSlice(_ slice: Int) throws -> [KeyedRecord] {
        if let failure { throw failure }
        defer { slices[slice] = SpillList(what: "a blocking rule's keys") }
        return try slices[slice].all()
    }
}
