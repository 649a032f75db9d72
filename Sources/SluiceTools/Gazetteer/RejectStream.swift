import SluiceCore

/// The build's skipped rows, in the order the sources were read: each handed to `sink` as it
/// comes (`sluice-gazetteer build --rejects` writes it at once), or kept in `kept` without one
/// (a program's build). A duplicate address found only when the sorted runs of addresses are
/// merged (`GazetteerBuilder+AddressRuns.swift`: the first point was in an earlier run) comes
/// late; the late rows are sorted back to where they were read, on disk in runs of
/// `batchSize` rows, and `forEachLate` hands them out in that order with the number of rows
/// emitted before each, for the caller to put them in their place.
///
///     let stream = RejectStream()
///     try stream.emit(row)                                     // as the sources are read
///     try stream.emitLate(row, order: 12, before: 3)           // while the runs are merged
///     try stream.forEachLate { row, before in … }              // after the last row is merged
final class RejectStream {
    /// Where each row goes as it comes; nil to keep them in `kept`.
    var sink: ((SkippedRow) throws -> Void)?
    private(set) var kept: [SkippedRow] = []
    /// The rows emitted so far (not counting late ones).
    private(set) var emitted = 0
    /// Late rows not yet written to `lateRuns`, with their reading order and rows before them.
    private var lateBatch: [(order: Int, before: Int, row: SkippedRow)] = []
    private var lateRuns: SortedRuns?
    private(set) var lateCount = 0
    let batchSize: Int

    init(batchSize: Int = 200_000) { self.batchSize = max(1, batchSize) }

    func emit(_ row: SkippedRow) throws {
        emitted += 1
        if let sink { try sink(row) } else { kept.append(row) }
    }

    /// A row found while the runs are merged: read `order`-th among the points, after `before`
    /// rows were emitted.
    func emitLate(_ row: SkippedRow, order: Int, before: Int) throws {
        lateCount += 1
        lateBatch.append((order, before, row))
        if sink != nil, lateBatch.count >= batchSize { try spillLate() }
    }

    /// The bytes the late rows took on disk.
    var diskBytes: Int { lateRuns?.bytes ?? 0 }

    private func spillLate() throws {
        let runs = try lateRuns ?? SortedRuns(prefix: "sluice-gazetteer-rejects")
        lateRuns = runs
        lateBatch.sort { $0.order < $1.order }
        for late in lateBatch { try runs.append(Self.encode(late)) }
        try runs.endRun()
        lateBatch.removeAll(keepingCapacity: true)
    }

    /// Every late row in reading order, with the number of rows emitted before it. Without a
    /// sink, the late rows are put into `kept` instead.
    func forEachLate(_ body: (SkippedRow, Int) throws -> Void) throws {
        guard sink != nil else {
            lateBatch.sort { $0.order < $1.order }
            var merged: [SkippedRow] = []
            var next = 0
            for (index, row) in kept.enumerated() {
                while next < lateBatch.count, lateBatch[next].before <= index {
                    merged.append(lateBatch[next].row)
                    next += 1
                }
                merged.append(row)
            }
            merged += lateBatch[next...].map(\.row)
            kept = merged
            lateBatch = []
            return
        }
        guard lateCount > 0 else { return }
        if !lateBatch.isEmpty { try spillLate() }
        guard let runs = lateRuns else { return }
        var merge = try RunMerge(runs, decode: Self.decode) { $0.order < $1.order }
        while let (late, _) = try merge.next() { try body(late.row, late.before) }
    }

    static func encode(_ late: (order: Int, before: Int, row: SkippedRow)) -> [UInt8] {
        var bytes = RunRecord()
        bytes.append(late.order)
        bytes.append(late.before)
        bytes.append(late.row.line)
        for text in [late.row.source, late.row.reason, late.row.detail] { bytes.append(text) }
        bytes.append(late.row.raw)
        return bytes.bytes
    }

    static func decode(_ record: ArraySlice<UInt8>) -> (order: Int, before: Int, row: SkippedRow) {
        var reader = RunRecord.Reader(record)
        let (order, before, line) = (reader.int(), reader.int(), reader.int())
        let (source, reason, detail, raw) = (reader.string(), reader.string(), reader.string(), reader.rawRow())
        return (order, before, SkippedRow(source: source, line: line, reason: reason, detail: detail, raw: raw))
    }
}
