import CZlib
import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A source file that may be gzipped (`us/ca/san_francisco.csv.gz`, as OpenAddresses ships):
/// inflated as it is read when it starts with gzip's magic bytes (1f 8b), read as it is otherwise;
/// whole (`contents`), or a chunk at a time (`Reader`, for the readers that stream).
///
///     let bytes = try GzipFile.contents(of: "san_francisco.csv.gz")   // the CSV's bytes
///     let file = try GzipFile.Reader(path: "extract.osm.gz")
///     while let chunk = try file.next() { ... }                         // ≤ 1 MiB of plain text each
///
/// Every member of a multi-member file is read (`cat a.gz b.gz`, as gzip itself does); a
/// stream that ends early or fails its checksum is an error naming the file.
///
/// - Complexity: O(n). `contents` holds the plain contents and one 1 MiB chunk of the
///   compressed file; `Reader` holds one chunk of each (the plain one at most `chunkSize` plus
///   what one zlib call gives, 256 KiB), whatever the file's size or compression ratio.
public enum GzipFile {
    /// The file's contents, inflated when it is gzip.
    public static func contents(of path: String, what: String? = nil) throws(StageFailure) -> [UInt8] {
        try Reader(path: path, what: what).rest()
    }

    /// A file's plain contents a chunk at a time: `next()` gives the next chunk, nil at the end.
    final class Reader {
        let path: String
        let what: String?
        let chunkSize: Int
        private let fd: Int32
        private var chunk: [UInt8]
        /// The bytes read to tell gzip from plain, not yet handed on (plain files only).
        private var first: [UInt8] = []
        /// zlib's state when the file is gzip.
        private let inflater: Inflater?
        private var atEnd = false

        init(path: String, what: String? = nil, chunkSize: Int = 1 << 20) throws(StageFailure) {
            self.path = path
            self.what = what
            self.chunkSize = max(1, chunkSize)
            fd = try FileInput.open(path, what: what)
            // Reads of the file are as large as the chunks handed on (1 MiB at most).
            chunk = [UInt8](repeating: 0, count: min(self.chunkSize, 1 << 20))
            do {
                // The first two bytes decide; a read may return fewer than asked.
                while first.count < 2 {
                    let n = try FileInput.read(fd, into: &chunk)
                    if n == 0 { break }
                    first += chunk[..<n]
                }
            } catch {
                close(fd)
                throw StageFailure(.ioError, "\(path): cannot read\(what.map { " " + $0 } ?? ""): \(String(cString: strerror(error.code)))")
            }
            if first.starts(with: [0x1f, 0x8b]) {
                do {
                    inflater = try Inflater(path: path)
                } catch {
                    close(fd)
                    throw error
                }
                inflater?.pending = first[...]
                first = []
            } else {
                inflater = nil
            }
        }

        deinit { close(fd) }

        /// The next chunk of plain contents (never empty), or nil at the end of the file.
        func next() throws(StageFailure) -> [UInt8]? {
            guard let inflater else {
                if !first.isEmpty {
                    defer { first = [] }
                    return first
                }
                let n = try read()
                return n == 0 ? nil : Array(chunk[..<n])
            }
            while true {
                try inflater.inflate(upTo: chunkSize)
                if inflater.output.count >= chunkSize { return inflater.take() }
                // The input is used up: read more, or finish.
                if atEnd {
                    try inflater.finish()
                    return inflater.output.isEmpty ? nil : inflater.take()
                }
                // Let go of the last chunk before reading over it (else a copy each time).
                inflater.pending = []
                let n = try read()
                if n == 0 { atEnd = true } else { inflater.pending = chunk[..<n] }
            }
        }

        /// Everything not yet read, as one array (a plain file in one allocation).
        func rest() throws(StageFailure) -> [UInt8] {
            guard inflater != nil else {
                do {
                    return try FileInput.readAll(fd, after: first)
                } catch {
                    throw StageFailure(.ioError, "\(path): cannot read\(what.map { " " + $0 } ?? ""): \(String(cString: strerror(error.code)))")
                }
            }
            var all: [UInt8] = []
            while let part = try next() { all += part }
            return all
        }

        private func read() throws(StageFailure) -> Int {
            do {
                return try FileInput.read(fd, into: &chunk)
            } catch {
                throw StageFailure(.ioError, "\(path): cannot read: \(String(cString: strerror(error.code)))")
            }
        }
    }

    /// zlib's inflate over successive chunks of a gzip file, member after member. A class with
    /// the stream on the heap: zlib's state points back at its `z_stream`, which must not move.
    private final class Inflater {
        let path: String
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        /// Compressed bytes given and not yet inflated, and the plain bytes inflated and not yet taken.
        var pending: ArraySlice<UInt8> = []
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        /// Whether the stream is between members (at the start, or after a member's end).
        var betweenMembers = true
        var members = 0
        var compressedIn = 0

        init(path: String) throws(StageFailure) {
            self.path = path
            stream.initialize(to: z_stream())
            // 16 + 15: a gzip wrapper around a deflate stream with the largest window.
            let status = inflateInit2_(stream, 16 + 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else { throw StageFailure(.internalError, "\(path): cannot start zlib (status \(status))") }
        }

        deinit {
            inflateEnd(stream)
            stream.deallocate()
        }

        /// Inflates `pending` until it is used up or `limit` bytes of output wait to be taken, so
        /// that a small chunk of a highly compressed file never inflates all at once.
        func inflate(upTo limit: Int) throws(StageFailure) {
            while !pending.isEmpty, output.count < limit {
                if betweenMembers {
                    // After a member, only another member may follow (gzip ignores zero padding).
                    if members > 0 {
                        if pending.allSatisfy({ $0 == 0 }) {
                            compressedIn += pending.count
                            pending = []
                            return
                        }
                        guard pending.first == 0x1f else { throw failure("bytes after the end of the gzip data at offset \(compressedIn)") }
                        inflateReset(stream)
                    }
                    betweenMembers = false
                }
                let before = pending.count
                let status = pending.withUnsafeBufferPointer { source in
                    buffer.withUnsafeMutableBufferPointer { target in
                        stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                        stream.pointee.avail_in = UInt32(source.count)
                        stream.pointee.next_out = target.baseAddress
                        stream.pointee.avail_out = UInt32(target.count)
                        return CZlib.inflate(stream, Z_NO_FLUSH)
                    }
                }
                let consumed = before - Int(stream.pointee.avail_in)
                output += buffer[..<(buffer.count - Int(stream.pointee.avail_out))]
                pending = pending.dropFirst(consumed)
                compressedIn += consumed
                switch status {
                case Z_STREAM_END:
                    members += 1
                    betweenMembers = true
                case Z_OK, Z_BUF_ERROR: continue
                default:
                    let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
                    throw failure("corrupt gzip data near offset \(compressedIn): \(message)")
                }
            }
        }

        /// The output inflated so far, handed over (and emptied).
        func take() -> [UInt8] {
            defer { output = [] }
            return output
        }

        /// At the end of the file: an error if it ended inside a member.
        func finish() throws(StageFailure) {
            guard betweenMembers, members > 0 else {
                throw failure("truncated gzip file: it ends inside its compressed data (after \(compressedIn) bytes)")
            }
        }

        func failure(_ reason: String) -> StageFailure { StageFailure.data(source: path, line: nil, reason) }
    }
}
