#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A compiled index kept beside the file it was worked out from (`FILE.sluice-index`): what a
/// stage learnt by reading the file, in a form the next run reads instead. The file stays the
/// source of truth; an index is only ever a faster way to read it, and is refused (`Problem`)
/// unless its header ties it to this file, this program and what the payload was built for.
/// `sluice-geocode`'s gazetteer (`GazetteerIndex`) and `sluice-dedupe --against`'s KNOWN
/// (`KnownIndex`) each have one, told apart by their magic.
///
/// The header, little-endian:
///
///     0   magic                       8 bytes
///     8   format version (UInt32), header size (UInt32, 80)
///     16  the source's size, modification time (s, ns), hash of its first and last 64 KiB
///     48  the program that wrote it (a hash of its format, version, size and modification time)
///     56  payload length; 64 payload checksum (`StableHash.words`)
///     72  what the payload was built for (a hash of the options it depends on; 0: nothing)
///     80  payload
public struct SidecarIndex: Sendable {
    public let magic: [UInt8]
    /// Raised whenever what the payload holds changes.
    public let formatVersion: UInt32
    /// What the index is of ("gazetteer"), and what its source is called ("the CSV"), for messages.
    public let kind: String
    public let source: String
    public static let headerSize = 80

    public init(magic: String, formatVersion: UInt32, kind: String, source: String) {
        precondition(magic.utf8.count == 8, "an index's magic is 8 bytes")
        self.magic = Array(magic.utf8)
        self.formatVersion = formatVersion
        self.kind = kind
        self.source = source
    }

    /// The name beside the source file.
    public static func path(for source: String) -> String { source + ".sluice-index" }

    /// Why an index was not used. `missing` and `otherProgram` are quiet (a first run; a new
    /// build of Sluice); the others are said once on stderr.
    public enum Problem: Error, Equatable {
        case missing
        case otherProgram
        case stale(String)
        case corrupt(String)
        case unreadable(String)

        /// What to say on stderr about it, if anything: `reading` names what is read instead
        /// ("the CSV"); `rewriting`, whether the index is then written again (not when its folder
        /// cannot be written: `canWrite(beside:)`).
        public func warning(path: String, reading source: String, rewriting: Bool = true) -> String? {
            switch self {
            case .missing, .otherProgram: nil
            case .stale(let reason), .corrupt(let reason):
                "\(path): \(reason); reading \(source)"
                    + (rewriting ? " and writing the index again" : " (its folder cannot be written: the index is not written again)")
            case .unreadable(let reason): "\(path): \(reason); reading \(source)"
            }
        }
    }

    /// Whether the index of `source` can be written beside it: its folder may be written by
    /// this user (an installed gazetteer's is not, and is read from its CSV each time, quietly).
    public static func canWrite(beside source: String) -> Bool {
        let index = path(for: source)
        let folder = index.lastIndex(of: "/").map { String(index[...$0]) } ?? "."
        return access(folder, W_OK) == 0
    }

    /// What ties an index to its source, its writer and what it was built for.
    public struct Identity: Equatable, Sendable {
        public var sourceSize: UInt64 = 0
        public var sourceSeconds: Int64 = 0
        public var sourceNanoseconds: Int64 = 0
        public var sourceSample: UInt64 = 0
        public var program: UInt64 = 0
        public var builtFor: UInt64 = 0

        public init() {}
    }

    /// `StableHash.words` of `parts` joined, without joining them (`Checksum`).
    public static func checksum(of parts: [UnsafeRawBufferPointer]) -> UInt64 {
        var checksum = Checksum()
        for part in parts { checksum.add(part) }
        return checksum.value
    }

    /// `StableHash.words` of bytes given in pieces of any length: each word is taken as it
    /// would be from the joined bytes, across the pieces' ends.
    public struct Checksum {
        private var hash = StableHash.offset
        private var carried: [UInt8] = []  // fewer than 8 bytes not yet hashed

        public init() {}

        public mutating func add(_ piece: UnsafeRawBufferPointer) {
            var start = 0
            if !carried.isEmpty {
                start = min(piece.count, 8 - carried.count)
                carried += piece[0..<start]
                guard carried.count == 8 else { return }
                hash = carried.withUnsafeBytes { StableHash.words($0, seed: hash) }
                carried = []
            }
            let whole = (piece.count - start) & ~7
            hash = StableHash.words(UnsafeRawBufferPointer(rebasing: piece[start..<(start + whole)]), seed: hash)
            carried += piece[(start + whole)...]
        }

        public var value: UInt64 { carried.isEmpty ? hash : carried.withUnsafeBytes { StableHash.words($0, seed: hash) } }
    }

