import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command that reads records without writing them (`sluice-stats`) does with one batch
/// of lines, on any of `--threads` threads: it reads each line into a summary of the batch,
/// which the command then merges on its own thread.
///
/// Batches are cut the same way whatever the number of threads and merged in input order, so
/// anything computed from them — sketches and floating-point sums included — comes out the same
/// on one thread or many.
public protocol RecordSummarizer: SendableMetatype {
    /// Forgets the previous batch: the summary starts empty.
    mutating func startBatch()
    /// Adds one line; `line` counts on across inputs, as if they were one. A line that is not a
    /// record throws, and must leave nothing of itself in the summary.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(RecordError)
}

extension StageContext {
    /// Reads the inputs in batches as `process` does (rejects, counts and progress the same);
    /// each batch is summarized by one summarizer while this thread reads the next, and `merge`
    /// is called on this thread with that summarizer once per batch, in input order.
    ///
    /// - Complexity: memory is `threads` batches and summarizers, plus what `merge` keeps.
    public func summarize<Summarizer: RecordSummarizer>(
        _ inputs: [String], threads: Int, makeSummarizer: () -> Summarizer, merge: (inout Summarizer) throws -> Void
    ) throws {
        let pool = SummarizerPool((0..<max(1, threads)).map { _ in makeSummarizer() })
        var pending: [(batch: RecordBatch<Void>, slot: Int, running: DispatchGroup?, source: String)] = []
        // A failure leaves no summarizer running on a batch the caller has given up.
        defer { for item in pending { item.running?.wait() } }
        var sequence = 0
        var linesBefore = 0
        try forEachInput(inputs) { reader, name, bytesBefore in
            while true {
                let batch: RecordBatch<Void> = try readBatch(reader, bytesBefore: bytesBefore)
                if batch.entries.isEmpty { break }
                if pending.count == pool.count {
                    let oldest = pending.removeFirst()
                    try finish(oldest.batch, summarizer: oldest.slot, running: oldest.running, source: oldest.source, pool: pool, merge: merge)
                }
                let slot = sequence % pool.count
                sequence += 1
                pending.append((batch, slot, pool.start(batch, on: slot, linesBefore: linesBefore), name))
            }
            linesBefore += reader.lineNumber
        }
        while !pending.isEmpty {
            let oldest = pending.removeFirst()
            try finish(oldest.batch, summarizer: oldest.slot, running: oldest.running, source: oldest.source, pool: pool, merge: merge)
        }
    }

    /// Waits for a batch, writes its rejects in line order, then merges its summary.
    private func finish<Summarizer: RecordSummarizer>(
        _ batch: RecordBatch<Void>, summarizer slot: Int, running: DispatchGroup?, source: String, pool: SummarizerPool<Summarizer>,
        merge: (inout Summarizer) throws -> Void
    ) throws {
        running?.wait()
        try write(batch, source: source) { _ in }
        try merge(&pool.summarizers[slot])
    }
}

/// One summarizer per thread; summarizer `i` takes batches `i`, `i + count`, … and is merged
/// before it starts the next, so no two threads ever touch one summarizer.
final class SummarizerPool<Summarizer: RecordSummarizer>: ThreadSlots<Summarizer>, @unchecked Sendable {
    var summarizers: UnsafeMutablePointer<Summarizer> { slots }

    init(_ summarizers: [Summarizer]) {
        super.init(summarizers, label: "sluice.record-summarizers")
    }

    /// Summarizes `batch` with summarizer `slot`: on this thread when there is one summarizer
    /// (nil: already done), else on the queue.
    func start(_ batch: RecordBatch<Void>, on slot: Int, linesBefore: Int) -> DispatchGroup? {
        guard count > 1 else {
            summarize(batch, slot: slot, linesBefore: linesBefore)
            return nil
        }
        let group = DispatchGroup()
        queue.async(group: group) { self.summarize(batch, slot: slot, linesBefore: linesBefore) }
        return group
    }

    private func summarize(_ batch: RecordBatch<Void>, slot: Int, linesBefore: Int) {
        let result = ShareResult<Void>()
        result.outcomes.reserveCapacity(batch.entries.count)
        summarizers[slot].startBatch()
        batch.bytes.withUnsafeBufferPointer { all in
            for entry in batch.entries {
                guard !entry.isOverlong else {
                    result.outcomes.append(.fault(.overlong))
                    continue
                }
                do throws(RecordError) {
                    try summarizers[slot].add(UnsafeBufferPointer(rebasing: all[entry.range]), line: linesBefore + entry.number)
                    result.outcomes.append(.processed(0..<0, ()))
                } catch {
                    result.outcomes.append(.fault(.rejected(error)))
                }
            }
        }
        batch.results = [result]
    }
}
