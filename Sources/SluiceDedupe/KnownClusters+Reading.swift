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
    /// (`--against` with `--model`), KNOWN is read once in full, each record's keys and values
    /// given to `selection`, and then only the held records (`KnownSelection`) are read again,
    /// each from where the first pass saw it, and given to `body` in order: a file, not a pipe
    /// (from a pipe every record is held, as without, and `selection` is set to nil).
    ///
    /// - Complexity: with `selection`, memory 21 bytes per known record (cluster id, place in
    ///   the file) and 12 per known cluster, plus what `body` keeps of the held records.
    static func read(
        path: String, memberKey: String, maxLineBytes: Int, selection: inout KnownSelection?, _ body: (NDJSONRecord) throws -> Void
    ) throws -> KnownClusters {
        var known = KnownClusters()
        let (fd, name) = try StageContext.openInput(path)
        defer { if fd != 0 { close(fd) } }
        var status = stat()
        let seekable = fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        if !seekable { selection = nil }
        var merges: [UInt64: UInt64] = [:]
        guard selection != nil else {
            try forEachRecord(fd: fd, name: name, memberKey: memberKey, maxLineBytes: maxLineBytes, merges: &merges) { id, record, _ in
                known.append(id: id)
                try body(record)
            }
            known.reportedMerges = merges
            known.finish()
            return known
        }
        // First pass: every record's cluster and place; the records an input record can meet.
        var offsets: [Int] = [], lengths: [Int32] = []
        try forEachRecord(fd: fd, name: name, memberKey: memberKey, maxLineBytes: maxLineBytes, merges: &merges) { id, record, place in
            selection?.read(record, index: Int32(known.count))
            offsets.append(place.offset)
            lengths.append(Int32(place.length))
            known.appendUnheld(id: id)
        }
        known.reportedMerges = merges
        let sharing = selection?.choose() ?? []
        // The clusters of those records are held whole.
        let touched = Set(sharing.map { known.surviving(known.everyId[Int($0)]) })
        var nextSharing = sharing.makeIterator()
        var next = nextSharing.next()
        var bytes: [UInt8] = []
        for index in 0..<known.count {
            let isSharing = next == Int32(index)
            if isSharing { next = nextSharing.next() }
            let id = known.everyId[index]
            guard isSharing || touched.contains(known.surviving(id)) else { continue }
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
        known.finish()
        return known
    }

    /// Where a record's bytes are in KNOWN (past a byte-order mark, before a carriage return).
    struct Place {
        var offset: Int
        var length: Int
    }

    /// Each record line of the file with its cluster id and place; merge lines noted.
    private static func forEachRecord(
        fd: Int32, name: String, memberKey: String, maxLineBytes: Int, merges: inout [UInt64: UInt64],
        _ body: (UInt64, NDJSONRecord, Place) throws -> Void
    ) throws {
        let reader = LineReader(fd: fd, maxLineBytes: maxLineBytes)
        var lineStart = 0
        while let line = try reader.nextLine() {
            defer { lineStart = reader.bytesRead }
            if line.isBlank { continue }
            func bad(_ reason: String) -> StageFailure { .data(source: name, line: line.number, "--against: " + reason) }
            guard !line.isOverlong else { throw bad("line longer than --max-line-bytes \(maxLineBytes)") }
            let record: NDJSONRecord
            do { record = try NDJSONRecord(line.bytes) } catch { throw bad(error.detail) }
            let mark = record.member(named: memberKey).map { record.value(of: $0) }
            if let merge = mark?["merge"] {
                guard let absorbed = merge["absorbed"]?.stringValue.flatMap(Self.id), let into = merge["into"]?.stringValue.flatMap(Self.id) else {
                    throw bad("a merge line needs \"absorbed\" and \"into\" cluster ids (16 hex digits)")
                }
                merges[absorbed] = into
                continue
            }
            // The summary line of an earlier --against run: no record.
            if mark?["against"] != nil, mark?["cluster"] == nil { continue }
            guard let id = mark?["cluster"]?.stringValue.flatMap(Self.id) else {
                throw bad(
                    "a known record needs its \"\(memberKey)\":{\"cluster\":\"…\"} (16 hex digits): KNOWN is an output of sluice-dedupe (--mark)")
            }
            // The line reader drops a byte-order mark (3 bytes, first line only) and a carriage
            // return (1) from what it hands out: the mark is the only thing dropped in front.
            let dropped = line.length - line.bytes.count
            try body(id, record, Place(offset: lineStart + (dropped >= 3 ? 3 : 0), length: line.bytes.count))
        }
    }

    /// Reads `bytes.count` bytes at `offset`.
    private static func readFully(_ fd: Int32, into bytes: inout [UInt8], at offset: Int, name: String) throws {
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                pread(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(offset + filled))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw StageFailure(
                    .ioError,
                    "\(name): --against: cannot read the file again: \(n < 0 ? String(cString: strerror(errno)) : "it is shorter than it was")")
            }
            filled += n
        }
    }
}
