import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct LabelOptionsTests {
    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try DedupeCommand(
                arguments: try ParsedArguments(["--compare", "name", "--block", "name"] + arguments, options: DedupeCommand.usage.allOptions))
            return nil
        } catch {
            return error.exitCode == .usage ? error.message : "exit \(error.exitCode)"
        }
    }

    @Test func combinations() {
        #expect(usageError(["--labels", "l.ndjson"]) == nil)
        #expect(usageError(["--suggest", "5", "--labels", "l.ndjson", "--id", "rec_id"]) == nil)
        #expect(
            usageError(["--label", "a", "--labels", "b"]) == "use --label FILE (asks, and reads the answers FILE holds) or --labels FILE, not both")
        #expect(usageError(["--label", "a", "--suggest", "3"]) == "use --label (asks in the terminal) or --suggest N (prints pairs), not both")
        #expect(usageError(["--id", "rec_id"]) == "option '--id' names records in labels: it needs --labels, --label or --suggest")
        #expect(usageError(["--id", "a..b", "--labels", "l"]) == "option '--id': bad field path 'a..b'")
        #expect(usageError(["--suggest", "0"]) != nil)
    }

    @Test func fuzzyModeOnly() throws {
        for option in [["--labels", "l"], ["--suggest", "3"], ["--explain-blocking"]] {
            #expect(throws: StageFailure.self) {
                try DedupeCommand(arguments: try ParsedArguments(["--key", "name"] + option, options: DedupeCommand.usage.allOptions))
            }
        }
    }

    @Test func namesRecordsWhenAskingOrSuggesting() throws {
        let parse = { (arguments: [String]) in try LabelOptions(arguments: try ParsedArguments(arguments, options: DedupeCommand.usage.allOptions)) }
        #expect(try parse(["--suggest", "4"]).namesRecords && parse(["--suggest", "4"]).suggest == 4)
        #expect(try parse(["--label", "l"]).namesRecords)
        #expect(try parse(["--labels", "l"]).namesRecords)  // to name them in warnings
        #expect(try !parse(["--explain-blocking"]).namesRecords)
    }

    @Test func everyLabelsFileIsKept() throws {
        let parse = { (arguments: [String]) in try LabelOptions(arguments: try ParsedArguments(arguments, options: DedupeCommand.usage.allOptions)) }
        #expect(try parse(["--labels", "a", "--labels", "b"]).labelsPaths == ["a", "b"])
    }
}
