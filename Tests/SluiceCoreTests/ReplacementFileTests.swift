import Foundation
import SluiceTestSupport
import Testing

@testable import SluiceCore

@Suite struct ReplacementFileTests {
    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func files(in scratch: ScratchDirectory) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() }

    @Test func aCommitReplacesTheFileWhole() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("out.csv")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        let file = try ReplacementFile(path: path)
        file.sink.append("new\n")
        try file.sink.flush()
        #expect(contents(path) == "old\n", "the old file stays whole until the commit")
        #expect(try files(in: scratch) == [".out.csv.\(getpid()).tmp", "out.csv"])
        try file.commit()
        #expect(contents(path) == "new\n")
        #expect(try files(in: scratch) == ["out.csv"])
    }

    /// A failure before the commit (the builder's error, a full disk) leaves the file as it was.
    @Test func withoutACommitTheFileIsUntouchedAndTheTemporaryFileGone() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("out.csv")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let file = try ReplacementFile(path: path)
            file.sink.append("half")
            try file.sink.flush()
        }
        #expect(contents(path) == "old\n")
        #expect(try files(in: scratch) == ["out.csv"])
    }

    @Test func aNewFileIsCreatedAndALinkStaysALink() throws {
        let scratch = try ScratchDirectory()
        let fresh = try ReplacementFile(path: scratch.file("new.csv"))
        fresh.sink.append("a\n")
        try fresh.commit()
        #expect(contents(scratch.file("new.csv")) == "a\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.csv"), withDestinationPath: scratch.file("new.csv"))
        let linked = try ReplacementFile(path: scratch.file("link.csv"))
        linked.sink.append("b\n")
        try linked.commit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("link.csv")) == scratch.file("new.csv"))
        #expect(contents(scratch.file("new.csv")) == "b\n")
    }

    /// A device cannot be replaced by a rename: it is written as it is.
    @Test func aDeviceIsWrittenDirectly() throws {
        let file = try ReplacementFile(path: "/dev/null")
        file.sink.append("x")
        try file.commit()
        #expect(file.temporaryPath == nil)
    }

    @Test func aFolderThatCannotBeWrittenIsAnIOErrorNamingTheFile() throws {
        do {
            _ = try ReplacementFile(path: "/no/such/folder/out.csv")
            Issue.record("expected a failure")
        } catch {
            #expect(error.exitCode == .ioError)
            #expect(error.message.hasPrefix("/no/such/folder/out.csv: cannot create a temporary file beside it"))
        }
    }
}
