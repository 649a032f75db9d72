import Foundation
import SluiceTestSupport
import Testing

@testable import SluiceCore

@Suite struct FileInputTests {
    func failure(_ path: String) -> StageFailure? {
        do {
            let fd = try FileInput.open(path, what: "gazetteer")
            close(fd)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingFileIsNoInput() {
        #expect(failure("/no/such/file")?.exitCode == .noInput)
        #expect(failure("/no/such/file")?.message == "/no/such/file: cannot open gazetteer: No such file or directory")
    }

    /// Before: a folder opened, and its first read failed as "read failed: Is a directory", no path.
    @Test func aFolderIsAnIOErrorNamingIt() throws {
        let scratch = try ScratchDirectory()
        #expect(failure(scratch.path)?.exitCode == .ioError)
        #expect(failure(scratch.path)?.message == "\(scratch.path): cannot read gazetteer: Is a directory")
        #expect(throws: StageFailure.self) { try FileInput.contents(of: scratch.path) }
    }

    @Test func aFileOpens() throws {
        let scratch = try ScratchDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.file("a")))
        #expect(failure(scratch.file("a")) == nil)
        #expect(try FileInput.contents(of: scratch.file("a")) == [UInt8(ascii: "x")])
    }
}
