import Dispatch
import SluiceCore

/// `--threads N`: records are read and checked on the main thread as always, gathered in
/// batches, parsed on N threads, and written back in input order, so the output is
/// byte-identical to a single-threaded run.
extension SanitizeCommand {
    /// Records per batch: enough to keep the threads busy, small enough to stay in cache.
    static let batchSize = 2048

    /// One record waiting for its address: its own copy of the line (the reader's buffer is
    /// reused) and the field's value.
    struct Pending: Sendable {
        var bytes: [UInt8]
        var value: JSONValue?
    }

    /// The lines written for one record and how many there are.
    struct Written {
        var bytes: [UInt8] = []
        var lines = 0
    }

    /// The batch's result slots, shared by the workers. Each worker writes only the slots of its
    /// own index range and the caller reads them after `concurrentPerform` returns, so there is
    /// no data race for the compiler to see: hence `@unchecked`.
    struct Slots: @unchecked Sendable {
        let base: UnsafeMutableBufferPointer<Written>
    }

    func runThreaded(_ context: StageContext, threads: Int) throws {
        var batch: [Pending] = []
        batch.reserveCapacity(Self.batchSize)
        try context.forEachRecord(in: inputs) { record, _ in
            batch.append(Pending(bytes: Array(record.bytes), value: record.value(atPath: field)))
            if batch.count == Self.batchSize {
                try flush(batch, threads: threads, context)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try flush(batch, threads: threads, context)
    }

    func flush(_ batch: [Pending], threads: Int, _ context: StageContext) throws {
        guard !batch.isEmpty else { return }
        var written = [Written](repeating: Written(), count: batch.count)
        written.withUnsafeMutableBufferPointer { buffer in
            let results = Slots(base: buffer)
            let chunk = (batch.count + threads - 1) / threads
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                let start = worker * chunk
                let end = min(batch.count, start + chunk)
                guard start < end else { return }
                for index in start..<end {
                    batch[index].bytes.withUnsafeBufferPointer { bytes in
                        // The line was checked when it was read, so this cannot fail.
                        guard let record = try? NDJSONRecord(bytes) else { return }
                        results.base[index] = lines(for: record, address: address(for: batch[index].value))
                    }
                }
            }
        }
        for result in written {
            context.output.buffer.append(contentsOf: result.bytes)
            if context.output.buffer.count >= 1 << 16 { try context.output.flush() }
            context.accounting.recordsOut += result.lines
            context.accounting.split += result.lines - 1
        }
    }

    /// The record's output lines (one, or one per location with `--split`), newline-terminated.
    func lines(for record: NDJSONRecord, address: ParsedAddress) -> Written {
        var written = Written()
        for part in parts(of: address) {
            record.write(adding: "address", part.json, to: &written.bytes)
            written.bytes.append(0x0A)
            written.lines += 1
        }
        return written
    }

    /// The address objects to write: the address itself, or with `--split` one per location,
    /// each with `part`/`parts` and the whole input as `raw`.
    func parts(of address: ParsedAddress) -> [ParsedAddress] {
        guard split, address.alternatives.count > 1 else { return [address] }
        let count = address.alternatives.count
        return address.alternatives.enumerated().map { index, alternative in
            var part = alternative
            part.raw = address.raw
            part.part = index + 1
            part.parts = count
            return part
        }
    }
}
