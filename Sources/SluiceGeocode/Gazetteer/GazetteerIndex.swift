import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The compiled index of a gazetteer CSV (`FILE.sluice-index`, beside it): what `Gazetteer`
/// holds after reading the CSV, in a form a run maps with `mmap` instead of parsing. The CSV
/// stays the source of truth; the index is only ever a faster way to read it, and is refused
/// (`Problem`) unless everything ties it to this CSV and this program.
///
/// The file, little-endian:
///
///     0   "SLUICEGZ"                  8 bytes
///     8   format version (UInt32), header size (UInt32, 80)
///     16  the CSV's size, modification time (s, ns), hash of its first and last 64 KiB
///     48  the program that wrote it (a hash of its version, size and modification time)
///     56  payload length; 64 payload checksum (`StableHash.words`); 72 reserved
///     80  payload: the eager part (`Gazetteer+Index.swift`), padded to 8 bytes, then the
///         addresses as `AddressTable.layout` places them (numbers, then coordinates)
///
/// The checksum is verified on every open, by reading the file in 1 MiB pieces (not through
/// the mapping, whose pages would then all count as the run's memory): about 0.1 s for a
/// 10-million-address index, against several seconds to parse its CSV.
enum GazetteerIndex {
    static let magic = Array("SLUICEGZ".utf8)
    /// Raised whenever what the payload holds changes.
    static let formatVersion: UInt32 = 1
    static let headerSize = 80
    /// The name beside the CSV.
    static func path(for csv: String) -> String { csv + ".sluice-index" }

    /// Why an index was not used. `missing` and `otherProgram` are quiet (a first run; a new
    /// build of Sluice); the others are said once on stderr.
    enum Problem: Error, Equatable {
        case missing
        case otherProgram
        case stale(String)
        case corrupt(String)
        case unreadable(String)

        /// What to say on stderr about it, if anything.
        func warning(path: String) -> String? {
            switch self {
            case .missing, .otherProgram: nil
            case .stale(let reason), .corrupt(let reason): "\(path): \(reason); reading the CSV and writing the index again"
            case .unreadable(let reason): "\(path): \(reason); reading the CSV"
            }
        }
    }

    /// What ties an index to its CSV and its writer.
    struct Identity: Equatable {
        var csvSize: UInt64 = 0
        var csvSeconds: Int64 = 0
        var csvNanoseconds: Int64 = 0
        var csvSample: UInt64 = 0
        var program: UInt64 = 0
    }

    /// The CSV's size, modification time and a hash of its first and last 64 KiB (an edit that
    /// kept the size and the time, as `cp -p` or a restore can, is still seen at either end);
    /// nil when it cannot be read (the CSV reader then says why).
    static func identity(ofCSV path: String) -> Identity? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var identity = Identity()
        identity.csvSize = UInt64(status.st_size)
        #if canImport(Glibc)
            identity.csvSeconds = Int64(status.st_mtim.tv_sec)
            identity.csvNanoseconds = Int64(status.st_mtim.tv_nsec)
        #else
            identity.csvSeconds = Int64(status.st_mtimespec.tv_sec)
            identity.csvNanoseconds = Int64(status.st_mtimespec.tv_nsec)
        #endif
        let window = 1 << 16
        var sample = StableHash.offset
        for start in Set([0, max(0, Int(status.st_size) - window)]).sorted() {
            var bytes = [UInt8](repeating: 0, count: min(window, Int(status.st_size)))
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(start)) }
            guard n == bytes.count else { return nil }
            sample = bytes.withUnsafeBytes { StableHash.words($0, seed: sample) }
        }
        identity.csvSample = sample
        identity.program = program
        return identity
    }

    /// This program: its version and the size and time of its executable, so that an index
    /// written by another build (whose reading of the CSV may differ) is never used.
    static let program: UInt64 = {
        var text = "\(formatVersion)|\(Stage.version)"
        // The link's target, read rather than followed: valgrind answers the readlink with the
        // program it runs, where stat would see valgrind itself.
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &target, target.count - 1)
        var status = stat()
        if length > 0, stat(String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self), &status) == 0 {
            #if canImport(Glibc)
                text += "|\(status.st_size)|\(status.st_mtim.tv_sec)|\(status.st_mtim.tv_nsec)"
            #endif
        }
        return StableHash.of(text)
    }()

    /// The 80-byte header of a payload.
    static func header(_ identity: Identity, payloadLength: Int, checksum: UInt64) -> [UInt8] {
        var out = IndexBytes()
        out.append(magic)
        out.append(UInt32(formatVersion))
        out.append(UInt32(headerSize))
        out.append(identity.csvSize)
        out.append(identity.csvSeconds)
        out.append(identity.csvNanoseconds)
        out.append(identity.csvSample)
        out.append(identity.program)
        out.append(UInt64(payloadLength))
        out.append(checksum)
        out.append(UInt64(0))
        return out.bytes
    }

    /// `bytes` with the header's payload length and checksum made to fit its payload: what a
    /// forger would do, so that the fuzz target and the tests reach the checks behind them.
    static func restamped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= headerSize else { return bytes }
        var out = bytes
        let checksum = out.withUnsafeBytes { StableHash.words(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        for (offset, value) in [(56, UInt64(out.count - headerSize)), (64, checksum)] {
            withUnsafeBytes(of: value.littleEndian) { out.replaceSubrange(offset..<offset + 8, with: $0) }
        }
        return out
    }

    /// Checks a header against the file's length and, when given, the identity expected;
    /// returns the payload's length and checksum.
    static func checkHeader(_ bytes: UnsafeRawBufferPointer, fileLength: Int, expected: Identity?) throws(Problem) -> (length: Int, checksum: UInt64)
    {
        guard bytes.count >= headerSize else { throw .corrupt("truncated: \(fileLength) bytes, shorter than its header") }
        guard bytes.prefix(8).elementsEqual(magic) else { throw .corrupt("not a Sluice gazetteer index") }
        var reader = IndexReader(bytes, at: 8)
        let version = try reader.uint32(), size = try reader.uint32()
        guard version == formatVersion, size == UInt32(headerSize) else { throw .otherProgram }
        var found = Identity()
        found.csvSize = try reader.uint64()
        found.csvSeconds = try reader.int64()
        found.csvNanoseconds = try reader.int64()
        found.csvSample = try reader.uint64()
        found.program = try reader.uint64()
        let length = try reader.uint64(), checksum = try reader.uint64()
        if let expected {
            guard found.program == expected.program else { throw .otherProgram }
            guard found == expected else { throw .stale("stale: the CSV changed since the index was written") }
        }
        guard length == UInt64(fileLength - headerSize) else {
            throw .corrupt(
                length > UInt64(fileLength - headerSize)
                    ? "truncated: \(fileLength) bytes of \(length &+ UInt64(headerSize))"
                    : "\(fileLength) bytes, \(length &+ UInt64(headerSize)) expected")
        }
        return (Int(length), checksum)
    }

    /// Maps an index file once its header names `expected` and its payload's checksum holds.
    static func map(path: String, expected: Identity) throws(Problem) -> AddressTable.Storage {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw .missing }
            throw .unreadable("cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw .unreadable("not a regular file") }
        let length = Int(status.st_size)
        var head = [UInt8](repeating: 0, count: headerSize)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, headerSize, 0) }
        let payload = try head.prefix(max(0, n)).withUnsafeBytes { bytes in
            Result { () throws(Problem) in try checkHeader(bytes, fileLength: length, expected: expected) }
        }.get()
        // The checksum, a megabyte at a time (a multiple of 8: `words` continues exactly).
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var hash = StableHash.offset
        var offset = headerSize
        while offset < length {
            let want = min(chunk.count, length - offset)
            let got = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(offset)) }
            guard got == want else { throw .unreadable("cannot read: \(got < 0 ? String(cString: strerror(errno)) : "the file shrank")") }
            hash = chunk.withUnsafeBytes { StableHash.words(UnsafeRawBufferPointer(rebasing: $0[..<want]), seed: hash) }
            offset += want
        }
        guard hash == payload.checksum else { throw .corrupt("checksum mismatch: the file is damaged") }
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw .unreadable("cannot map: \(String(cString: strerror(errno)))")
        }
        return AddressTable.Storage(mapping: base, length: length)
    }
}

