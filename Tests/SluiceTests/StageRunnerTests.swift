import Foundation
import Sluice
import Testing

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

    @Test func eachCallLeavesNoFilesBehind() throws {
        let temporary = FileManager.default.temporaryDirectory.path
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: temporary))
        _ = try sanitize([#"{"a":"Pier 39"}"#], field: "a")
        _ = try? sanitize(["not json"], field: "a")
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: temporary))
        // Other processes may add files meanwhile; none of ours (sluice-<UUID>) may stay.
        #expect(after.subtracting(before).filter { $0.hasPrefix("sluice-") && $0.count == "sluice-".count + 36 } == [])
    }
}
