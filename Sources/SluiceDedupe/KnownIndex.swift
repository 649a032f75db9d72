import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--against KNOWN`'s compiled index, `KNOWN.sluice-index` beside it (a `SidecarIndex` with
/// magic "SLUICEKN"): what the first pass over KNOWN (`KnownClusters.scan`) finds in every known
/// line, kept so that the next run against the same KNOWN with the same compared fields and
/// blocking rules reads it instead of checking, parsing and keying every known line again.
///
/// Per known record, in KNOWN's order: its cluster id as written, its place in the file, its
/// key under each blocking rule (0: none) and the text oversized blocks are sorted by. Then the
/// merges KNOWN reports, per counted field the counts over all of KNOWN (`UnheldCounts`), and
/// how many lines KNOWN had and the longest record line. The records a run holds are still read
/// from KNOWN itself, and parsed: one changed under the index is an error, never an answer.
///
/// KNOWN is the source of truth. The index is used when its header names KNOWN as it is (size,
/// modification time, a hash of its first and last 64 KiB), this build of Sluice and these
/// options (`builtFor`). When KNOWN grew by appending (its first bytes are those the index
/// names, as when each run's output is added with `>>`: checked by a hash of all of them,
/// `contentHash`, since an edit inside and then an append changes the size and time anyway),
/// the index stands for those bytes and only the rest is read; then the index is written again. Otherwise KNOWN is read whole and the
/// index written for the next run.
struct KnownIndex {
    static let format = SidecarIndex(magic: "SLUICEKN", formatVersion: 2, kind: "known-records", source: "KNOWN")

    /// What each known record gives the selection, in KNOWN's order (`KnownSelection` notes it
    /// while it reads, when an index is to be written).
    struct Records: Equatable {
        var ruleCount: Int
        /// `ruleCount` keys a record (`Blocker.hash(of:)` of each rule's key; 0: none).
        var keys: [UInt64] = []
        /// Record `i`'s sort text is bytes `sortEnds[i - 1]..<sortEnds[i]` of `sortBytes`:
        /// none when empty, else a 1 and its UTF-8 (an empty text is not none).
        var sortEnds: [Int64] = []
        var sortBytes: [UInt8] = []

        var count: Int { sortEnds.count }

        mutating func append(keys recordKeys: [UInt64], sortText: String?) {
            keys += recordKeys
            if let sortText {
                sortBytes.append(1)
                sortBytes += sortText.utf8
            }
            sortEnds.append(Int64(sortBytes.count))
        }

        /// Appends the records another part of KNOWN gave (`KnownClusters.scan`), after these.
        mutating func append(_ other: Records) {
            keys += other.keys
            let base = Int64(sortBytes.count)
            sortEnds += other.sortEnds.map { $0 + base }
            sortBytes += other.sortBytes
        }

        func sortText(of record: Int) -> String? {
            let start = record == 0 ? 0 : Int(sortEnds[record - 1]), end = Int(sortEnds[record])
            guard end > start else { return nil }
            return String(decoding: sortBytes[(start + 1)..<end], as: UTF8.self)
        }
    }

    var ids: [UInt64] = []
    var offsets: [Int] = []
    var lengths: [Int32] = []
    var merges: [(absorbed: UInt64, into: UInt64)] = []
    var records: Records
    /// Per compared field, its counts over all of KNOWN (nil for a field not counted).
    var counts: [UnheldCounts?]
    /// Lines of KNOWN (blank ones too), and the longest record line's length in bytes.
    var lines = 0
    var longestLine = 0
    /// `SidecarIndex.Checksum` of every byte of KNOWN the index stands for, set as it is
    /// written: what tells KNOWN grown by appending from KNOWN edited inside and grown.
    var contentHash: UInt64 = 0

    /// What a selection's keys, counts and sort text depend on: an index built for other
    /// rules, fields or member is stale.
    static func builtFor(_ selection: KnownSelection, memberKey: String) -> UInt64 {
        var text = "member=\(memberKey)"
        for rule in selection.rules { text += "|block=\(rule.text)" }
        for counted in selection.counted { text += "|count=\(counted.field):\(counted.spec.text):\(counted.values):\(counted.words)" }
        text += "|fields=\(selection.counts.count)|sort=\(selection.sortSpec?.text ?? "")"
        return StableHash.of(text)
    }

    /// How an index on disk stands to KNOWN as it is now.
    enum Match {
        /// It names KNOWN as it is.
        case whole(KnownIndex)
        /// It names KNOWN's first `size` bytes (ending a line): the rest was appended since.
        case prefix(KnownIndex, size: Int)
    }

    /// The index beside `path`, if it stands for all of KNOWN (as `now` names it:
    /// `format.identity(of:builtFor:)`) or for a prefix of it; otherwise why not
    /// (`SidecarIndex.Problem`: `missing` and `otherProgram` quiet, the rest said).
    static func load(path: String, now: SidecarIndex.Identity, maxLineBytes: Int) -> Result<Match, SidecarIndex.Problem> {
        Result { () throws(SidecarIndex.Problem) in
            let reader = try format.openHeader(path: SidecarIndex.path(for: path))
            let found = reader.header.identity
            guard found.program == now.program else { throw .otherProgram }
            guard found.builtFor == now.builtFor else { throw .stale("stale: built for other --compare, --block, --no-tf or --as") }
            let size = Int(found.sourceSize)
            if found != now {
                // Grown by appending? The prefix the index names, unchanged and ending a line.
                guard size < Int(now.sourceSize), endsLine(path, at: size),
                    var before = format.identity(of: path, prefix: size, builtFor: now.builtFor)
                else { throw .stale("stale: KNOWN changed since the index was written") }
                (before.sourceSeconds, before.sourceNanoseconds) = (found.sourceSeconds, found.sourceNanoseconds)
                guard before == found else { throw .stale("stale: KNOWN changed since the index was written") }
            }
            // Read into its arrays from the file (not the whole file into memory), trusted once its checksum holds.
            var source = reader
            let index = try read(&source, fileSize: size)
            try reader.finish()
            if found != now, contentHash(of: path, size: size) != index.contentHash {
                throw .stale("stale: KNOWN changed since the index was written")
            }
            guard index.longestLine <= maxLineBytes else { throw .stale("stale: KNOWN has a line longer than --max-line-bytes") }
            return found == now ? .whole(index) : .prefix(index, size: size)
        }
    }

    /// Whether byte `size - 1` of the file is a newline (an empty prefix ends no line).
    private static func endsLine(_ path: String, at size: Int) -> Bool {
        guard size > 0 else { return false }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var byte: [UInt8] = [0]
        return (try? FileInput.read(fd, into: &byte, at: size - 1)) == 1 && byte[0] == 0x0A
    }

    /// Hands `body` the payload in parts, the arrays as they lie in memory (not copied: an
    /// index of a million records is 68 MB): per record the ids, places, keys and sort texts,
    /// each array after its count and padded to 8 bytes (`IndexBytes.appendArray`), then the
    /// merges and per compared field its counts, sorted by hash (the same KNOWN gives the same
    /// bytes: a dictionary's order is a run's own).
    func withPayload<R>(_ body: ([UnsafeRawBufferPointer]) throws -> R) rethrows -> R {
        var head = IndexBytes()
        head.append(UInt64(lines))
        head.append(UInt64(longestLine))
        head.append(UInt64(records.ruleCount))
        head.append(contentHash)
        func count(_ n: Int) -> [UInt8] { IndexBytes.bytes(of: UInt64(n)) }
        func padding(after length: Int) -> [UInt8] { [UInt8](repeating: 0, count: (8 - length % 8) % 8) }
        var tail = IndexBytes()
        tail.appendArray(merges.map(\.absorbed))
        tail.appendArray(merges.map(\.into))
        tail.append(UInt64(counts.count))
        for count in counts {
            tail.append(UInt8(count == nil ? 0 : 1))
            tail.pad()
            guard let count else { continue }
            tail.append(UInt64(count.present))
            for table in [count.values, count.words] {
                let keys = table.keys.sorted()
                tail.appendArray(keys)
                tail.appendArray(keys.map { table[$0] ?? 0 })
            }
        }
        // Each array after its count, padded to 8 bytes, as `IndexBytes.appendArray` lays it out.
        let parts: [any IndexArray] = [
            head.bytes + count(ids.count), ids,
            count(offsets.count), offsets,
            count(lengths.count), lengths, padding(after: lengths.count * 4),
            count(records.keys.count), records.keys,
            count(records.sortEnds.count), records.sortEnds,
            count(records.sortBytes.count), records.sortBytes, padding(after: records.sortBytes.count),
            tail.bytes,
        ]
        return try withBytes(of: parts, body)
    }

    /// An index read back from its payload, checked as it is read: any count or length that
    /// does not add up, or a place outside KNOWN's first `fileSize` bytes, is `corrupt`.
    static func read(_ bytes: UnsafeRawBufferPointer, fileSize: Int) throws(SidecarIndex.Problem) -> KnownIndex {
        var reader = IndexReader(bytes)
        let index = try read(&reader, fileSize: fileSize)
        guard reader.remaining == 0 else { throw .corrupt("malformed: \(reader.remaining) bytes after the counts") }
        return index
    }

    /// The same, from any source of the payload (`IndexFileReader`: the file itself).
    static func read<Source: IndexSource>(_ reader: inout Source, fileSize: Int) throws(SidecarIndex.Problem) -> KnownIndex {
        let lines = Int(clamping: try reader.uint64()), longestLine = Int(clamping: try reader.uint64())
        let ruleCount = Int(clamping: try reader.uint64())
        var index = KnownIndex(records: Records(ruleCount: ruleCount), counts: [])
        (index.lines, index.longestLine, index.contentHash) = (lines, longestLine, try reader.uint64())
        index.ids = try reader.array(of: UInt64.self)
        let n = index.ids.count
        index.offsets = try reader.array(of: Int64.self).map { Int($0) }
        index.lengths = try reader.array(of: Int32.self)
        index.records.keys = try reader.array(of: UInt64.self)
        index.records.sortEnds = try reader.array(of: Int64.self)
        index.records.sortBytes = try reader.blobBytes()
        try reader.skipPadding(after: index.records.sortBytes.count)
        guard index.offsets.count == n, index.lengths.count == n, index.records.sortEnds.count == n,
            ruleCount < 1 << 16, index.records.keys.count == n * ruleCount
        else { throw .corrupt("malformed: arrays of different lengths") }
        for record in 0..<n {
            let (offset, length) = (index.offsets[record], Int(index.lengths[record]))
            guard offset >= 0, length >= 0, length <= longestLine, offset <= fileSize - length else {
                throw .corrupt("malformed: record \(record) lies outside KNOWN")
            }
        }
        var last: Int64 = 0
        for end in index.records.sortEnds {
            guard end >= last, end <= Int64(index.records.sortBytes.count) else { throw .corrupt("malformed: a sort text outside its bytes") }
            if end > last, index.records.sortBytes[Int(last)] != 1 { throw .corrupt("malformed: a sort text without its mark") }
            last = end
        }
        let absorbed = try reader.array(of: UInt64.self), into = try reader.array(of: UInt64.self)
        guard absorbed.count == into.count else { throw .corrupt("malformed: a merge without its other id") }
        index.merges = zip(absorbed, into).map { ($0, $1) }
        let fields = try reader.count(each: 8)
        for _ in 0..<fields {
            let present = try reader.byte()
            try reader.skipPadding(after: 1)
            guard present == 1 else {
                guard present == 0 else { throw .corrupt("malformed: a field's mark is \(present)") }
                index.counts.append(nil)
                continue
            }
            var count = UnheldCounts()
            count.present = Int(clamping: try reader.uint64())
            for words in [false, true] {
                let keys = try reader.array(of: UInt64.self), values = try reader.array(of: Int32.self)
                guard keys.count == values.count else { throw .corrupt("malformed: counts without their values") }
                var table: [UInt64: Int32] = [:]
                table.reserveCapacity(keys.count)
                for (key, value) in zip(keys, values) where table.updateValue(value, forKey: key) != nil {
                    throw .corrupt("malformed: a value counted twice")
                }
                if words { count.words = table } else { count.values = table }
            }
            index.counts.append(count)
        }
        guard reader.remaining == 0 else { throw .corrupt("malformed: \(reader.remaining) bytes after the counts") }
        return index
    }

    /// What the first pass over the part of KNOWN this index stands for would have given:
    /// `selection` having read every record (`KnownSelection.noteIndexed`); with `recording`,
    /// the records noted again for an index of more (KNOWN grew).
    func scan(into selection: KnownSelection, recording: Bool) -> KnownClusters.Scan {
        var scan = KnownClusters.Scan(selection: selection)
        (scan.ids, scan.offsets, scan.lengths, scan.merges) = (ids, offsets, lengths, merges)
        (scan.lines, scan.longestLine) = (lines, longestLine)
        scan.selection.noteIndexed(records, counts: counts)
        scan.selection.recording = recording ? records : nil
        return scan
    }

    /// Writes the index beside `path` for KNOWN as `identity` names it, with the hash of
    /// KNOWN's bytes it stands for.
    func write(besides path: String, identity: SidecarIndex.Identity) throws {
        guard let hash = Self.contentHash(of: path, size: Int(identity.sourceSize)) else {
            throw StageFailure(.ioError, "\(path): cannot be read again to hash it")
        }
        var index = self
        index.contentHash = hash
        try index.withPayload { parts in try Self.format.write(to: SidecarIndex.path(for: path), identity: identity, parts: parts) }
    }

    /// `SidecarIndex.Checksum` of the file's first `size` bytes, read a MiB at a time; nil when
    /// they cannot be read.
    static func contentHash(of path: String, size: Int) -> UInt64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var checksum = SidecarIndex.Checksum()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < size {
            if size - offset < chunk.count { chunk = [UInt8](repeating: 0, count: size - offset) }
            guard let n = try? FileInput.read(fd, into: &chunk, at: offset), n > 0 else { return nil }
            chunk.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            offset += n
        }
        return checksum.value
    }
}