    /// A header read back: the identity it names, and its payload's length and checksum.
    public struct Header: Equatable, Sendable {
        public var identity: Identity
        public var payloadLength: Int
        public var checksum: UInt64
    }

    /// The source's size, modification time and a hash of its first and last 64 KiB (an edit
    /// that kept the size and the time, as `cp -p` or a restore can, is still seen at either
    /// end); nil when it cannot be read (its reader then says why). With `prefix`, those of its
    /// first `prefix` bytes only (the time is the file's): what an index of the file before
    /// something was appended to it named, but the time.
    public func identity(of path: String, prefix: Int? = nil, builtFor: UInt64 = 0) -> Identity? {
        guard !Self.namesADescriptor(path) else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let status = FileStatus(fd: fd), status.isRegular else { return nil }
        let size = prefix ?? status.size
        guard size <= status.size else { return nil }
        var identity = Identity()
        identity.sourceSize = UInt64(size)
        (identity.sourceSeconds, identity.sourceNanoseconds) = status.modified
        let window = 1 << 16
        var sample = StableHash.offset
        for start in Set([0, max(0, size - window)]).sorted() {
            var bytes = [UInt8](repeating: 0, count: min(window, size))
            guard (try? FileInput.read(fd, into: &bytes, at: start)) == bytes.count else { return nil }
            sample = bytes.withUnsafeBytes { StableHash.words($0, seed: sample) }
        }
        identity.sourceSample = sample
        identity.program = program
        identity.builtFor = builtFor
        return identity
    }

    /// Whether `path` is the name of an open descriptor (`/dev/stdin`, `/dev/fd/3`,
    /// `/proc/self/fd/0`, bash's `<(…)`) rather than of a file: it stands for whatever is open,
    /// and its folder is the system's, so no index is kept for it (before, `--against /dev/stdin
    /// < known.ndjson` wrote `/dev/stdin.sluice-index`).
    public static func namesADescriptor(_ path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? "."
        guard let real = realpath(folder, nil) else { return false }
        defer { free(real) }
        let resolved = String(cString: real)
        return resolved == "/dev" || resolved.hasPrefix("/proc/")
    }

    /// This program: the index's format, Sluice's version and the size and time of the
    /// executable, so that an index written by another build (whose reading of the source may
    /// differ) is never used.
    public var program: UInt64 { StableHash.of("\(formatVersion)|\(Stage.version)" + Self.executableStamp) }

    /// The running executable's size and time. The link's target is read rather than
    /// followed: valgrind answers the readlink with the program it runs, where stat would see
    /// valgrind itself.
    private static let executableStamp: String = {
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &target, target.count - 1)
        guard length > 0, let status = FileStatus(path: String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        else { return "" }
        return "|\(status.size)|\(status.modified.seconds)|\(status.modified.nanoseconds)"
    }()

    /// The 80-byte header of a payload.
    public func header(_ identity: Identity, payloadLength: Int, checksum: UInt64) -> [UInt8] {
        var out = IndexBytes()
        out.append(magic)
        out.append(UInt32(formatVersion))
        out.append(UInt32(Self.headerSize))
        out.append(identity.sourceSize)
        out.append(identity.sourceSeconds)
        out.append(identity.sourceNanoseconds)
        out.append(identity.sourceSample)
        out.append(identity.program)
        out.append(UInt64(payloadLength))
        out.append(checksum)
        out.append(identity.builtFor)
        return out.bytes
    }

    /// Reads a header and checks it against the file's length (`fileLength` bytes, header
    /// included): another magic is `corrupt`, another format `otherProgram`.
    public func readHeader(_ bytes: UnsafeRawBufferPointer, fileLength: Int) throws(Problem) -> Header {
        guard bytes.count >= Self.headerSize else { throw .corrupt("truncated: \(fileLength) bytes, shorter than its header") }
        guard bytes.prefix(8).elementsEqual(magic) else { throw .corrupt("not a Sluice \(kind) index") }
        var reader = IndexReader(bytes, at: 8)
        let version = try reader.uint32(), size = try reader.uint32()
        guard version == formatVersion, size == UInt32(Self.headerSize) else { throw .otherProgram }
        var found = Identity()
        found.sourceSize = try reader.uint64()
        found.sourceSeconds = try reader.int64()
        found.sourceNanoseconds = try reader.int64()
        found.sourceSample = try reader.uint64()
        found.program = try reader.uint64()
        let length = try reader.uint64(), checksum = try reader.uint64()
        found.builtFor = try reader.uint64()
        guard length == UInt64(fileLength - Self.headerSize) else {
            throw .corrupt(
                length > UInt64(fileLength - Self.headerSize)
                    ? "truncated: \(fileLength) bytes of \(length &+ UInt64(Self.headerSize))"
                    : "\(fileLength) bytes, \(length &+ UInt64(Self.headerSize)) expected")
        }
        return Header(identity: found, payloadLength: Int(length), checksum: checksum)
    }

