import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a compiled index stands on: a file's status (which file, its size and time), the
/// identity an index names, and its checksum taken over pieces of any length.
@Suite struct SidecarIndexTests {
    static let format = SidecarIndex(magic: "SLUICETT", formatVersion: 1, kind: "test", source: "the file")

    @Test func aFileStatusSaysWhichFileAndWhetherItChanged() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("a.txt"), link = scratch.file("b.txt")
        try Data("one\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(SidecarIndexTests.hardLink(path, link) == 0)
        let before = try #require(FileStatus(path: path))
        #expect(before.isRegular && before.size == 4)
        #expect(try #require(FileStatus(path: link)).isSameFile(as: before))
        #expect(FileStatus(path: scratch.file("missing")) == nil)
        #expect(try #require(FileStatus(path: scratch.path)).isRegular == false)
        // Rewritten with other bytes of the same length, its time set back: the same status
        // (what only the sample hash of an index's identity still sees).
        var times = [timespec(tv_sec: Int(before.modified.seconds), tv_nsec: Int(before.modified.nanoseconds)), timespec()]
        times[1] = times[0]
        try Data("two\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let rewritten = try #require(FileStatus(path: path))
        #expect(rewritten.size == before.size && rewritten.modified == before.modified)
        #expect(Self.format.identity(of: path) != nil)
        // Appended to: another size and time; its first 4 bytes still what they were.
        let identity = try #require(Self.format.identity(of: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("three\n".utf8))
        try handle.close()
        #expect(try #require(FileStatus(path: path)).size == 10)
        var prefix = try #require(Self.format.identity(of: path, prefix: 4))
        (prefix.sourceSeconds, prefix.sourceNanoseconds) = (identity.sourceSeconds, identity.sourceNanoseconds)
        #expect(prefix == identity)
        #expect(Self.format.identity(of: path, prefix: 11) == nil)
    }

    /// A descriptor's name stands for whatever is open: no identity, so no index beside it.
    /// Before, `sluice-dedupe … --against /dev/stdin < known.ndjson` wrote `/dev/stdin.sluice-index`.
    /// An index's name that is a symbolic link (to the source itself, say) is not written
    /// through: before, the index replaced whatever the link led to, KNOWN or the gazetteer.
    @Test func anIndexIsNotWrittenThroughASymbolicLink() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson"), index = SidecarIndex.path(for: path)
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(symlink(path, index) == 0)
        let identity = try #require(Self.format.identity(of: path))
        let payload: [UInt8] = [1, 2, 3]
        #expect(throws: StageFailure.self) {
            try payload.withUnsafeBytes { try Self.format.write(to: index, identity: identity, parts: [$0]) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("{}\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: index) == path)
    }

    @Test func aDescriptorsNameHasNoIdentity() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("a.txt")
        try Data("one\n".utf8).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(Self.format.identity(of: path) != nil)
        for name in ["/dev/fd/\(fd)", "/proc/self/fd/\(fd)", "/dev/stdin", "/dev/null"] {
            #expect(Self.format.identity(of: name) == nil, "\(name)")
            #expect(SidecarIndex.namesADescriptor(name), "\(name)")
        }
        #expect(!SidecarIndex.namesADescriptor(path) && !SidecarIndex.namesADescriptor("a.txt") && !SidecarIndex.namesADescriptor("/dev/shm/a.txt"))
    }

    /// A damaged or stale index is said once; that it is written again only when it will be.
    /// Before, a stale index in a folder the user cannot write said "writing the index again",
    /// and nothing was written, on every run.
    @Test func aWarningSaysWhetherTheIndexIsWrittenAgain() throws {
        let stale = SidecarIndex.Problem.stale("stale: the CSV changed since the index was written")
        #expect(
            stale.warning(path: "g.csv.sluice-index", reading: "the CSV")
                == "g.csv.sluice-index: stale: the CSV changed since the index was written; reading the CSV and writing the index again")
        #expect(
            stale.warning(path: "g.csv.sluice-index", reading: "the CSV", rewriting: false)
                == "g.csv.sluice-index: stale: the CSV changed since the index was written; reading the CSV (its folder cannot be written: the index is not written again)"
        )
        #expect(SidecarIndex.Problem.missing.warning(path: "x", reading: "the CSV", rewriting: false) == nil)
        let scratch = try ScratchDirectory()
        #expect(SidecarIndex.canWrite(beside: scratch.file("g.csv")))
        #expect(!SidecarIndex.canWrite(beside: "/no/such/folder/g.csv"))
    }

    static func hardLink(_ from: String, _ to: String) -> Int32 { link(from, to) }

    @Test func theChecksumOfPiecesIsTheChecksumOfTheirJoin() {
        var random = SplitMix64(seed: 11)
        for length in [0, 1, 7, 8, 9, 63, 64, 1000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let whole = bytes.withUnsafeBytes { StableHash.words($0) }
            for _ in 0..<20 {
                var cuts = (0..<3).map { _ in length == 0 ? 0 : Int(random.next() % UInt64(length + 1)) }
                cuts.sort()
                let bounds = [0] + cuts + [length]
                let pieces = zip(bounds, bounds.dropFirst()).map { Array(bytes[$0..<$1]) }
                var checksum = SidecarIndex.Checksum()
                for piece in pieces { piece.withUnsafeBytes { checksum.add($0) } }
                #expect(checksum.value == whole, "length \(length), cuts \(cuts)")
            }
        }
    }

    @Test func aHeaderReadBackNamesWhatWasWritten() throws {
        var identity = SidecarIndex.Identity()
        (identity.sourceSize, identity.sourceSeconds, identity.sourceNanoseconds, identity.sourceSample) = (10, 20, 30, 40)
        (identity.program, identity.builtFor) = (Self.format.program, 7)
        let header = Self.format.header(identity, payloadLength: 5, checksum: 9)
        let back = try (header + [1, 2, 3, 4, 5]).withUnsafeBytes { try Self.format.readHeader($0, fileLength: 85) }
        #expect(back.identity == identity && back.payloadLength == 5 && back.checksum == 9)
        #expect(throws: SidecarIndex.Problem.stale("stale: built for other options")) {
            var other = identity
            other.builtFor = 8
            try (header + [1, 2, 3, 4, 5]).withUnsafeBytes { _ = try Self.format.checkHeader($0, fileLength: 85, expected: other) }
        }
        #expect(throws: SidecarIndex.Problem.corrupt("not a Sluice test index")) {
            try (Array("SLUICEXX".utf8) + header.dropFirst(8)).withUnsafeBytes { _ = try Self.format.readHeader($0, fileLength: 80) }
        }
    }
}
