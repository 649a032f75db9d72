import Foundation
import SluiceTestSupport
import Testing

@testable import SluiceCore

/// The list of named temporary files a signal removes. The signal itself is sent to real
/// stages in `EndToEndTests/TemporaryFilesTests`; here, what the handler runs (`unlinkAll`).
@Suite(.serialized) struct TemporaryFilesTests {
    @Test func aListedFileIsRemovedByTheHandlersWorkAndAForgottenOneKept() throws {
        let scratch = try ScratchDirectory()
        let listed = scratch.file("listed"), forgotten = scratch.file("forgotten")
        for path in [listed, forgotten] { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }
        TemporaryFiles.add(listed)
        TemporaryFiles.add(forgotten)
        TemporaryFiles.forget(forgotten)
        #expect(TemporaryFiles.isListed(listed) && !TemporaryFiles.isListed(forgotten))
        TemporaryFiles.unlinkAll()
        #expect(access(listed, F_OK) != 0, "a listed file is unlinked")
        #expect(access(forgotten, F_OK) == 0, "a forgotten one is left to its owner")
        TemporaryFiles.remove(listed)
        #expect(!TemporaryFiles.isListed(listed))
    }

    /// `ReplacementFile`'s temporary file is listed while it is written, and no longer once it
    /// is renamed into place or removed.
    @Test func aReplacementFilesTemporaryFileIsListedUntilItIsDone() throws {
        let scratch = try ScratchDirectory()
        let temporary = scratch.file(".out.csv.\(getpid()).tmp")
        var file: ReplacementFile? = try ReplacementFile(path: scratch.file("out.csv"))
        #expect(TemporaryFiles.isListed(temporary))
        try file?.commit()
        #expect(!TemporaryFiles.isListed(temporary))
        file = try ReplacementFile(path: scratch.file("out.csv"))
        #expect(TemporaryFiles.isListed(temporary))
        file = nil
        #expect(!TemporaryFiles.isListed(temporary) && access(temporary, F_OK) != 0)
        // What a signal does while one is being written: the temporary file goes, the old file stays.
        file = try ReplacementFile(path: scratch.file("out.csv"))
        TemporaryFiles.unlinkAll()
        #expect(access(temporary, F_OK) != 0 && access(scratch.file("out.csv"), F_OK) == 0)
        _ = file
    }
}
