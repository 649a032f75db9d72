import Dispatch
import Synchronization

/// Compares batches of record pairs on all fields on every core: the comparisons are nearly
/// all of fuzzy mode's time, and each pair is independent. Columns are only read here.
///
///     let comparer = PairComparer(columns: columns)
///     comparer.patterns(of: [(0, 1), (0, 2)])    // one packed pattern per pair, in order
///
/// - Complexity: O(pairs × fields) comparisons spread over `ProcessInfo.activeProcessorCount`
///   threads; 8 bytes of output per pair.
public struct PairComparer: @unchecked Sendable {
    // @unchecked: the columns are classes filled while reading and never changed afterwards,
    // so concurrent reads are safe.
    let columns: [FieldColumn]
    let threads: Int
    let memos = PairLevelMemos()

    public init(columns: [FieldColumn], threads: Int = PairComparer.defaultThreads) {
        self.columns = columns
        self.threads = max(1, threads)
    }

    /// The number of processors, from `sysconf` (Foundation-free).
    public static var defaultThreads: Int { max(1, Int(sysconfProcessors())) }

    /// The packed levels of records `i` and `j` on every field (for one pair; many go through
    /// `patterns(of:)`).
    public func pattern(_ i: Int, _ j: Int) -> UInt64 { FuzzyMatcher.pattern(i, j, columns.map(\.levels)) }

    /// The patterns of many pairs, computed in parallel chunks, in input order.
    public func patterns(of pairs: [(Int32, Int32)]) -> [UInt64] {
        // The patterns live in the pending batch's buffer: it must outlive their copy.
        let pending = startPatterns(of: pairs)
        return withExtendedLifetime(pending) { Array(pending.wait()) }
    }

    /// The same patterns, computed on other threads while the caller goes on (gathering the
    /// next pairs, counting the last ones'): `wait()` gives them. On one thread (`--threads
    /// 1`), computed here and now.
    func startPatterns(of pairs: [(Int32, Int32)]) -> PendingPatterns {
        let pending = PendingPatterns(pairs)
        let parts = Self.parts(of: pairs.count, threads: threads)
        guard parts > 1 else {
            compare(pending.pairs, range: 0..<pairs.count, into: pending.output)
            return pending
        }
        for part in 0..<parts {
            let range = Self.range(ofPart: part, of: parts, count: pairs.count)
            DispatchQueue.global().async(group: pending.group) { compare(pending.pairs, range: range, into: pending.output) }
        }
        return pending
    }

    /// How many parts `count` items are shared out in over `threads` threads: a few per thread,
    /// so that one slow part does not hold the others up; one for a small batch.
    static func parts(of count: Int, threads: Int) -> Int { count < 4096 || threads == 1 ? 1 : threads * 4 }

    /// The items of part `part` of `parts` (see `parts(of:threads:)`), possibly none.
    static func range(ofPart part: Int, of parts: Int, count: Int) -> Range<Int> {
        let size = (count + parts - 1) / max(parts, 1)
        return min(count, part * size)..<min(count, (part + 1) * size)
    }

    /// Compares the pairs of `range`, or'ing each field's level into `output` (zeroed).
    @inline(__always)
    func compare(_ pairs: UnsafeBufferPointer<(Int32, Int32)>, range: Range<Int>, into output: UnsafeMutableBufferPointer<UInt64>) {
        // Field by field over the range: what a column's levels read is taken once per part
        // (`FieldColumn.levels`), not retained and released for every pair (the column, 7% of
        // fuzzy mode's cycles at 1M bench records, then its arrays, 17%: perf).
        // The same two texts meet again in other blocks (two films at many of the same
        // places): a costly level is looked up when the pair of values was met before.
        let memo = memos.borrow(fields: columns.count)
        defer { memos.giveBack(memo) }
        for field in columns.indices {
            let levels = columns[field].levels, shift = 4 * UInt64(field)
            if levels.method.isCostly {
                for k in range { output[k] |= UInt64(memo.level(Int(pairs[k].0), Int(pairs[k].1), levels, field: field)) << shift }
            } else {
                for k in range { output[k] |= UInt64(levels.level(Int(pairs[k].0), Int(pairs[k].1))) << shift }
            }
        }
    }
}

