import CZlib
import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A source file that may be gzipped (`us/ca/san_francisco.csv.gz`, as OpenAddresses ships):
/// read whole, and inflated as it is read when it starts with gzip's magic bytes (1f 8b).
///
///     let bytes = try GzipFile.contents(of: "san_francisco.csv.gz")   // the CSV's bytes
///
/// Every member of a multi-member file is read (`cat a.gz b.gz`, as gzip itself does); a
/// stream that ends early or fails its checksum is an error naming the file.
///
/// - Complexity: O(n); holds the plain contents and one 1 MiB chunk of the compressed file.
public enum GzipFile {
    /// The file's contents, inflated when it is gzip.
    public static func contents(of path: String, what: String? = nil) throws(StageFailure) -> [UInt8] {
        let fd = try FileInput.open(path, what: what)
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var first: [UInt8] = []
        do {
            // The first two bytes decide; a read may return fewer than asked.
            while first.count < 2 {
                let n = try FileInput.read(fd, into: &chunk)
                if n == 0 { break }
                first += chunk[..<n]
            }
            guard first.starts(with: [0x1f, 0x8b]) else { return try FileInput.readAll(fd, after: first) }
        } catch {
            throw StageFailure(.ioError, "\(path): cannot read\(what.map { " " + $0 } ?? ""): \(String(cString: strerror(error.code)))")
        }
        let inflater = try Inflater(path: path)
        try inflater.inflate(first[...])
        while true {
            let n: Int
            do {
                n = try FileInput.read(fd, into: &chunk)
            } catch {
                throw StageFailure(.ioError, "\(path): cannot read: \(String(cString: strerror(error.code)))")
            }
            if n == 0 { break }
            try inflater.inflate(chunk[..<n])
        }
        return try inflater.finish()
    }

    /// zlib's inflate over successive chunks of a gzip file, member after member. A class with
    /// the stream on the heap: zlib's state points back at its `z_stream`, which must not move.
    private final class Inflater {
        let path: String
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        var output: [UInt8] = []
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

        func inflate(_ input: ArraySlice<UInt8>) throws(StageFailure) {
            var input = input
            var buffer = [UInt8](repeating: 0, count: 1 << 18)
            while !input.isEmpty {
                if betweenMembers {
                    // After a member, only another member may follow (gzip ignores zero padding).
                    if members > 0 {
                        if input.allSatisfy({ $0 == 0 }) { return }
                        guard input.first == 0x1f else { throw failure("bytes after the end of the gzip data at offset \(compressedIn)") }
                        inflateReset(stream)
                    }
                    betweenMembers = false
                }
                let before = input.count
                let status = input.withUnsafeMutableBufferPointer { source in
                    buffer.withUnsafeMutableBufferPointer { target in
                        stream.pointee.next_in = source.baseAddress
                        stream.pointee.avail_in = UInt32(source.count)
                        stream.pointee.next_out = target.baseAddress
                        stream.pointee.avail_out = UInt32(target.count)
                        return CZlib.inflate(stream, Z_NO_FLUSH)
                    }
                }
                let consumed = before - Int(stream.pointee.avail_in)
                output += buffer[..<(buffer.count - Int(stream.pointee.avail_out))]
                input = input.dropFirst(consumed)
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

        /// The plain contents, once the file is read: an error if it ended inside a member.
        func finish() throws(StageFailure) -> [UInt8] {
            guard betweenMembers, members > 0 else {
                throw failure("truncated gzip file: it ends inside its compressed data (after \(compressedIn) bytes)")
            }
            return output
        }

        func failure(_ reason: String) -> StageFailure { StageFailure.data(source: path, line: nil, reason) }
    }
}
