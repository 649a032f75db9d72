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
    /// One thread per core, at most 8.
    public static var coreThreads: Int { max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The `--threads` a stage runs with: the option, else `SLUICE_THREADS`, else one per core
    /// (at most 8) — half of them when the stage streams between two pipes (`a | stage | b`):
    /// the stages on either side work at the same time, and threads beyond the free cores only
    /// add their own cost (batches copied to them, a memo each). 1M records through the five
    /// stages on 2 cores: 12.4 s with sanitize, geocode and dedupe on two threads each, 11.5 s
    /// on one (BENCHMARKS.md). `streaming: false` is for work done after the input has ended,
    /// when the cores are free (dedupe's pair comparison).
    public static func threads(_ arguments: ParsedArguments, streaming: Bool = true) throws(StageFailure) -> Int {
        let range = 1...64
        if let text = getenv(threadsVariable).map({ String(cString: $0) }), arguments["threads"] == nil {
            guard let value = Int(text), range.contains(value) else {
                throw .usage("\(threadsVariable) needs a whole number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
            }
            return value
        }
        let threads = defaultThreads(cores: coreThreads, streaming: streaming, betweenPipes: StandardStreams.betweenPipes)
        return try arguments.int("threads", default: threads, range: range)
    }

    /// `threads`' default: all `cores`, or half of them for streaming work between two pipes.
    static func defaultThreads(cores: Int, streaming: Bool, betweenPipes: Bool) -> Int {
        streaming && betweenPipes ? max(1, cores / 2) : cores
    }

    public static let threadsVariable = "SLUICE_THREADS"

    /// Reads the inputs as `forEachRecord` does, has a worker turn every good record into output
    /// lines, writes them in input order, and calls `tally` (on this thread) with what the worker
    /// said. With a `member`, a record whose field the result would replace stops the stage at
    /// that record (see `ResultMember`).
    ///
    /// On more than one thread, lines are gathered in batches: while `threads` workers check and
    /// process one batch, this thread reads the next and writes the one before. Output, rejects
    /// and counts are byte-identical to a run on one thread; memory is two batches (at most
    /// `BatchLimit.records` lines or about `BatchLimit.bytes` each).
    public func process<Worker: RecordWorker>(
        _ inputs: [String], threads: Int, member: ResultMember? = nil, makeWorker: () -> Worker, tally: (Worker.Tally) -> Void
    ) throws {
        guard threads > 1 else {
            var worker = makeWorker()
            try forEachRecord(in: inputs) { record, location in
                try member?.check(record, at: location)
                tally(worker.process(record, into: &output.buffer))
                try output.flushIfFull()
            }
            return
        }
        let pool = WorkerPool((0..<threads).map { _ in makeWorker() }, member: member, namedFields: namedFields)
        try pipelineBatches(inputs, start: pool.start) { (batch: RecordBatch<Worker.Tally>, source, upstreamIsSilent) in
            try write(batch, source: source, tally: tally)
            // The writer upstream is silent: send what was read on before waiting for it.
            if upstreamIsSilent { try output.flush() }
        }
        pool.merge(into: &namedFields)
    }

    /// Reads the inputs in batches with two in flight: while `start`'s threads work on one
    /// batch, this thread reads the next and gives the one before to `handOver`, in input order.
    /// When the writer upstream is silent, the batch in hand is finished and handed over before
    /// waiting for more (`upstreamIsSilent` true), so lines read are never held back. `start`
    /// returns nil for an empty batch.
    func pipelineBatches<Tally>(
        _ inputs: [String], start: (RecordBatch<Tally>) -> DispatchGroup?,
        handOver: (RecordBatch<Tally>, _ source: String, _ upstreamIsSilent: Bool) throws -> Void
    ) throws {
        try forEachInput(inputs) { reader, name, bytesBefore in
            var current: RecordBatch<Tally> = try readBatch(reader, bytesBefore: bytesBefore)
            var running = start(current)
            // A failure leaves no thread running on a batch the caller has given up.
            defer { running?.wait() }
            while !current.entries.isEmpty {
                if !reader.canReadWithoutWaiting() {
                    running?.wait()
                    running = nil
                    try handOver(current, name, true)
                    current = try readBatch(reader, bytesBefore: bytesBefore)
                    running = start(current)
                    continue
                }
                let next: RecordBatch<Tally> = try readBatch(reader, bytesBefore: bytesBefore)
                running?.wait()
                running = start(next)
                try handOver(current, name, false)
                current = next
            }
        }
    }

    /// The next lines of `reader`, up to a batch's worth, or fewer when the input has no more
    /// ready (a pipe whose writer is slow): lines read are never held waiting for more.
    /// Blank lines are counted and left out.
    func readBatch<Tally>(_ reader: LineReader, bytesBefore: Int) throws -> RecordBatch<Tally> {
        let batch = RecordBatch<Tally>()
        while batch.entries.count < BatchLimit.records, batch.bytes.count < BatchLimit.bytes,
            batch.entries.isEmpty || reader.canReadWithoutWaiting(), let line = try reader.nextLine()
        {
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
    func write<Tally>(_ batch: RecordBatch<Tally>, source: String, tally: (Tally) -> Void) throws {
        var entryIndex = 0
        for share in batch.results {
            for outcome in share.outcomes {
                let entry = batch.entries[entryIndex]
                entryIndex += 1
                switch outcome {
                case .processed(let range, let count):
                    output.buffer.append(contentsOf: share.output[range])
                    tally(count)
                    try output.flushIfFull()
                case .fault(let fault):
                    try handle(fault, of: entry, in: batch, source: source)
                }
            }
        }
    }

    /// What becomes of a line a pool's thread found was not a record to work on: a reject, or
    /// (a field the result would replace) the end of the stage.
    func handle<Tally>(_ fault: LineFault, of entry: BatchEntry, in batch: RecordBatch<Tally>, source: String) throws {
        switch fault {
        case .overlong:
            try batch.withLine(entry) { try rejectOverlong($0, source: source) }
        case .rejected(let error):
            try batch.withLine(entry) { try reject($0, source: source, error) }
        case .conflict(let detail):
            throw StageFailure.data(source: source, line: entry.number, detail)
        }
    }
}

/// Why a line of a batch is not a record to work on, found on a pool's thread and acted on in
/// input order by the thread that owns the output (`StageContext.handle`).
enum LineFault {
    case overlong
    case rejected(RecordError)
    /// The result would replace one of the record's fields: the stage stops here.
    case conflict(String)
}

/// What one worker made of its share of a batch: the lines it wrote, one after another, and per
/// record where its lines are, or why it was rejected.
final class ShareResult<Tally>: @unchecked Sendable {
    enum Outcome {
        case processed(Range<Int>, Tally)
        case fault(LineFault)
    }

    var output: [UInt8] = []
    var outcomes: [Outcome] = []
}

/// How much one batch holds: enough lines to keep the threads busy between hand-overs, few
/// enough to stay in cache and keep memory small.
enum BatchLimit {
    static let records = 1024
    static let bytes = 1 << 20
}

/// Where one line of a batch lies in its bytes, and what the reader said of it. Not nested in
/// the generic `RecordBatch`: there, a stage's module (which sees the batch unspecialized) looked
/// up the array's type at run time for every line, 3% of sanitize's instructions (callgrind).
struct BatchEntry {
    var range: Range<Int>
    var number: Int
    var length: Int
    var isOverlong: Bool
    var isTruncated: Bool
    var isUnterminated: Bool
}

/// Lines copied out of the reader's buffer, so that workers can read them while the next batch
/// is read.
final class RecordBatch<Tally>: @unchecked Sendable {
    typealias Entry = BatchEntry

    var bytes: [UInt8] = []
    var entries: [Entry] = []
    /// One per worker, in order, set when processing starts.
    var results: [ShareResult<Tally>] = []

    init() {
        // A batch fills to about its limit: growing to it by doubling would copy it twice over.
        bytes.reserveCapacity(BatchLimit.bytes + (64 << 10))
        entries.reserveCapacity(BatchLimit.records)
    }

    func append(_ line: Line) {
        let start = bytes.count
        bytes.append(contentsOf: line.bytes)
        entries.append(
            Entry(
                range: start..<bytes.count, number: line.number, length: line.length, isOverlong: line.isOverlong,
                isTruncated: line.isTruncated, isUnterminated: line.isUnterminated))
    }

    /// Checks the lines of `range` on a pool's thread, in order: each line that is a record
    /// (one whose field the result would not replace, with a `member`) goes to `record`; every
    /// other line to `fault`, with why.
    @inline(__always)
    func forEachRecord(in range: Range<Int>, member: ResultMember?, fault: (LineFault) -> Void, _ record: (NDJSONRecord) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            for entry in entries[range] {
                guard !entry.isOverlong else {
                    fault(.overlong)
                    continue
                }
                do throws(RecordError) {
                    let parsed = try NDJSONRecord(UnsafeBufferPointer(rebasing: all[entry.range]))
                    if let conflict = member?.conflict(in: parsed) {
                        fault(.conflict(conflict))
                        continue
                    }
                    record(parsed)
                } catch {
                    fault(.rejected(error))
                }
            }
        }
    }

    /// The entry as the reader gave it, for the rejects; its bytes are valid only inside `body`.
    func withLine(_ entry: Entry, _ body: (Line) throws -> Void) throws {
        try bytes.withUnsafeBufferPointer { all in
            try body(
                Line(
                    bytes: UnsafeBufferPointer(rebasing: all[entry.range]), number: entry.number, isOverlong: entry.isOverlong,
                    isTruncated: entry.isTruncated, length: entry.length, isUnterminated: entry.isUnterminated))
        }
    }
}

/// One element per thread (a worker, a summarizer) and the queue they run on, for the pools
/// below. Each element is used by one thread at a time.
class ThreadSlots<Element>: @unchecked Sendable {
    /// Raw storage, not an array: an array property mutated from several threads at once
    /// would trip Swift's exclusivity checks even though each thread has its own element.
    let slots: UnsafeMutablePointer<Element>
    /// What each thread saw of the fields the options name, merged once the input has ended.
    let namedFields: UnsafeMutablePointer<NamedFields>
    let count: Int
    let queue: DispatchQueue

    init(_ elements: [Element], label: String, namedFields: NamedFields = NamedFields()) {
        count = elements.count
        slots = .allocate(capacity: count)
        slots.initialize(from: elements, count: count)
        self.namedFields = .allocate(capacity: count)
        self.namedFields.initialize(repeating: namedFields, count: count)
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    /// Every thread's sightings added to `fields`; call when no thread is running.
    func merge(into fields: inout NamedFields) {
        for index in 0..<count { fields.merge(namedFields[index]) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
        namedFields.deinitialize(count: count)
        namedFields.deallocate()
    }
}

/// One worker per thread. A worker is used by one thread at a time: its share of one batch is
/// done (the group waited for) before the next batch starts.
final class WorkerPool<Worker: RecordWorker>: ThreadSlots<Worker>, @unchecked Sendable {
    var workers: UnsafeMutablePointer<Worker> { slots }
    let member: ResultMember?

    init(_ workers: [Worker], member: ResultMember?, namedFields: NamedFields) {
        self.member = member
        super.init(workers, label: "sluice.record-workers", namedFields: namedFields)
    }

    /// Starts processing `batch`, split into one contiguous share per worker; nil for an empty
    /// batch. The batch's results are read only after the group has been waited for.
    func start(_ batch: RecordBatch<Worker.Tally>) -> DispatchGroup? {
        guard !batch.entries.isEmpty else { return nil }
        let group = DispatchGroup()
        let shares = (0..<count).map { _ in ShareResult<Worker.Tally>() }
        batch.results = shares
        let size = (batch.entries.count + count - 1) / count
        for index in 0..<count {
            let range = min(index * size, batch.entries.count)..<min((index + 1) * size, batch.entries.count)
            queue.async(group: group) { self.process(batch, range, worker: index, into: shares[index]) }
        }
        return group
    }

    private func process(_ batch: RecordBatch<Worker.Tally>, _ range: Range<Int>, worker index: Int, into result: ShareResult<Worker.Tally>) {
        var fields = namedFields[index]
        defer { namedFields[index] = fields }
        batch.forEachRecord(in: range, member: member, fault: { result.outcomes.append(.fault($0)) }) { record in
            fields.look(at: record)
            let start = result.output.count
            let tally = workers[index].process(record, into: &result.output)
            result.outcomes.append(.processed(start..<result.output.count, tally))
        }
    }
}
