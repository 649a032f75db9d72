import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a stage does to one good record: append its output lines (each ending in a newline) to
/// `output` and say what it did, for the stage to count.
///
/// Each thread has a worker of its own, so a worker may keep a memo; but what it writes must
/// depend on the record alone, so that any number of threads gives the same bytes.
public protocol RecordWorker: SendableMetatype {
    /// What the stage counts for one record: lines written, a match's precision…
    associatedtype Tally
    mutating func process(_ record: NDJSONRecord, into output: inout [UInt8]) -> Tally
}

extension StageContext {
    /// The number of threads a stage uses unless told: one per core, at most 8.
    public static var defaultThreads: Int { max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Reads the inputs as `forEachRecord` does and hands every good record to a worker, then
    /// `tally` (on this thread, in input order) with what the worker said.
    ///
    /// On more than one thread, lines are gathered in batches; while `threads` workers check and
    /// process one batch, this thread reads the next, then writes the finished one in input
    /// order. Output, rejects and counts are byte-identical to a run on one thread; memory is two
    /// batches (at most `RecordBatch.maxRecords` lines or about `RecordBatch.maxBytes` each).
    public func process<Worker: RecordWorker>(
        _ inputs: [String], threads: Int, makeWorker: () -> Worker, tally: (Worker.Tally) -> Void
    ) throws {
        guard threads > 1 else {
            var worker = makeWorker()
            try forEachRecord(in: inputs) { record, _ in
                tally(worker.process(record, into: &output.buffer))
                try output.flushIfFull()
            }
            return
        }
        let pool = WorkerPool((0..<threads).map { _ in makeWorker() })
        for input in inputs.isEmpty ? ["-"] : inputs {
            let (fd, name) = try StageContext.openInput(input)
            defer { if fd != 0 { close(fd) } }
            let reader = LineReader(fd: fd, maxLineBytes: maxLineBytes)
            let bytesBefore = bytesDone
            defer { bytesDone = bytesBefore + reader.bytesRead }
            var current = try readBatch(reader, bytesBefore: bytesBefore)
            while !current.entries.isEmpty {
                let group = pool.start(current)
                let next = try readBatch(reader, bytesBefore: bytesBefore)
                group.wait()
                try write(current, from: pool, source: name, tally: tally)
                current = next
            }
        }
    }

    /// The next lines of `reader`, up to a batch's worth; blank lines are counted and left out.
    func readBatch(_ reader: LineReader, bytesBefore: Int) throws -> RecordBatch {
        let batch = RecordBatch()
        while batch.entries.count < RecordBatch.maxRecords, batch.bytes.count < RecordBatch.maxBytes, let line = try reader.nextLine() {
            if line.isBlank {
                accounting.blankLines += 1
                continue
            }
            accounting.recordsIn += 1
            progress.update(records: accounting.recordsIn, bytes: bytesBefore + reader.bytesRead)
            batch.append(line)
        }
        return batch
    }

    /// Writes a processed batch in input order: each record's lines, or its rejection.
    func write<Worker: RecordWorker>(
        _ batch: RecordBatch, from pool: WorkerPool<Worker>, source: String, tally: (Worker.Tally) -> Void
    ) throws {
        var entryIndex = 0
        for chunk in pool.results {
            for outcome in chunk.outcomes {
                let entry = batch.entries[entryIndex]
                entryIndex += 1
                switch outcome {
                case .written(let range, let count):
                    output.buffer.append(contentsOf: chunk.output[range])
                    tally(count)
                    try output.flushIfFull()
                case .overlong:
                    try reject(
                        batch.line(entry), source: source, reason: .lineTooLong,
                        detail: "line too long: \(entry.length) bytes, more than --max-line-bytes \(maxLineBytes)")
                case .rejected(let error):
                    try reject(batch.line(entry), source: source, reason: error.reason, detail: error.detail)
                }
            }
        }
    }
}

/// Lines copied out of the reader's buffer, so that workers can read them while the next batch
/// is read.
final class RecordBatch: @unchecked Sendable {
    /// Enough lines to keep the threads busy between hand-overs, few enough to stay in cache.
    static let maxRecords = 1024
    static let maxBytes = 1 << 20

    struct Entry {
        var range: Range<Int>
        var number: Int
        var length: Int
        var isOverlong: Bool
        var isTruncated: Bool
    }

    var bytes: [UInt8] = []
    var entries: [Entry] = []

    func append(_ line: Line) {
        let start = bytes.count
        bytes.append(contentsOf: line.bytes)
        entries.append(
            Entry(range: start..<bytes.count, number: line.number, length: line.length, isOverlong: line.isOverlong, isTruncated: line.isTruncated))
    }

    /// The entry as the reader gave it, for the rejects; valid only inside `body`.
    func line(_ entry: Entry) -> Line {
        bytes.withUnsafeBufferPointer { all in
            Line(
                bytes: UnsafeBufferPointer(rebasing: all[entry.range]), number: entry.number, isOverlong: entry.isOverlong,
                isTruncated: entry.isTruncated, length: entry.length)
        }
    }
}

/// One worker per thread, each with the results of its share of the current batch. A worker and
/// its results are touched by one thread at a time: its own while the batch is processed, the
/// reading thread after `DispatchGroup.wait`, which orders the two.
final class WorkerPool<Worker: RecordWorker>: @unchecked Sendable {
    enum Outcome {
        case written(Range<Int>, Worker.Tally)
        case overlong
        case rejected(RecordError)
    }

    final class ChunkResult {
        var output: [UInt8] = []
        var outcomes: [Outcome] = []
    }

    /// Raw storage, not an array: an array property mutated from several threads at once
    /// would trip Swift's exclusivity checks even though each thread has its own element.
    let workers: UnsafeMutablePointer<Worker>
    let count: Int
    let results: [ChunkResult]
    let queue = DispatchQueue(label: "sluice.record-workers", attributes: .concurrent)

    init(_ workers: [Worker]) {
        count = workers.count
        self.workers = .allocate(capacity: count)
        self.workers.initialize(from: workers, count: count)
        results = workers.map { _ in ChunkResult() }
    }

    deinit {
        workers.deinitialize(count: count)
        workers.deallocate()
    }

    /// Starts processing `batch`, split into one contiguous share per worker.
    func start(_ batch: RecordBatch) -> DispatchGroup {
        let group = DispatchGroup()
        let share = (batch.entries.count + count - 1) / count
        for index in 0..<count {
            let range = min(index * share, batch.entries.count)..<min((index + 1) * share, batch.entries.count)
            queue.async(group: group) { self.process(batch, range, worker: index) }
        }
        return group
    }

    private func process(_ batch: RecordBatch, _ range: Range<Int>, worker index: Int) {
        let result = results[index]
        result.output.removeAll(keepingCapacity: true)
        result.outcomes.removeAll(keepingCapacity: true)
        batch.bytes.withUnsafeBufferPointer { all in
            for entry in batch.entries[range] {
                guard !entry.isOverlong else {
                    result.outcomes.append(.overlong)
                    continue
                }
                do throws(RecordError) {
                    let record = try NDJSONRecord(UnsafeBufferPointer(rebasing: all[entry.range]))
                    let start = result.output.count
                    let tally = workers[index].process(record, into: &result.output)
                    result.outcomes.append(.written(start..<result.output.count, tally))
                } catch {
                    result.outcomes.append(.rejected(error))
                }
            }
        }
    }
}
