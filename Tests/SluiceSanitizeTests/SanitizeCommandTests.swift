import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceSanitize

@Suite struct SanitizeCommandTests {
    /// Runs the command on `input` lines and returns its output lines and accounting.
    func run(_ arguments: [String], input: String) throws -> (lines: [String], accounting: Accounting) {
        let run = try StageRun(SanitizeCommand.self, arguments, input: input)
        return (run.lines, run.accounting)
    }

    @Test func addsAddressAndKeepsTheRecordByteForByte() throws {
        let line = #"{"title":"Vertigo","locations":"Mason & California Streets (Nob Hill)","provenance":{"source":"f.csv","row":7}}"#
        let (lines, accounting) = try run(["--field", "locations"], input: line + "\n")
        #expect(lines.count == 1)
        #expect(lines[0].hasPrefix(String(line.dropLast()) + #","address":{"raw":"Mason & California Streets (Nob Hill)""#))
        #expect(accounting.recordsOut == 1)
        #expect(accounting.balances)
    }

    @Test func badFieldsGetKindNoneWithANote() throws {
        let input = [#"{"a":1}"#, #"{"locations":null}"#, #"{"locations":42}"#, #"{"locations":["x"]}"#, #"{"locations":""}"#]
        let (lines, _) = try run(["--field", "locations"], input: input.joined(separator: "\n") + "\n")
        let notes = try lines.map { line in try JSONParser.parse(line).value(atPath: "address.notes") }
        #expect(
            notes == [
                .array([.string("missing_field")]), .array([.string("null_field")]), .array([.string("not_a_string")]),
                .array([.string("not_a_string")]), .array([.string("empty")]),
            ])
        for line in lines { #expect(try JSONParser.parse(line).value(atPath: "address.kind") == .string("none")) }
    }

    @Test func splitEmitsOnePartPerLocationAndCountsThem() throws {
        let line = #"{"locations":"Vallejo Street Garage; 766 Vallejo St.","provenance":{"source":"f.csv","row":3}}"#
        let (lines, accounting) = try run(["--field", "locations", "--split"], input: line + "\n" + #"{"locations":"Pier 39"}"# + "\n")
        #expect(lines.count == 3)
        let first = try JSONParser.parse(lines[0])
        let second = try JSONParser.parse(lines[1])
        #expect(first.value(atPath: "address.part") == .number("1"))
        #expect(second.value(atPath: "address.part") == .number("2"))
        #expect(second.value(atPath: "address.parts") == .number("2"))
        #expect(second.value(atPath: "address.kind") == .string("street_address"))
        #expect(second.value(atPath: "address.raw") == .string("Vallejo Street Garage; 766 Vallejo St."))
        #expect(second["provenance"] == first["provenance"])
        #expect(accounting.split == 1)
        #expect(accounting.recordsOut == 3)
        #expect(accounting.balances)
    }

    @Test func cityAndStateOptionsAndDottedField() throws {
        let (lines, _) = try run(
            ["--field", "film.where", "--city", "San Francisco", "--state", "CA"], input: #"{"film":{"where":"Pier 39"}}"# + "\n")
        let address = try JSONParser.parse(lines[0])["address"]
        #expect(address?["city"] == .string("San Francisco"))
        #expect(address?["state"] == .string("CA"))
    }

    @Test func theRecordsOwnTownFromItsFields() throws {
        let input = [
            #"{"street":"100 Main St","city":"Seattle","state":"WA","zip":98101}"#,
            // The same text in another town: not the remembered address of the first.
            #"{"street":"100 Main St","city":"Tacoma","state":"WA","zip":"98402-1234"}"#,
            // Empty fields: the defaults.
            #"{"street":"100 Main St","city":"","state":null}"#,
            #"{"street":"100 Main St","city":{"name":"Tacoma"}}"#,
            #"{"street":null,"city":["Tacoma"]}"#,
        ]
        let (lines, accounting) = try run(
            ["--field", "street", "--city-field", "city", "--state-field", "state", "--zip-field", "zip", "--city", "Portland", "--state", "OR"],
            input: input.joined(separator: "\n") + "\n")
        let addresses = try lines.map { try JSONParser.parse($0)["address"] }
        let towns = addresses.map { address in ["city", "state", "zip"].map { address?[$0]?.stringValue ?? "-" }.joined(separator: ",") }
        #expect(towns == ["Seattle,WA,98101", "Tacoma,WA,98402", "Portland,OR,-", "Portland,OR,-", "-,-,-"])
        #expect(addresses[3]?["notes"] == .array([.string(Note.unusableTownField)]))
        #expect(addresses[4]?["notes"] == .array([.string(Note.nullField), .string(Note.unusableTownField)]))
        #expect(accounting.recordsOut == 5)
        #expect(accounting.balances)
    }

    @Test func aTownFieldOptionNeedsAName() {
        #expect(throws: StageFailure.self) { try run(["--field", "street", "--city-field", ""], input: "") }
    }

    /// `--field a --city-field a` took the whole text for the city (`100 Main St, Seattle`).
    @Test func aTownFieldThatIsTheTextsFieldIsAUsageError() {
        for option in ["--city-field", "--state-field", "--zip-field"] {
            do {
                _ = try SanitizeCommand(
                    arguments: ParsedArguments(
                        ["--field", "number", "--field", "street", option, "street"], options: SanitizeCommand.usage.allOptions))
                Issue.record("\(option) took the text's field")
            } catch {
                #expect(error.exitCode == .usage)
                #expect(error.message == "\(option) names 'street', a field --field reads: give the town's own field")
            }
        }
    }

    @Test func fieldIsRequired() {
        #expect(throws: StageFailure.self) {
            _ = try SanitizeCommand(arguments: ParsedArguments([], options: SanitizeCommand.usage.allOptions))
        }
    }

    @Test func threadsKeepTheOutputByteIdentical() throws {
        let texts = ["Vallejo Street Garage; 766 Vallejo St.", "Pier 39", "", "Mason & California Streets (Nob Hill)"]
        // More records than two batches (of 1024), so batches and worker ranges are both exercised.
        let input =
            (0..<(1024 * 2 + 300)).map { index in
                #"{"locations":"\#(texts[index % texts.count])","provenance":{"row":\#(index)}}"#
            }.joined(separator: "\n") + "\n"
        let single = try run(["--field", "locations", "--split", "--threads", "1"], input: input)
        let threaded = try run(["--field", "locations", "--split", "--threads", "3"], input: input)
        #expect(threaded.lines == single.lines)
        #expect(threaded.accounting == single.accounting)
        #expect(threaded.accounting.split == (1024 * 2 + 300 + 3) / 4)
        // Each record in its own town: the parsers of the towns are remembered per thread.
        let towns = ["Chicago", "Seattle", "", "Portland", "Tacoma"]
        let townInput =
            (0..<(1024 * 2 + 300)).map { index in
                #"{"locations":"\#(texts[index % texts.count])","city":"\#(towns[index % towns.count])","zip":\#(60601 + index % 7)}"#
            }.joined(separator: "\n") + "\n"
        let options = ["--field", "locations", "--city-field", "city", "--zip-field", "zip", "--split"]
        let townSingle = try run(options + ["--threads", "1"], input: townInput)
        #expect(try run(options + ["--threads", "3"], input: townInput).lines == townSingle.lines)
        #expect(townSingle.lines.contains { $0.contains(#""city":"Tacoma","zip":"60605""#) })
    }

    @Test func outputIsDeterministic() throws {
        let input = #"{"locations":"Hyde St. at Greenwich and Hyde St. at Lombard"}"# + "\n" + #"{"locations":"1158-70 Montgomery Street"}"# + "\n"
        #expect(try run(["--field", "locations"], input: input).lines == run(["--field", "locations"], input: input).lines)
    }

    @Test func anInputFieldNamedLikeTheResultStopsTheStageAndAsKeepsBoth() throws {
        let line = #"{"name":"Cafe","address":"766 Vallejo St.","provenance":{"source":"shops.csv","row":1}}"#
        do {
            _ = try run(["--field", "address", "--threads", "2"], input: line + "\n")
            Issue.record("the input's address field was replaced")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .dataError)
            #expect(failure.message.contains(":1: error: the record already has a field 'address' (a string, not this stage's result)"))
            #expect(failure.message.hasSuffix("name the result with --as NAME, or replace the field with --overwrite-field"))
        }
        let (lines, accounting) = try run(["--field", "address", "--as", "parsed"], input: line + "\n")
        #expect(lines.count == 1 && accounting.recordsOut == 1)
        #expect(lines[0].hasPrefix(String(line.dropLast()) + #","parsed":{"raw":"766 Vallejo St.","clean":"766 Vallejo St""#))
        // Run again on its own output, the stage replaces its own result in place.
        #expect(try run(["--field", "address", "--as", "parsed"], input: lines[0] + "\n").lines == lines)
        let replaced = try run(["--field", "address", "--overwrite-field"], input: line + "\n").lines
        #expect(replaced[0].hasPrefix(#"{"name":"Cafe","address":{"raw":"766 Vallejo St.""#))
    }
}
