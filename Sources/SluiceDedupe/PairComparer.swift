import Dispatch

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
        for field in columns.indices {
            let levels = columns[field].levels, shift = 4 * UInt64(field)
            for k in range { output[k] |= UInt64(levels.level(Int(pairs[k].0), Int(pairs[k].1))) << shift }
        }
    }
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
