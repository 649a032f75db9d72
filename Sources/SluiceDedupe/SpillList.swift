import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fixed-size values kept in the order appended, one chunk in memory: each full chunk is
/// written to an unlinked temporary file (`TemporaryFile`) and read back a chunk at a time by
/// `forEachChunk`, or all at once by `all()`. For what fuzzy mode writes once and reads in
/// order later: the compared pairs kept for scoring (`PairList`: 88 MB of its 423 MB heap at
/// 1M bench records held in memory, ~0.9 GB at 10M) and the records' facts (`RecordFacts`: 10
/// bytes a record, read only once the clusters are made). The file costs a sequential write
/// and a sequential read per pass, mostly in the page cache.
///
///     var list = PairList()
///     try list.append(ComparedPair(a: 0, b: 7, pattern: 3))
///     try list.forEach { pair in … }   // in the order appended, any number of times
///
/// - Complexity: append amortised O(1); memory two chunks (one being filled, one being read:
///   12 MiB each at most for pairs); disk the element's size per element past the first chunk.
public struct SpillList<Element: BitwiseCopyable> {
    /// Elements per chunk: the most held in memory while appending.
    let chunkSize: Int
    /// What the elements are, for errors naming the file ("the compared pairs").
    let what: String
    /// The elements not yet written to the file (all of them while there are fewer than a chunk).
    var pending: [Element] = []
    /// The file holding the first `spilled` elements, made when the first chunk is full.
    var file: SpillFile?
    var spilled = 0
    public private(set) var count = 0

    public init(chunkSize: Int = 1 << 20, what: String) {
        self.chunkSize = max(chunkSize, 1)
        self.what = what
    }

    public mutating func append(_ element: Element) throws(StageFailure) {
        if pending.isEmpty { pending.reserveCapacity(chunkSize) }
        pending.append(element)
        count += 1
        if pending.count == chunkSize { try spillPending() }
    }

    /// Appends `elements` in order (a chunk's room at a time).
    public mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) throws(StageFailure) {
        var done = 0
        while done < elements.count {
            if pending.isEmpty { pending.reserveCapacity(chunkSize) }
            let taken = min(chunkSize - pending.count, elements.count - done)
            pending.append(contentsOf: elements[done..<(done + taken)])
            done += taken
            count += taken
            if pending.count == chunkSize { try spillPending() }
        }
    }

    private mutating func spillPending() throws(StageFailure) {
        if file == nil { file = try SpillFile(what: what) }
        try file?.append(pending)
        spilled += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with every element in the order appended: those in the file, then the pending.
    public func forEach(_ body: (Element) throws -> Void) throws {
        try forEachChunk { elements in for element in elements { try body(element) } }
    }

    /// The same elements a chunk at a time (at most `chunkSize`), for a caller that hands them
    /// to threads; a chunk is valid only during the call.
    public func forEachChunk(_ body: (UnsafeBufferPointer<Element>) throws -> Void) throws {
        if let file, spilled > 0 {
            let stride = MemoryLayout<Element>.stride
            let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: min(chunkSize, spilled))
            defer { buffer.deallocate() }
            var done = 0
            while done < spilled {
                let n = min(buffer.count, spilled - done)
                try file.read(into: UnsafeMutableRawBufferPointer(start: buffer.baseAddress, count: n * stride), at: done * stride)
                try body(UnsafeBufferPointer(rebasing: buffer[..<n]))
                done += n
            }
        }
        if !pending.isEmpty { try pending.withUnsafeBufferPointer { try body($0) } }
    }

    /// Every element in one array, in order (for a reader that needs them at random).
    public func all() throws -> [Element] {
        if file == nil || spilled == 0 { return pending }
        return try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            try forEachChunk { chunk in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[initialized..<(initialized + chunk.count)]).initialize(fromContentsOf: chunk)
                initialized += chunk.count
            }
        }
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
        let name: String

        init(what: String) throws(StageFailure) {
            fd = try TemporaryFile.open(prefix: "sluice-dedupe")
            name = "\(TemporaryFile.directory)/sluice-dedupe-* (\(what))"
        }

        deinit { close(fd) }

        /// Appends `elements` at the end of the file.
        func append(_ elements: [Element]) throws(StageFailure) {
            let failed: Int32? = elements.withUnsafeBytes { bytes in
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

        /// Fills `bytes` from the file's byte `offset` on.
        func read(into bytes: UnsafeMutableRawBufferPointer, at offset: Int) throws(StageFailure) {
            let failed: Int32?
            do {
                failed = try FileInput.read(fd, into: bytes, at: offset) < bytes.count ? EIO : nil
            } catch {
                failed = error.code
            }
            if let failed { throw StageFailure(.ioError, "\(name): cannot read: \(String(cString: strerror(failed)))") }
        }
    }
}

/// A compared pair kept for scoring: 12 bytes.
public struct ComparedPair: Sendable, BitwiseCopyable {
    public var a: Int32
    public var b: Int32
    /// An index into the distinct patterns.
    public var pattern: UInt32

    public init(a: Int32, b: Int32, pattern: UInt32) {
        self.a = a
        self.b = b
        self.pattern = pattern
    }
}

/// The compared pairs kept for scoring, in the order compared.
public typealias PairList = SpillList<ComparedPair>

extension SpillList where Element == ComparedPair {
    public init(chunkSize: Int = 1 << 20) { self.init(chunkSize: chunkSize, what: "the compared pairs") }
}
