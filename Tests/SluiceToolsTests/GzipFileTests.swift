import Foundation
import SluiceCore
import Testing

@testable import SluiceTools

@Suite struct GzipFileTests {
    /// Runs /usr/bin/gzip on `path` (keeping it), giving `path.gz`.
    static func gzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        process.arguments = ["-k", "-f", "-n", path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return path + ".gz"
    }

    static let csv =
        "LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n"
        + (1...2000).map { "-122.4\($0),37.7\($0),\($0),Calle Niño,,San Francisco,,CA,94110,,h\($0)\n" }.joined()

    @Test func aGzipReadsAsThePlainFile() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.path + "/sf.csv"
        try Self.csv.write(toFile: plain, atomically: true, encoding: .utf8)
        let gz = try Self.gzip(plain)
        #expect(try GzipFile.contents(of: gz) == Array(Self.csv.utf8))
        #expect(try GzipFile.contents(of: plain) == Array(Self.csv.utf8))
        let (fromGzip, fromPlain) = (try SourceTable(path: gz), try SourceTable(path: plain))
        #expect(fromGzip.header == fromPlain.header)
        #expect(fromGzip.rows == fromPlain.rows && fromGzip.rows.count == 2000)
        #expect(fromGzip.lines == fromPlain.lines)
    }

    @Test func everyMemberOfAMultiMemberFile() throws {
        let directory = try TemporaryDirectory()
        try "a,b\n".write(toFile: directory.path + "/one", atomically: true, encoding: .utf8)
        try "1,2\n".write(toFile: directory.path + "/two", atomically: true, encoding: .utf8)
        let both =
            try Data(contentsOf: URL(fileURLWithPath: try Self.gzip(directory.path + "/one")))
            + Data(contentsOf: URL(fileURLWithPath: try Self.gzip(directory.path + "/two")))
        try both.write(to: URL(fileURLWithPath: directory.path + "/both.gz"))
        #expect(try GzipFile.contents(of: directory.path + "/both.gz") == Array("a,b\n1,2\n".utf8))
        // Zero padding after the last member (tape blocks) is ignored, as gzip does.
        try (both + Data(count: 512)).write(to: URL(fileURLWithPath: directory.path + "/padded.gz"))
        #expect(try GzipFile.contents(of: directory.path + "/padded.gz") == Array("a,b\n1,2\n".utf8))
    }

    @Test func truncatedOrCorruptStreamsNameTheFile() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.path + "/sf.csv"
        try Self.csv.write(toFile: plain, atomically: true, encoding: .utf8)
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try Self.gzip(plain))))
        let cut = directory.path + "/cut.csv.gz"
        for length in [2, 10, whole.count / 2, whole.count - 4, whole.count - 1] {
            try Data(whole[..<length]).write(to: URL(fileURLWithPath: cut))
            #expect(throws: StageFailure.self) { try GzipFile.contents(of: cut) }
            do { _ = try GzipFile.contents(of: cut) } catch { #expect("\(error)".hasPrefix("\(cut): error: truncated gzip file"), "\(error)") }
        }
        // A flipped byte in the data or the checksum.
        for at in [whole.count / 2, whole.count - 6] {
            var bytes = whole
            bytes[at] ^= 0x55
            try Data(bytes).write(to: URL(fileURLWithPath: cut))
            do {
                _ = try GzipFile.contents(of: cut)
                Issue.record("a flipped byte at \(at) was read")
            } catch { #expect("\(error)".hasPrefix("\(cut): error: "), "\(error)") }
        }
        try Data(whole + [0x41, 0x42]).write(to: URL(fileURLWithPath: cut))
        #expect(throws: StageFailure.self) { try GzipFile.contents(of: cut) }
    }

    @Test func emptyShortAndMissingFiles() throws {
        let directory = try TemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: directory.path + "/empty"))
        #expect(try GzipFile.contents(of: directory.path + "/empty") == [])
        try Data([0x1f]).write(to: URL(fileURLWithPath: directory.path + "/one"))
        #expect(try GzipFile.contents(of: directory.path + "/one") == [0x1f])
        #expect {
            try GzipFile.contents(of: directory.path + "/missing.gz")
        } throws: { error in
            (error as? StageFailure)?.exitCode == .noInput
        }
    }

    /// Every chunk of a `Reader`, in order.
    static func chunks(_ path: String, size: Int) throws -> [[UInt8]] {
        let reader = try GzipFile.Reader(path: path, chunkSize: size)
        var chunks: [[UInt8]] = []
        while let chunk = try reader.next() { chunks.append(chunk) }
        return chunks
    }

    @Test func aReaderGivesTheContentsChunkByChunk() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.path + "/sf.csv"
        try Self.csv.write(toFile: plain, atomically: true, encoding: .utf8)
        let gz = try Self.gzip(plain)
        for size in [1, 7, 4096, 1 << 20] {
            for path in [plain, gz] {
                let chunks = try Self.chunks(path, size: size)
                #expect(Array(chunks.joined()) == Array(Self.csv.utf8), "\(path) in chunks of \(size)")
                #expect(chunks.allSatisfy { !$0.isEmpty })
            }
        }
        // Plain reads never exceed the chunk size; inflated ones by at most one zlib call (256 KiB).
        #expect(try Self.chunks(plain, size: 100).allSatisfy { $0.count <= 100 })
        #expect(try Self.chunks(gz, size: 100).allSatisfy { $0.count <= 100 + (1 << 18) })
    }

    @Test func aHighlyCompressedFileInflatesInBoundedChunks() throws {
        // 64 MiB of zeros compress to ~64 KiB: read whole, one compressed chunk would inflate all of it.
        let directory = try TemporaryDirectory()
        let path = directory.path + "/zeros"
        try Data(count: 64 << 20).write(to: URL(fileURLWithPath: path))
        let gz = try Self.gzip(path)
        let reader = try GzipFile.Reader(path: gz)
        var total = 0
        var largest = 0
        while let chunk = try reader.next() {
            total += chunk.count
            largest = max(largest, chunk.count)
        }
        #expect(total == 64 << 20)
        #expect(largest <= (1 << 20) + (1 << 18))
    }

    @Test func aReaderOfATruncatedGzipFails() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.path + "/sf.csv"
        try Self.csv.write(toFile: plain, atomically: true, encoding: .utf8)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: try Self.gzip(plain))))
        let cut = directory.path + "/cut.gz"
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: cut))
        do {
            _ = try Self.chunks(cut, size: 64)
            Issue.record("a truncated file read without an error")
        } catch {
            #expect("\(error)".hasPrefix("\(cut): error: truncated gzip file"), "\(error)")
        }
    }
}