    /// Checks a header against the file's length and, when given, the identity expected
    /// (`check(_:expected:)`); returns the payload's length and checksum.
    public func checkHeader(_ bytes: UnsafeRawBufferPointer, fileLength: Int, expected: Identity?) throws(Problem) -> Header {
        let header = try readHeader(bytes, fileLength: fileLength)
        if let expected { try check(header.identity, expected: expected) }
        return header
    }

    /// Whether an index that names `found` stands for a source of identity `expected`:
    /// another program first (quiet), then other options, then anything else (stale).
    public func check(_ found: Identity, expected: Identity) throws(Problem) {
        guard found.program == expected.program else { throw .otherProgram }
        guard found.builtFor == expected.builtFor else { throw .stale("stale: built for other options") }
        guard found == expected else { throw .stale("stale: \(source) changed since the index was written") }
    }

    /// `bytes` with the header's payload length and checksum made to fit its payload: what a
    /// forger would do, so that the fuzz targets and the tests reach the checks behind them.
    public static func restamped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= headerSize else { return bytes }
        var out = bytes
        let checksum = out.withUnsafeBytes { StableHash.words(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        for (offset, value) in [(56, UInt64(out.count - headerSize)), (64, checksum)] {
            withUnsafeBytes(of: value.littleEndian) { out.replaceSubrange(offset..<offset + 8, with: $0) }
        }
        return out
    }

    /// Opens an index file and checks its header against `expected` and its payload's checksum
    /// (`IndexFileReader.skipRest`: read in 1 MiB pieces, not through a mapping, whose pages
    /// would then all count as the run's memory); the file stays open while the reader lives
    /// (`fd`: a caller maps it). `missing` when there is no file.
    public func openChecked(path: String, expected: Identity) throws(Problem) -> IndexFileReader {
        let reader = try openHeader(path: path)
        try check(reader.header.identity, expected: expected)
        try reader.skipRest()
        return reader
    }

    /// Opens an index file and reads its header (`readHeader`, not yet compared with any
    /// identity: the caller decides what it must name); its payload is then read in order with
    /// `IndexFileReader`, which checks the checksum at the end. `missing` when there is no file.
    public func openHeader(path: String) throws(Problem) -> IndexFileReader {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw .missing }
            throw .unreadable("cannot open: \(String(cString: strerror(errno)))")
        }
        guard let status = FileStatus(fd: fd), status.isRegular else {
            close(fd)
            throw .unreadable("not a regular file")
        }
        let length = status.size
        var head = [UInt8](repeating: 0, count: Self.headerSize)
        let n = (try? FileInput.read(fd, into: &head, at: 0)) ?? 0
        let header = head.prefix(n).withUnsafeBytes { bytes in
            Result { () throws(Problem) in try readHeader(bytes, fileLength: length) }
        }
        switch header {
        case .success(let header): return IndexFileReader(fd: fd, header: header)
        case .failure(let problem):
            close(fd)
            throw problem
        }
    }

    /// Writes `parts` (the payload, in order) after their header to a temporary file beside
    /// `path`, renamed over it at the end: runs started together each write a whole file, and
    /// the last rename wins. A symbolic link at `path` is not written through (`ReplacementFile`
    /// would replace what it leads to, which may be the source itself): the index is Sluice's
    /// own file, and a link there is someone else's.
    public func write(to path: String, identity: Identity, parts: [UnsafeRawBufferPointer]) throws {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw StageFailure(.ioError, "\(path): a symbolic link, not written through (it may lead to \(source)); left as it is")
        }
        let file = try ReplacementFile(path: path)
        try write(identity: identity, parts: parts) { piece in
            file.sink.buffer += piece
            try file.sink.flushIfFull()
        }
        try file.commit()
    }

    /// The index's bytes, header first, handed to `write` in pieces of at most 64 KiB: the
    /// payload is `parts` one after the other, whatever their lengths.
    public func write(identity: Identity, parts: [UnsafeRawBufferPointer], _ write: (UnsafeRawBufferPointer) throws -> Void) throws {
        let checksum = Self.checksum(of: parts)
        try header(identity, payloadLength: parts.reduce(0) { $0 + $1.count }, checksum: checksum).withUnsafeBytes(write)
        for part in parts {
            var offset = 0
            while offset < part.count {
                let end = min(part.count, offset + (1 << 16))
                try write(UnsafeRawBufferPointer(rebasing: part[offset..<end]))
                offset = end
            }
        }
    }
}
