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
        NamedTemporaryFiles.add(listed)
        NamedTemporaryFiles.add(forgotten)
        NamedTemporaryFiles.forget(forgotten)
        #expect(NamedTemporaryFiles.isListed(listed) && !NamedTemporaryFiles.isListed(forgotten))
        NamedTemporaryFiles.unlinkAll()
        #expect(access(listed, F_OK) != 0, "a listed file is unlinked")
        #expect(access(forgotten, F_OK) == 0, "a forgotten one is left to its owner")
        NamedTemporaryFiles.remove(listed)
        #expect(!NamedTemporaryFiles.isListed(listed))
    }

    /// `ReplacementFile`'s temporary file is listed while it is written, and no longer once it
    /// is renamed into place or removed.
    @Test func aReplacementFilesTemporaryFileIsListedUntilItIsDone() throws {
        let scratch = try ScratchDirectory()
        let temporary = scratch.file(".out.csv.\(getpid()).tmp")
        var file: ReplacementFile? = try ReplacementFile(path: scratch.file("out.csv"))
        #expect(NamedTemporaryFiles.isListed(temporary))
        try file?.commit()
        #expect(!NamedTemporaryFiles.isListed(temporary))
        file = try ReplacementFile(path: scratch.file("out.csv"))
        #expect(NamedTemporaryFiles.isListed(temporary))
        file = nil
        #expect(!NamedTemporaryFiles.isListed(temporary) && access(temporary, F_OK) != 0)
        // What a signal does while one is being written: the temporary file goes, the old file stays.
        file = try ReplacementFile(path: scratch.file("out.csv"))
        NamedTemporaryFiles.unlinkAll()
        #expect(access(temporary, F_OK) != 0 && access(scratch.file("out.csv"), F_OK) == 0)
        _ = file
    }
}
