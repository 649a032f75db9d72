import Dispatch
import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension KnownClusters {
    /// Reads `KNOWN`: each record's cluster from its `memberKey` member, merge lines applied
    /// (summary lines skipped). A record without a cluster is a data error.
    ///
    /// Without `selection`, every known record is held: `body` gets each one, in order. With it
    /// (`--against` with `--model`), KNOWN is read once in full, each line checked as a record
    /// is (`NDJSONRecord.check`: the same errors) while only the members `selection` reads and
    /// the cluster's are found, and given to `selection` (no member list, no parse of a member
    /// whose text it saw lately: this pass was most of the run's time, see `KnownSelection`);
    /// then only the held records (`KnownSelection`) are read again,
    /// each from where the first pass saw it, and given to `body` in order: a file, not a pipe
    /// (from a pipe every record is held, as without, and `selection` is set to nil). The first
    /// pass reads the file in ranges on `threads` threads (`scan`, ranges of `minRangeBytes` or
    /// more: a smaller file is not worth a thread and its caches' misses), with the same result
    /// and errors as one. With `useIndex`, that pass is read from KNOWN's compiled index when
    /// one beside it stands for KNOWN (`KnownIndex`), for the part appended since only from the
    /// file; otherwise, or for what was appended, the index is written for the next run (when
    /// its folder may be written and KNOWN did not change while it was read). What is wrong with
    /// an index found is said through `warn`, and the file read instead.
    ///
    /// - Complexity: with `selection`, memory 21 bytes per known record (cluster id, place in
    ///   the file; 8 more while a copy of the ids is sorted, beside the second pass) and 12 per
    ///   known cluster, plus what `body` keeps of the held records; while the index is read, each
    ///   record's keys and sort text too (`KnownIndex`), and while it is written, until it is.
    static func read(
        path: String, memberKey: String, maxLineBytes: Int, selection: inout KnownSelection?, threads: Int = 1,
        minRangeBytes: Int = 1 << 22, useIndex: Bool = false, warn: (String) -> Void = { _ in }, _ body: (NDJSONRecord) throws -> Void
    ) throws -> KnownClusters {
        var known = KnownClusters()
        let (fd, name) = try StageContext.openInput(path)
        defer { if fd != 0 { close(fd) } }
        let status = FileStatus(fd: fd)
        let seekable = status?.isRegular ?? false
        if !seekable { selection = nil }
        var merges: [UInt64: UInt64] = [:]
        guard var scanning = selection else {
            try forEachLine(fd: fd, name: name, maxLineBytes: maxLineBytes) { line, _, bad in
                let record: NDJSONRecord
                do throws(RecordError) { record = try NDJSONRecord(line.bytes) } catch { throw bad(error.detail) }
                switch try mark(record.member(named: memberKey).map(record.rawValue), memberKey: memberKey, bad) {
                case .merge(let absorbed, let into): merges[absorbed] = into
                case .summary: break
                case .record(let id):
                    known.append(id: id)
                    try body(record)
                }
            }
            known.reportedMerges = merges
            known.finish()
            return known
        }
        // First pass: every record's cluster and place; the records an input record can meet.
        // Each line is checked as a record would be, but only the members the selection reads
        // and the cluster's are found (no member list, no parse of what a cache knows); the
        // file is read in ranges on `threads` threads (`scan`).
        selection = nil  // `scanning` is the only copy while it grows
        // KNOWN's index, when one is to be written, is written on another thread beside the rest.
        let writing = IndexWriting()
        defer { writing.wait(warn: warn) }
        var first = try firstPass(
            fd: fd, name: name, path: path, size: status?.size ?? 0, memberKey: memberKey, maxLineBytes: maxLineBytes,
            selection: scanning, threads: threads, minRangeBytes: minRangeBytes, useIndex: useIndex, warn: warn, writing: writing)
        swap(&scanning, &first.selection)  // one copy of what was read, not two
        scanning.recording = nil
        for (absorbed, into) in first.merges { merges[absorbed] = into }
        known.reportedMerges = merges
        known.appendUnheld(ids: first.ids)
        first.ids = []
        let (offsets, lengths) = (first.offsets, first.lengths)
        // Sorting every known record's id (most of `finish`, 0.13 s of a million) needs nothing
        // the rest reads: it runs on another thread beside choosing and the second pass.
        nonisolated(unsafe) var sortedIds: [UInt64] = []
        let sorting = DispatchGroup()
        DispatchQueue.global().async(group: sorting) { [everyId = known.everyId, merges] in
            sortedIds = sortedSurviving(everyId, merges: merges)
        }
        defer { sorting.wait() }  // also when a held record fails: nothing is left running
        let sharing = scanning.choose()
        selection = scanning
        // The clusters of those records are held whole.
        let touched = Set(sharing.map { known.surviving(known.everyId[Int($0)]) })
        // Nearly every known record's cluster is not touched: a bit per value of an id's low 20
        // bits says so before the set is asked (hashing every id for it took 2.5% of the run).
        var mayBeTouched = [UInt64](repeating: 0, count: 1 << 14)
        for id in touched { mayBeTouched[Int(id >> 6 & 0x3FFF)] |= 1 << (id & 63) }
        var nextSharing = sharing.makeIterator()
        var next = nextSharing.next()
        var bytes: [UInt8] = []
        for index in 0..<known.count {
            let isSharing = next == Int32(index)
            if isSharing { next = nextSharing.next() }
            let id = known.everyId[index]
            if !isSharing {
                let surviving = known.surviving(id)
                guard mayBeTouched[Int(surviving >> 6 & 0x3FFF)] & 1 << (surviving & 63) != 0, touched.contains(surviving) else { continue }
            }
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: repeatElement(0, count: Int(lengths[index])))
            try readFully(fd, into: &bytes, at: offsets[index], name: name)
            let record: NDJSONRecord
            do { record = try bytes.withUnsafeBufferPointer { try NDJSONRecord($0) } } catch {
                throw StageFailure.data(source: name, line: nil, "--against: the file changed while it was read")
            }
            known.ids.append(id)
            try body(record)
        }
        sorting.wait()
        known.finish(sortedEveryId: sortedIds)
        return known
    }

    /// `scan`, or what KNOWN's index holds of it (`read`, `useIndex`), then the index written
    /// when it was missing, stale or stood for less than KNOWN.
    private static func firstPass(
        fd: Int32, name: String, path: String, size: Int, memberKey: String, maxLineBytes: Int, selection: KnownSelection, threads: Int,
        minRangeBytes: Int, useIndex: Bool, warn: (String) -> Void, writing: IndexWriting
    ) throws -> Scan {
        func scanFile(from start: Int = 0, lineBase: Int = 0, recording: Bool) throws -> Scan {
            var selection = selection
            if recording { selection.recording = KnownIndex.Records(ruleCount: selection.rules.count) }
            return try scan(
                fd: fd, name: name, path: path, size: size, memberKey: memberKey, maxLineBytes: maxLineBytes, selection: selection,
                threads: threads, minRangeBytes: minRangeBytes, from: start, lineBase: lineBase)
        }
        guard useIndex else { return try scanFile(recording: false) }
        let builtFor = KnownIndex.builtFor(selection, memberKey: memberKey)
        guard let identity = KnownIndex.format.identity(of: path, builtFor: builtFor) else { return try scanFile(recording: false) }
        var first: Scan
        switch KnownIndex.load(path: path, now: identity, maxLineBytes: maxLineBytes) {
        case .success(.whole(let index)):
            return index.scan(into: selection, recording: false)
        case .success(.prefix(let index, let known)):
            first = index.scan(into: selection, recording: true)
            first.append(try scanFile(from: known, lineBase: index.lines, recording: true))
        case .failure(let problem):
            let rewriting = SidecarIndex.canWrite(beside: path)
            if let warning = problem.warning(path: SidecarIndex.path(for: path), reading: KnownIndex.format.source, rewriting: rewriting) {
                warn("--against: " + warning)
            }
            first = try scanFile(recording: true)
        }
        // Written only for a KNOWN unchanged while it was read, into a folder the user may write.
        if let index = first.index, SidecarIndex.canWrite(beside: path), KnownIndex.format.identity(of: path, builtFor: builtFor) == identity {
            writing.start { try index.write(besides: path, identity: identity) }
        }
        return first
    }

    /// KNOWN's index written on another thread (`read`), and what went wrong, said once it is done.
    final class IndexWriting: @unchecked Sendable {
        private let group = DispatchGroup()
        private var failure: String?
        private var started = false

        func start(_ write: @escaping @Sendable () throws -> Void) {
            started = true
            DispatchQueue.global().async(group: group) { [self] in
                do { try write() } catch { failure = (error as? StageFailure)?.message ?? "\(error)" }
            }
        }

        /// Waits for the write, and says through `warn` why it failed (once).
        func wait(warn: (String) -> Void) {
            guard started else { return }
            group.wait()
            started = false
            if let failure { warn("--against: cannot write KNOWN's index: \(failure)") }
        }
    }

    /// Where a record's bytes are in KNOWN (past a byte-order mark, before a carriage return).
    struct Place {
        var offset: Int
        var length: Int
    }

    /// What a known line's dedupe member says: a known record and its cluster, a merge an
    /// earlier `--against` run reported, or that run's summary line.
    enum Mark: Equatable {
        case record(UInt64)
        case merge(absorbed: UInt64, into: UInt64)
        case summary
    }

    /// The mark in the JSON text of a checked line's `memberKey` member (nil: the line has
    /// none), read where it lies rather than parsed; `bad` says why a line is none of them.
    static func mark(
        _ text: UnsafeBufferPointer<UInt8>?, memberKey: String, _ bad: (String) -> StageFailure
    ) throws(StageFailure) -> Mark {
        func member(_ key: String, of object: UnsafeBufferPointer<UInt8>?) -> UnsafeBufferPointer<UInt8>? {
            object.flatMap { NDJSONRecord.rawValue(ofMember: key, inCheckedObject: $0) }
        }
        if let merge = member("merge", of: text) {
            guard let absorbed = id(ofString: member("absorbed", of: merge)), let into = id(ofString: member("into", of: merge)) else {
                throw bad("a merge line needs \"absorbed\" and \"into\" cluster ids (16 hex digits)")
            }
            return .merge(absorbed: absorbed, into: into)
        }
        let cluster = member("cluster", of: text)
        // The summary line of an earlier --against run: no record.
        if cluster == nil, member("against", of: text) != nil { return .summary }
        guard let id = id(ofString: cluster) else {
            throw bad(
                "a known record needs its \"\(memberKey)\":{\"cluster\":\"…\"} (16 hex digits): KNOWN is an output of sluice-dedupe (--mark)")
        }
        return .record(id)
    }

    /// A cluster id from the JSON text of a string of 16 hex digits (nil: anything else), as
    /// `id(_:)` reads the string's value; the usual text, quoted digits, without making a String.
    static func id(ofString text: UnsafeBufferPointer<UInt8>?) -> UInt64? {
        guard let text else { return nil }
        if text.count == 18, text[0] == UInt8(ascii: "\""), text[17] == UInt8(ascii: "\"") {
            var value: UInt64 = 0
            var index = 1
            while index <= 16 {
                let byte = text[index]
                let digit: UInt8
                if byte &- UInt8(ascii: "0") < 10 {
                    digit = byte &- UInt8(ascii: "0")
                } else if byte | 0x20 &- UInt8(ascii: "a") < 6 {
                    digit = byte | 0x20 &- UInt8(ascii: "a") &+ 10
                } else {
                    return NDJSONRecord.stringValue(ofChecked: text).flatMap(Self.id)
                }
                value = value << 4 | UInt64(digit)
                index &+= 1
            }
            return value
        }
        return NDJSONRecord.stringValue(ofChecked: text).flatMap(Self.id)
    }

    /// Each record line of the file with its place; blank lines skipped, an overlong one an
    /// error. `bad` makes the error of a line (its file and number, `--against: ` and the reason;
    /// `failure` given the line's number and the reason). Read from the fd's position, which is
    /// `start` in the file, up to the line starting at `end` or later; returns the last line's number.
    @discardableResult
    static func forEachLine(
        fd: Int32, name: String, maxLineBytes: Int, from start: Int = 0, to end: Int = .max,
        failure: ((Int, String) -> StageFailure)? = nil, _ body: (Line, Place, (String) -> StageFailure) throws -> Void
    ) throws -> Int {
        let reader = LineReader(fd: fd, maxLineBytes: maxLineBytes)
        var lineStart = start
        var last = 0
        while lineStart < end, let line = try reader.nextLine() {
            defer { lineStart = start + reader.bytesRead }
            last = line.number
            if line.isBlank { continue }
            func bad(_ reason: String) -> StageFailure {
                failure?(line.number, reason) ?? .data(source: name, line: line.number, "--against: " + reason)
            }
            guard !line.isOverlong else { throw bad("line longer than --max-line-bytes \(maxLineBytes)") }
            // The line reader drops a byte-order mark (3 bytes, first line only) and a carriage
            // return (1) from what it hands out: the mark is the only thing dropped in front.
            let dropped = line.length - line.bytes.count
            try body(line, Place(offset: lineStart + (dropped >= 3 ? 3 : 0), length: line.bytes.count), bad)
        }
        return last
    }

    /// Reads `bytes.count` bytes at `offset`.
    private static func readFully(_ fd: Int32, into bytes: inout [UInt8], at offset: Int, name: String) throws {
        let why: String
        do {
            guard try FileInput.read(fd, into: &bytes, at: offset) < bytes.count else { return }
            why = "it is shorter than it was"
        } catch {
            why = String(cString: strerror(error.code))
        }
        throw StageFailure(.ioError, "\(name): --against: cannot read the file again: \(why)")
    }
}
