#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sorting more than memory holds: the caller sorts a bounded batch of records itself and
/// writes it here as one run; the runs go to one unlinked temporary file (`TemporaryFile`, so
/// nothing is left behind however the process ends) and are merged back a window at a time
/// (`RunMerge`). `sluice-gazetteer build` sorts its point addresses and late rejects this way.
///
///     let runs = try SortedRuns(prefix: "sluice-gazetteer")
///     for record in batch.sorted(by: precedes) { try runs.append(encode(record)) }
///     try runs.endRun()                                // … once per batch
///     var merge = try RunMerge(runs, decode: decode, precedes: precedes)
///     while let (record, run) = try merge.next() { … } // every record, in order; ties by run
///
/// A record is its length (4 bytes) and its bytes. Memory: one write buffer (64 KiB) and one
/// window a run (256 KiB, or the largest record) while merging.
public final class SortedRuns {
    /// Each run's bytes in the file.
    public private(set) var runs: [Range<Int>] = []
    let fd: Int32
    let sink: ByteSink
    var runStart = 0

    public init(prefix: String) throws(StageFailure) {
        fd = try TemporaryFile.open(prefix: prefix)
        sink = ByteSink(fd: fd, name: "\(TemporaryFile.directory)/\(prefix)-* (sorted runs)", ownsDescriptor: true)
    }

    /// The bytes written to the temporary file so far (the disk it uses).
    public var bytes: Int { sink.bytesWritten }

    /// Appends one record to the run being written.
    public func append(_ record: [UInt8]) throws {
        var length = UInt32(record.count).littleEndian
        withUnsafeBytes(of: &length) { sink.buffer.append(contentsOf: $0) }
        sink.buffer.append(contentsOf: record)
        try sink.flushIfFull()
    }

    /// Ends the run being written (an empty one is dropped).
    public func endRun() throws {
        try sink.flush()
        if sink.bytesWritten > runStart { runs.append(runStart..<sink.bytesWritten) }
        runStart = sink.bytesWritten
    }

    /// One run's records, front to back.
    public func reader(_ run: Int, windowSize: Int = 1 << 18) -> Reader { Reader(fd: fd, range: runs[run], windowSize: windowSize, name: sink.name) }

    /// Reads one run through a window that slides forward with `pread(2)`.
    public final class Reader {
        let fd: Int32
        let name: String
        var offset: Int
        let end: Int
        var window: [UInt8]
        var start = 0
        var filled = 0

        init(fd: Int32, range: Range<Int>, windowSize: Int, name: String) {
            (self.fd, self.offset, self.end, self.name) = (fd, range.lowerBound, range.upperBound, name)
            // No larger than the run: a merge of many short runs holds little.
            window = [UInt8](repeating: 0, count: max(min(windowSize, range.count), 16))
        }

        /// The next record (valid until the next call), or nil at the run's end.
        public func next() throws -> ArraySlice<UInt8>? {
            guard try have(4) else { return nil }
            let length = window.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt32.self))) }
            guard try have(4 + length) else { throw IOFailure(errno: EIO, operation: "read (a sorted run ends inside a record)", path: name) }
            defer { start += 4 + length }
            return window[(start + 4)..<(start + 4 + length)]
        }

        /// Whether `count` bytes from `start` are in the window: what is left moves to the
        /// front, and the window is filled again (grown for a record larger than it).
        private func have(_ count: Int) throws -> Bool {
            if filled - start >= count { return true }
            let left = filled - start
            if start > 0 {
                window.withUnsafeMutableBytes { buffer in
                    guard let base = buffer.baseAddress else { return }
                    memmove(base, base + start, left)
                }
                (start, filled) = (0, left)
            }
            if count > window.count { window += [UInt8](repeating: 0, count: count - window.count) }
            while filled < window.count, offset < end {
                let want = min(window.count - filled, end - offset)
                let n = try window.withUnsafeMutableBytes { buffer in
                    Result { () throws(IOFailure) in
                        try FileInput.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + want)]), at: offset)
                    }
                }.mapError { IOFailure(errno: $0.code, operation: "read", path: name) }.get()
                guard n == want else { throw IOFailure(errno: EIO, operation: "read (a sorted run is shorter than written)", path: name) }
                filled += n
                offset += n
            }
            return filled - start >= count
        }
    }
}

/// The k-way merge of `SortedRuns`: every record of every run, in order, a record of an
/// earlier run before an equal one of a later run (so "the first wins" holds across runs).
///
/// - Complexity: O(n log k) comparisons for n records in k runs.
public struct RunMerge<Element> {
    // Inlinable, so that the caller's module specialises the merge for its records (unspecialised,
    // the heap's tuples were built through the runtime's generic metadata: 2% of a build).
    @usableFromInline let readers: [SortedRuns.Reader]
    @usableFromInline let decode: (ArraySlice<UInt8>) -> Element
    @usableFromInline let precedes: (Element, Element) -> Bool
    /// A binary heap of each run's next record.
    @usableFromInline var heap: [(element: Element, run: Int)] = []

    @inlinable
    public init(_ runs: SortedRuns, decode: @escaping (ArraySlice<UInt8>) -> Element, precedes: @escaping (Element, Element) -> Bool) throws {
        readers = runs.runs.indices.map { runs.reader($0) }
        self.decode = decode
        self.precedes = precedes
        for (run, reader) in readers.enumerated() {
            if let record = try reader.next() { push((decode(record), run)) }
        }
    }

    /// The next record in order and the run it came from; nil when every run is read.
    @inlinable
    public mutating func next() throws -> (element: Element, run: Int)? {
        guard let top = heap.first else { return nil }
        if let record = try readers[top.run].next() {
            heap[0] = (decode(record), top.run)
            siftDown(0)
        } else {
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(0)
            }
        }
        return top
    }

    @inlinable
    func before(_ a: (element: Element, run: Int), _ b: (element: Element, run: Int)) -> Bool {
        if precedes(a.element, b.element) { return true }
        if precedes(b.element, a.element) { return false }
        return a.run < b.run
    }

    @inlinable
    mutating func push(_ item: (element: Element, run: Int)) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable
    mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var first = parent
            if left < heap.count, before(heap[left], heap[first]) { first = left }
            if right < heap.count, before(heap[right], heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(first, parent)
            parent = first
        }
    }
}
