import Foundation
import SluiceSanitize
import Testing

@testable import Sluice

/// How the library's calls fail: as the executables would, with a `StageFailure` naming the
/// record, and never on what a stage would take.
@Suite struct StageRunnerTests {
    @Test func aRecordWithALineBreakIsRefusedByItsIndex() {
        #expect {
            try sanitize([#"{"a":"1"}"#, "{\"a\":\n\"2\"}"], field: "a")
        } throws: { error in
            (error as? StageFailure)?.message == "records[1]: error: a line break inside a record: give each record as one line of JSON"
                && (error as? StageFailure)?.exitCode == .dataError
        }
    }

    @Test func aLineThatIsNotAnObjectStopsTheStageAsTheExecutableWould() {
        #expect {
            try sanitize([#"{"a":"1"}"#, "[1,2]"], field: "a")
        } throws: { error in
            guard let failure = error as? StageFailure else { return false }
            return failure.exitCode == .dataError && failure.message.contains("records.ndjson:2:")
        }
    }

    @Test func aBadOptionIsAUsageError() {
        #expect {
            try sanitize([#"{"a":"1"}"#], field: "a", options: ["--no-such-option"])
        } throws: { error in
            (error as? StageFailure)?.exitCode == .usage
        }
    }

    @Test func noRecordsGiveNone() throws {
        #expect(try sanitize([], field: "a") == [])
        #expect(try dedupe([], keys: ["a"]) == [])
    }

    /// The temporary folder is gone when a call returns, and when it throws.
    @Test func eachCallLeavesNoFilesBehind() throws {
        var folders: [URL] = []
        let run = try StageRunner.run(SanitizeCommand.self, records: [#"{"a":"Pier 39"}"#]) { folder in
            folders.append(folder)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("records.ndjson").path))
            return ["--field", "a"]
        }
        #expect(run.lines.count == 1 && run.accounting.recordsOut == 1)
        #expect(throws: StageFailure.self) {
            try StageRunner.run(SanitizeCommand.self, records: ["not json"]) { folder in
                folders.append(folder)
                return ["--field", "a"]
            }
        }
        #expect(folders.count == 2)
        for folder in folders { #expect(!FileManager.default.fileExists(atPath: folder.path), "\(folder.path)") }
    }
}