/// The levels of pairs of distinct values met before, per field by the values' ids: a
/// direct-mapped table (a newer pair takes an older one's slot), so bounded and never wrong.
/// 2 MB for four fields; one per thread comparing at once. Not the stages' `BoundedMemo`: a
/// pair's look-up must cost less than the many levels a summary bound settles, and hashing into a
/// dictionary does not (fuzzy dedupe on 50,000 geocoded bench records: 3,374M instructions with
/// it, 2,960M with no memo, 2,748M with this table). Which part holds which pairs depends on
/// timing; the levels, a function of the two values, do not.
final class PairLevelMemo: @unchecked Sendable {
    // @unchecked: a memo is used by one part at a time (`PairLevelMemos` hands it out).
    private static let slotBits = 16
    /// Ids below this fit an entry: 30 bits each, beside the level's 4.
    private static let idLimit: Int32 = 1 << 30
    /// Per slot, the two ids and the level in one word, so a look-up reads one cache line (a
    /// thread's table, 2 MB, is more than its core's 1 MB L2 cache holds).
    private let entries: UnsafeMutableBufferPointer<UInt64>

    init(fields: Int) {
        entries = .allocate(capacity: fields << Self.slotBits)
        entries.initialize(repeating: 0)
    }

    deinit { entries.deallocate() }

    /// `column.level(i, j)`, from the table when the pair of values was met before.
    @inline(__always)
    func level(_ i: Int, _ j: Int, _ column: FieldColumn.Levels, field: Int) -> UInt8 {
        let a = column.ids[i], b = column.ids[j]
        // Missing and equal values are answered at once; an empty slot (0) holds ids 0 and 0,
        // which are equal, so it is never taken for a pair.
        guard a >= 0, b >= 0, a != b, a < Self.idLimit, b < Self.idLimit else { return column.level(i, j) }
        let key = UInt64(UInt32(min(a, b))) << 30 | UInt64(UInt32(max(a, b)))
        let slot = field << Self.slotBits | Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.slotBits))
        let entry = entries[slot]
        if entry >> 4 == key { return UInt8(truncatingIfNeeded: entry & 0xF) }
        let level = column.level(i, j)
        entries[slot] = key << 4 | UInt64(level & 0xF)
        return level
    }
}

/// The memos of one comparer's parts, kept between batches so that a pair met in one batch is
/// known in the next; a part borrows one and gives it back.
final class PairLevelMemos: Sendable {
    private let idle = Mutex<[PairLevelMemo]>([])

    func borrow(fields: Int) -> PairLevelMemo { idle.withLock { $0.popLast() } ?? PairLevelMemo(fields: fields) }

    func giveBack(_ memo: PairLevelMemo) { idle.withLock { $0.append(memo) } }
}

/// A batch of pairs being compared on other threads (`PairComparer.startPatterns`): its pairs
/// and patterns in buffers of its own, which no thread writes once `wait()` has returned.
final class PendingPatterns: @unchecked Sendable {
    let group = DispatchGroup()
    let pairs: UnsafeBufferPointer<(Int32, Int32)>
    let output: UnsafeMutableBufferPointer<UInt64>

    init(_ pairs: [(Int32, Int32)]) {
        let copy = UnsafeMutableBufferPointer<(Int32, Int32)>.allocate(capacity: pairs.count)
        _ = copy.initialize(from: pairs)
        self.pairs = UnsafeBufferPointer(copy)
        output = .allocate(capacity: pairs.count)
        output.initialize(repeating: 0)
    }

    deinit {
        group.wait()
        pairs.deallocate()
        output.deallocate()
    }

    /// The patterns, in the order of the pairs, once every part is compared.
    func wait() -> UnsafeBufferPointer<UInt64> {
        group.wait()
        return UnsafeBufferPointer(output)
    }
}

#if canImport(Glibc)
    import Glibc
    func sysconfProcessors() -> Int { sysconf(Int32(_SC_NPROCESSORS_ONLN)) }
#elseif canImport(Darwin)
    import Darwin
    func sysconfProcessors() -> Int { sysconf(_SC_NPROCESSORS_ONLN) }
#endif