/// Little-endian values appended to a byte array: the index's writer.
struct IndexBytes {
    var bytes: [UInt8] = []

    mutating func append(_ raw: [UInt8]) { bytes += raw }
    mutating func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func append(_ value: Double) { append(value.bitPattern) }
    mutating func append(_ text: String) {
        append(UInt64(text.utf8.count))
        bytes += text.utf8
    }
    mutating func appendBlob(_ blob: [UInt8]) {
        append(UInt64(blob.count))
        bytes += blob
    }
    /// Zeros up to a multiple of 8 bytes.
    mutating func pad() { bytes += [UInt8](repeating: 0, count: (8 - bytes.count % 8) % 8) }
}

/// Reads what `IndexBytes` wrote, checking every length against what is left: an index is
/// hostile input (a damaged disk, a forged file), so no value read leads outside the bytes.
struct IndexReader {
    let bytes: UnsafeRawBufferPointer
    var position: Int

    init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var remaining: Int { bytes.count - position }

    mutating func take(_ count: Int) throws(GazetteerIndex.Problem) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw .corrupt("malformed: a value runs past the end at byte \(position)") }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<position + count])
    }

    mutating func uint64() throws(GazetteerIndex.Problem) -> UInt64 { UInt64(littleEndian: try take(8).loadUnaligned(as: UInt64.self)) }
    mutating func uint32() throws(GazetteerIndex.Problem) -> UInt32 { UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self)) }
    mutating func int64() throws(GazetteerIndex.Problem) -> Int64 { Int64(bitPattern: try uint64()) }
    mutating func byte() throws(GazetteerIndex.Problem) -> UInt8 { try take(1)[0] }
    mutating func double() throws(GazetteerIndex.Problem) -> Double { Double(bitPattern: try uint64()) }

    /// A count of things each at least `size` bytes long: never more than the bytes left hold.
    mutating func count(each size: Int) throws(GazetteerIndex.Problem) -> Int {
        let value = try uint64()
        guard value <= UInt64(remaining / max(size, 1)) else { throw .corrupt("malformed: a count of \(value) at byte \(position - 8)") }
        return Int(value)
    }

    mutating func blob() throws(GazetteerIndex.Problem) -> UnsafeRawBufferPointer { try take(try count(each: 1)) }

    mutating func string() throws(GazetteerIndex.Problem) -> String {
        let raw = try blob()
        guard let text = String(validating: raw, as: UTF8.self) else { throw .corrupt("malformed: text that is not UTF-8 at byte \(position)") }
        return text
    }

    /// Skips the zeros that `IndexBytes.pad()` wrote.
    mutating func pad() throws(GazetteerIndex.Problem) { _ = try take((8 - position % 8) % 8) }
}
