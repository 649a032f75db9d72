import Dispatch
import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension KnownClusters {
    /// What the first pass over KNOWN gives (`read` with a selection): per known record its
    /// cluster id and place in the file, the merges KNOWN reports, and the selection having
    /// read every record.
    struct Scan {
        var ids: [UInt64] = []
        var offsets: [Int] = []
        var lengths: [Int32] = []
        /// In file order: a later merge of the same absorbed id wins, as in one pass.
        var merges: [(absorbed: UInt64, into: UInt64)] = []
        var selection: KnownSelection
        /// Lines read (blank ones too), and the longest record line's length.
        var lines = 0
        var longestLine = 0

        /// Appends what the next part of KNOWN gave (its records numbered after these).
        mutating func append(_ part: Scan) {
            let base = Int32(ids.count)
            ids += part.ids
            offsets += part.offsets
            lengths += part.lengths
            merges += part.merges
            selection.merge(part.selection, indexBase: base)
            lines += part.lines
            longestLine = max(longestLine, part.longestLine)
        }

        /// What an index of the KNOWN this scan read holds (the selection's counts taken before
        /// `removeHeld`: over all of KNOWN).
        var index: KnownIndex? {
            guard let records = selection.recording else { return nil }
            var index = KnownIndex(records: records, counts: selection.counts)
            (index.ids, index.offsets, index.lengths, index.merges) = (ids, offsets, lengths, merges)
            (index.lines, index.longestLine) = (lines, longestLine)
            return index
        }
    }

    /// The first pass of `read` over the regular file `fd` (`name` in errors) from byte `start`
    /// (0, or where a line starts: the end of what KNOWN's index stands for, `lineBase` lines):
    /// every line checked, each known record's cluster and place noted and given to `selection`.
    ///
    /// The file is cut at newlines into up to `threads` byte ranges of `minRangeBytes` or more,
    /// each read on its own thread into its own `Scan` (the selection's caches and counts its
    /// own), then the parts are joined in file order: the same records, counts, blocks and
    /// merges as one pass (this pass was nearly all of an `--against` run's time). The error is
    /// that of the first bad line in the file, with its line number in the file: a part stops at
    /// its first bad line, and the parts before it, all read, say how many lines they had.
    ///
    /// - Complexity: O(file) over `threads` threads; memory per thread its selection's caches
    ///   and counts (`KnownSelection`), and 21 bytes per known record in all.
    static func scan(
        fd: Int32, name: String, path: String, size: Int, memberKey: String, maxLineBytes: Int,
        selection: KnownSelection, threads: Int, minRangeBytes: Int, from start: Int = 0, lineBase: Int = 0
    ) throws -> Scan {
        let ranges = cut(fd: fd, start..<size, into: min(max(1, threads), max(1, (size - start) / max(1, minRangeBytes))))
        let markIndex = selection.heads.firstIndex(of: memberKey) ?? selection.heads.count
        let keys = selection.headKeys + (markIndex == selection.heads.count ? [Array(memberKey.utf8)] : [])
        let readers = ranges.map { _ in RangeScan(scan: Scan(selection: selection)) }
        // Each part is a class read and written by its own thread only.
        nonisolated(unsafe) let parts = readers
        DispatchQueue.concurrentPerform(iterations: parts.count) { part in
            parts[part].run(
                fd: part == 0 ? fd : -1, path: path, name: name, range: ranges[part], memberKey: memberKey, markIndex: markIndex,
                keys: keys, maxLineBytes: maxLineBytes)
        }
        // Joined in file order; the first part's error is the first bad line's.
        var whole = Scan(selection: selection)
        for (k, part) in readers.enumerated() {
            switch part.failure {
            case .line(let number, let reason)?: throw StageFailure.data(source: name, line: lineBase + whole.lines + number, "--against: " + reason)
            case .other(let error)?: throw error
            case nil: break
            }
            if k == 0 { whole = part.scan } else { whole.append(part.scan) }
            part.scan = Scan(selection: selection)  // its memory given back as soon as it is joined
        }
        return whole
    }

    /// Byte ranges covering `bytes` (of a file `bytes.upperBound` long, starting at 0 or just
    /// after a newline), up to `count`, each but the last ending just after a newline (so none
    /// splits a line); where the file cannot be read, fewer (the read says why).
    static func cut(fd: Int32, _ bytes: Range<Int>, into count: Int) -> [Range<Int>] {
        let (start, size) = (bytes.lowerBound, bytes.upperBound)
        var ends: [Int] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        for k in 1..<max(1, count) {
            var at = max(start + (size - start) * k / count, ends.last ?? start)
            var found: Int?
            while found == nil, at < size {
                guard let n = try? FileInput.read(fd, into: &chunk, at: at), n > 0 else { break }
                if let newline = chunk[0..<n].firstIndex(of: 0x0A) { found = at + newline + 1 }
                at += n
            }
            guard let end = found, end < size else { break }
            if end > (ends.last ?? start) { ends.append(end) }
        }
        ends.append(size)
        return ends.indices.map { k in (k == 0 ? start : ends[k - 1])..<ends[k] }
    }

    /// One range's first pass, on one thread.
    final class RangeScan {
        enum Failure {
            /// A bad line: its number in the range, and the reason.
            case line(Int, String)
            case other(any Error)
        }
        var scan: Scan
        var failure: Failure?

        init(scan: Scan) { self.scan = scan }

        /// Reads `range` of the file: from `fd` (the first range, already open) or `path` opened again.
        func run(
            fd given: Int32, path: String, name: String, range: Range<Int>, memberKey: String, markIndex: Int, keys: [[UInt8]],
            maxLineBytes: Int
        ) {
            var pending: (line: Int, reason: String)?
            do {
                let fd = given >= 0 ? given : try FileInput.open(path)
                defer { if given < 0 { close(fd) } }
                // A range after the first starts on the newline before it: its first line is
                // blank (skipped), so a byte-order mark there is not taken for the file's.
                let lead = range.lowerBound > 0 ? 1 : 0
                guard lseek(fd, off_t(range.lowerBound - lead), SEEK_SET) >= 0 else {
                    throw StageFailure(.ioError, "\(name): --against: cannot seek: \(String(cString: strerror(errno)))")
                }
                var found: [NDJSONRecord.Member?] = []
                let last = try KnownClusters.forEachLine(
                    fd: fd, name: name, maxLineBytes: maxLineBytes, from: range.lowerBound - lead, to: range.upperBound,
                    failure: { line, reason in
                        pending = (line - lead, reason)
                        return .data(source: name, line: line - lead, "--against: " + reason)
                    }
                ) { line, place, bad in
                    do throws(RecordError) { try NDJSONRecord.check(line.bytes, findingFirst: keys, into: &found) } catch { throw bad(error.detail) }
                    let markText = found[markIndex].map { UnsafeBufferPointer(rebasing: line.bytes[$0.value]) }
                    switch try mark(markText, memberKey: memberKey, bad) {
                    case .merge(let absorbed, let into): scan.merges.append((absorbed, into))
                    case .summary: break
                    case .record(let id):
                        scan.longestLine = max(scan.longestLine, line.length)
                        scan.selection.read(line: line.bytes, members: found, index: Int32(scan.ids.count))
                        scan.offsets.append(place.offset)
                        scan.lengths.append(Int32(place.length))
                        scan.ids.append(id)
                    }
                }
                scan.lines = last - lead
                scan.selection.finishReading()
            } catch {
                failure = pending.map { .line($0.line, $0.reason) } ?? .other(error)
            }
        }
    }
}
