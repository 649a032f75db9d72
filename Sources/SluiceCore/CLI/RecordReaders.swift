import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a stage that must see every record on its own thread (`sluice-load` writing to SQLite,
/// `sluice-dedupe` keying and spooling) can have done beforehand, on other threads: checking the
/// line is a record and reading what the stage needs of it.
///
/// A reader keeps what it reads of one share of a batch in an `Arena` (arrays reused from batch
/// to batch, so nothing is allocated per record nor freed by another thread) and returns a small
/// `Parsed` per record, which locates its part of the arena.
public protocol RecordReader: SendableMetatype {
    associatedtype Parsed
    associatedtype Arena: AnyObject
    func makeArena() -> Arena
    /// Forgets the previous batch's records.
    func clear(_ arena: Arena)
    mutating func read(_ record: NDJSONRecord, into arena: Arena) -> Parsed
}

extension StageContext {
    /// Reads the inputs as `forEachRecord` does (rejects, counts, progress and a cut-short last
    /// line the same) and calls `body` on this thread with each good record's line, what a
    /// reader made of it and the arena holding that, in input order. The line is the record's
    /// `bytes`, valid only during the call. With a `member`, a record
    /// whose field the stage's result would replace stops the stage (see `ResultMember`).
    ///
    /// With `readers` above 0, the lines are gathered in batches: while that many threads check
    /// and read one batch, this thread reads the next and hands the one before to `body`.
    /// With 0, each record is read on this thread just before `body`.
    ///
    /// A `body` that keeps lines (and what was read of them) past its call, to work on several
    /// at once, gives `settle`: it is called before they stop being valid — at the end of each
    /// batch, after each record without readers — and before a line is rejected here, so that
    /// whatever the kept lines come to lands in input order.
    ///
    /// - Complexity: memory is two batches (see `BatchLimit`) and two arenas per reader.
    public func forEachRecord<Reader: RecordReader>(
        in inputs: [String], readers: Int, member: ResultMember? = nil, makeReader: () -> Reader, settle: () throws -> Void = {},
        _ body: (UnsafeBufferPointer<UInt8>, Reader.Parsed, Reader.Arena, Location) throws -> Void
    ) throws {
        guard readers > 0 else {
            var reader = makeReader()
            let arena = reader.makeArena()
            try forEachRecord(in: inputs) { record, location in
                try member?.check(record, at: location)
                reader.clear(arena)
                try body(record.bytes, reader.read(record, into: arena), arena, location)
                try settle()
            }
            return
        }
        let pool = ReaderPool((0..<readers).map { _ in makeReader() }, member: member, namedFields: namedFields)
        // Batches take the two share sets in turn: the n-th batch started is the n-th handed over.
        var started = 0
        var handed = 0
        let start = { (batch: RecordBatch<Void>) -> DispatchGroup? in
            guard let group = pool.start(batch, set: started % 2) else { return nil }
            started += 1
            return group
        }
        try pipelineBatches(inputs, start: start) { (batch: RecordBatch<Void>, source, _) in
            try hand(batch, shares: pool.shares[handed % 2], source: source, settle: settle, body)
            handed += 1
        }
        pool.merge(into: &namedFields)
    }

    /// Hands a read batch to `body` in input order: each record, or its rejection.
    private func hand<Reader: RecordReader>(
        _ batch: RecordBatch<Void>, shares: [ReadShare<Reader>], source: String, settle: () throws -> Void,
        _ body: (UnsafeBufferPointer<UInt8>, Reader.Parsed, Reader.Arena, Location) throws -> Void
    ) throws {
        try batch.bytes.withUnsafeBufferPointer { all in
            var entryIndex = 0
            for share in shares {
                for outcome in share.outcomes {
                    let entry = batch.entries[entryIndex]
                    entryIndex += 1
                    switch outcome {
                    case .read(let parsed):
                        try body(UnsafeBufferPointer(rebasing: all[entry.range]), parsed, share.arena, Location(source: source, line: entry.number))
                    case .fault(let fault):
                        try settle()
                        try handle(fault, of: entry, in: batch, source: source)
                    }
                }
            }
            try settle()
        }
    }
}

/// What one reader made of its share of a batch: per record, what it read, or why it is not a
/// record; and the arena holding what it read.
final class ReadShare<Reader: RecordReader>: @unchecked Sendable {
    enum Outcome {
        case read(Reader.Parsed)
        case fault(LineFault)
    }

    var outcomes: [Outcome] = []
    let arena: Reader.Arena

    init(arena: Reader.Arena) { self.arena = arena }
}

/// One reader per thread, each with two sets of shares: one for the batch being read while
/// the other's batch is handed over.
final class ReaderPool<Reader: RecordReader>: ThreadSlots<Reader>, @unchecked Sendable {
    var readers: UnsafeMutablePointer<Reader> { slots }
    let member: ResultMember?
    let shares: [[ReadShare<Reader>]]

    init(_ readers: [Reader], member: ResultMember?, namedFields: NamedFields) {
        self.member = member
        shares = (0..<2).map { _ in readers.map { ReadShare(arena: $0.makeArena()) } }
        super.init(readers, label: "sluice.record-readers", namedFields: namedFields)
    }

    /// Starts reading `batch` into share set `set`, one contiguous part per reader; nil for an
    /// empty batch.
    func start(_ batch: RecordBatch<Void>, set: Int) -> DispatchGroup? {
        guard !batch.entries.isEmpty else { return nil }
        let group = DispatchGroup()
        let size = (batch.entries.count + count - 1) / count
        for index in 0..<count {
            let range = min(index * size, batch.entries.count)..<min((index + 1) * size, batch.entries.count)
            let share = shares[set][index]
            queue.async(group: group) { self.read(batch, range, reader: index, into: share) }
        }
        return group
    }

    private func read(_ batch: RecordBatch<Void>, _ range: Range<Int>, reader index: Int, into share: ReadShare<Reader>) {
        share.outcomes.removeAll(keepingCapacity: true)
        readers[index].clear(share.arena)
        var fields = namedFields[index]
        defer { namedFields[index] = fields }
        batch.forEachRecord(in: range, member: member, fault: { share.outcomes.append(.fault($0)) }) { record in
            fields.look(at: record)
            share.outcomes.append(.read(readers[index].read(record, into: share.arena)))
        }
    }
}
