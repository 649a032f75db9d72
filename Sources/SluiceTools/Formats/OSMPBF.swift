import CZlib
import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// OpenStreetMap's PBF format (`.osm.pbf`, what extract services publish), read block by block:
/// each block is a 4-byte big-endian length, a `BlobHeader` and a `Blob` (raw or zlib data);
/// an `OSMData` blob is a `PrimitiveBlock` with its string table, its granularity and offsets,
/// and groups of nodes, dense nodes (delta-coded), ways (delta-coded refs) and relations.
///
///     try OSMPBF.read(path: "monaco.osm.pbf") { element in ... }   // every element, in order
///
/// Bad input — a truncated block, a bad varint, a length past its message, an oversized block,
/// bad zlib data, a string index outside the table — is an error naming the file, the block
/// (from 1) and the byte offset of the block in the file, with the offset inside its data.
///
/// - Complexity: O(n); holds one block (at most 32 MiB inflated) at a time.
enum OSMPBF {
    /// The format's own limits: a header under 64 KiB, a blob's data under 32 MiB.
    static let maxHeaderSize = 64 * 1024
    static let maxBlobSize = 32 * 1024 * 1024
    /// Features a reader must understand; a file requiring another is refused.
    static let knownFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// Reads the file at `path`, handing each element to `visit` in file order.
    static func read(path: String, _ visit: (OSMElement) throws -> Void) throws {
        let fd = try FileInput.open(path, what: "OpenStreetMap extract")
        defer { close(fd) }
        try read(
            source: path,
            next: { count in
                // In chunks: a stated size is not trusted with an allocation before the bytes are there.
                var taken: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: min(count, 1 << 20))
                while taken.count < count {
                    if chunk.count > count - taken.count { chunk = [UInt8](repeating: 0, count: count - taken.count) }
                    let n: Int
                    do {
                        n = try FileInput.read(fd, into: &chunk)
                    } catch let error as IOFailure {
                        throw StageFailure(.ioError, "\(path): cannot read: \(String(cString: strerror(error.code)))")
                    }
                    if n == 0 { break }
                    taken += chunk[..<n]
                }
                return taken
            }, visit)
    }

    /// Reads PBF data held in memory (tests, the fuzz target).
    static func read(bytes: [UInt8], source: String, _ visit: (OSMElement) throws -> Void) throws {
        var position = 0
        try read(
            source: source,
            next: { count in
                let taken = Array(bytes[position..<min(bytes.count, position + count)])
                position += taken.count
                return taken
            }, visit)
    }

    /// The block loop over `next(count)`, which returns up to `count` bytes (fewer at the end).
    static func read(source: String, next: (Int) throws -> [UInt8], _ visit: (OSMElement) throws -> Void) throws {
        var offset = 0
        var block = 0
        while true {
            block += 1
            let (number, start) = (block, offset)
            let failure = { (reason: String) in
                StageFailure.data(source: source, line: nil, "block \(number) at byte offset \(start): \(reason)")
            }
            let prefix = try next(4)
            if prefix.isEmpty {
                // An empty file (a download that never started) would otherwise read as an
                // extract of nothing, and a build would replace its gazetteer with no rows; an
                // empty XML file is an error too (`OSMXML`: no <osm> element).
                guard number > 1 else { throw failure("the file is empty, not an OpenStreetMap PBF file") }
                return
            }
            guard prefix.count == 4 else { throw failure("truncated block: \(prefix.count) of the 4 bytes of its header length") }
            let headerSize = prefix.reduce(0) { $0 << 8 | Int($1) }
            guard headerSize > 0, headerSize <= maxHeaderSize else { throw failure("block header of \(headerSize) bytes (at most \(maxHeaderSize))") }
            let headerBytes = try next(headerSize)
            guard headerBytes.count == headerSize else {
                throw failure("truncated block: its header has \(headerBytes.count) of \(headerSize) bytes")
            }
            var type = ""
            var dataSize = -1
            do {
                var header = ProtobufReader(headerBytes)
                while let (number, wire) = try header.field() {
                    switch (number, wire) {
                    case (1, .lengthDelimited): type = try header.string()
                    case (3, .varint): dataSize = Int(truncatingIfNeeded: try header.varint())
                    default: try header.skip(wire)
                    }
                }
            } catch {
                throw failure("bad block header: \(error.reason) at byte \(error.offset + 4) of the block")
            }
            guard dataSize >= 0, dataSize <= maxBlobSize else {
                throw failure(dataSize < 0 ? "block header without a data size" : "block data of \(dataSize) bytes (at most \(maxBlobSize))")
            }
            let blob = try next(dataSize)
            guard blob.count == dataSize else { throw failure("truncated block: \(blob.count) of its \(dataSize) bytes of data") }
            let dataOffset = 4 + headerSize
            let data: [UInt8]
            do {
                data = try inflate(blob)
            } catch {
                throw failure("\(error.reason) at byte \(error.offset + dataOffset) of the block")
            }
            do {
                switch type {
                case "OSMHeader": try checkHeader(data)
                case "OSMData": try readPrimitiveBlock(data, visit)
                default: break  // unknown block types are skipped, as the format says
                }
            } catch let error as ProtobufReader.Failure {
                throw failure("bad \(type) data: \(error.reason) at byte \(error.offset) of its inflated data")
            }
            offset += dataOffset + dataSize
        }
    }

    /// A blob's data: raw, or zlib-inflated to its stated size.
    static func inflate(_ blob: [UInt8]) throws(ProtobufReader.Failure) -> [UInt8] {
        var reader = ProtobufReader(blob)
        var rawSize = -1
        var raw: Range<Int>?
        var zlib: Range<Int>?
        var other: Int?
        while let (number, wire) = try reader.field() {
            switch (number, wire) {
            case (1, .lengthDelimited): raw = try reader.lengthDelimited()
            case (2, .varint): rawSize = Int(truncatingIfNeeded: try reader.varint())
            case (3, .lengthDelimited): zlib = try reader.lengthDelimited()
            case (4...7, .lengthDelimited):
                other = number
                try reader.skip(wire)
            default: try reader.skip(wire)
            }
        }
        if let raw { return Array(blob[raw]) }
        guard let zlib else {
            let names = [4: "lzma", 5: "bzip2", 6: "lz4", 7: "zstd"]
            throw .init(
                offset: 0, reason: other.map { "\(names[$0] ?? "unknown") compression is not supported (zlib or raw only)" } ?? "blob without data")
        }
        guard rawSize >= 0, rawSize <= maxBlobSize else {
            throw .init(offset: 0, reason: rawSize < 0 ? "zlib blob without its raw size" : "raw size \(rawSize) over \(maxBlobSize) bytes")
        }
        var output = [UInt8](repeating: 0, count: max(rawSize, 1))
        var outputSize = uLongf(rawSize)
        let status = output.withUnsafeMutableBufferPointer { target in
            blob[zlib].withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &outputSize, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK else {
            let why = status == Z_BUF_ERROR ? "more than its stated raw size \(rawSize)" : status == Z_DATA_ERROR ? "corrupt" : "status \(status)"
            throw .init(offset: zlib.lowerBound, reason: "bad zlib data (\(why))")
        }
        guard Int(outputSize) == rawSize else {
            throw .init(offset: zlib.lowerBound, reason: "zlib data inflates to \(outputSize) bytes, not its stated \(rawSize)")
        }
        output.removeLast(output.count - rawSize)
        return output
    }

    /// The `HeaderBlock`: refuses files needing a feature this reader lacks (history, changes).
    static func checkHeader(_ data: [UInt8]) throws {
        var reader = ProtobufReader(data)
        while let (number, wire) = try reader.field() {
            if number == 4, wire == .lengthDelimited {
                let start = reader.position
                let feature = try reader.string()
                guard knownFeatures.contains(feature) else {
                    throw ProtobufReader.Failure(offset: start, reason: "required feature '\(feature)' is not supported")
                }
            } else {
                try reader.skip(wire)
            }
        }
    }
}
