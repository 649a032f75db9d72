import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The compared pairs kept for scoring, 12 bytes each, in the order appended. One chunk is held
/// in memory; each full chunk is written to an unlinked temporary file (`TemporaryFile`) and
/// read back a chunk at a time by `forEach`. Held in memory they were the largest table of fuzzy
/// mode: 88 MB of its 423 MB heap at 1M bench records (7.3M pairs kept; heaptrack), ~0.9 GB at
/// 10M. They are read in order only (linking, `--pairs`, `--suggest`), so the file costs a
/// sequential write and a sequential read per pass, mostly in the page cache.
///
///     var list = PairList()
///     try list.append(a: 0, b: 7, pattern: 3)
///     try list.forEach { pair in … }   // in the order appended, any number of times
///
/// - Complexity: append amortised O(1); memory two chunks (one being filled, one being read:
///   12 MiB each at most); disk 12 bytes per pair past the first chunk.
public struct PairList {
    public struct Pair: Sendable {
        public var a: Int32
        public var b: Int32
        /// An index into the distinct patterns.
        public var pattern: UInt32
    }

    /// Pairs per chunk: the most held in memory while appending.
    let chunkSize: Int
    /// The pairs not yet written to the file (all of them while there are fewer than a chunk).
    var pending: [Pair] = []
    /// The file holding the first `spilled` pairs, made when the first chunk is full.
    var file: SpillFile?
    var spilled = 0
    public private(set) var count = 0

    public init(chunkSize: Int = 1 << 20) {
        self.chunkSize = max(chunkSize, 1)
    }

    public mutating func append(a: Int32, b: Int32, pattern: UInt32) throws(StageFailure) {
        if pending.isEmpty { pending.reserveCapacity(chunkSize) }
        pending.append(Pair(a: a, b: b, pattern: pattern))
        count += 1
        if pending.count == chunkSize {
            if file == nil { file = try SpillFile() }
            try file?.append(pending)
            spilled += pending.count
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Calls `body` with every pair in the order appended: those in the file, then the pending.
    public func forEach(_ body: (Pair) throws -> Void) throws {
        try forEachChunk { pairs in for pair in pairs { try body(pair) } }
    }

    /// The same pairs a chunk at a time (at most `chunkSize`), for a caller that hands them to
    /// threads; a chunk is valid only during the call.
    public func forEachChunk(_ body: (UnsafeBufferPointer<Pair>) throws -> Void) throws {
        if let file, spilled > 0 {
            var buffer = [Pair](repeating: Pair(a: 0, b: 0, pattern: 0), count: min(chunkSize, spilled))
            var done = 0
            while done < spilled {
                let n = min(buffer.count, spilled - done)
                try file.read(into: &buffer, count: n, at: done)
                try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<n])) }
                done += n
            }
        }
        if !pending.isEmpty { try pending.withUnsafeBufferPointer { try body($0) } }
    }

    public mutating func removeAll() {
        pending = []
        file = nil
        spilled = 0
        count = 0
    }

    /// The temporary file of a list's spilled chunks; closed (and so gone) with the last list
    /// holding it.
    final class SpillFile {
        let fd: Int32
        /// How errors name it.
        let name = "\(TemporaryFile.directory)/sluice-dedupe-* (the compared pairs)"

        init() throws(StageFailure) {
            fd = try TemporaryFile.open(prefix: "sluice-dedupe")
        }

        deinit { close(fd) }

        /// Appends `pairs` at the end of the file.
        func append(_ pairs: [Pair]) throws(StageFailure) {
            let failed: Int32? = pairs.withUnsafeBytes { bytes in
                var done = 0
                while done < bytes.count {
                    guard let base = bytes.baseAddress else { return nil }
                    let n = write(fd, base + done, bytes.count - done)
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { return n < 0 ? errno : ENOSPC }
                    done += n
                }
                return nil
            }
            if let failed { throw StageFailure(.ioError, "\(name): cannot write: \(String(cString: strerror(failed)))") }
        }

        /// Reads `count` pairs from pair number `first` of the file into `buffer`.
        func read(into buffer: inout [Pair], count: Int, at first: Int) throws(StageFailure) {
            let stride = MemoryLayout<Pair>.stride
            let failed: Int32? = buffer.withUnsafeMutableBytes { bytes in
                var done = 0
                let wanted = count * stride
                while done < wanted {
                    guard let base = bytes.baseAddress else { return nil }
                    let n = pread(fd, base + done, wanted - done, off_t(first * stride + done))
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { return n < 0 ? errno : EIO }
                    done += n
                }
                return nil
            }
            if let failed { throw StageFailure(.ioError, "\(name): cannot read: \(String(cString: strerror(failed)))") }
        }
    }
}
