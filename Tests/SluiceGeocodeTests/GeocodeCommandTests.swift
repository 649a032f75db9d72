import SluiceCore
import SluiceSanitize
import SluiceTestSupport
import Testing

@testable import SluiceGeocode

@Suite struct GeocodeCommandTests {
    /// Runs the command with the tiny gazetteer on `input` and returns its output lines.
    func run(_ arguments: [String], input: String) throws -> [String] {
        let scratch = try ScratchDirectory()
        try TinyGazetteer.csv.write(toFile: scratch.file("tiny.csv"), atomically: true, encoding: .utf8)
        return try StageRun(GeocodeCommand.self, ["--gazetteer", scratch.file("tiny.csv")] + arguments, input: input, in: scratch).lines
    }

    @Test func anInputFieldNamedLikeTheResultStopsTheStageAndAsKeepsBoth() throws {
        let line = #"{"shop":"Fairmont","geo":{"lat":37.79,"lon":-122.41},"loc":"950 California St"}"#
        do {
            _ = try run(["--field", "loc"], input: line + "\n")
            Issue.record("the input's geo field was replaced")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .dataError)
            #expect(failure.message.contains(":1: error: the record already has a field 'geo' (an object, not this stage's result)"))
        }
        let lines = try run(["--field", "loc", "--as", "found"], input: line + "\n")
        #expect(lines[0].hasPrefix(String(line.dropLast()) + #","found":{"lat":37.79204,"lon":-122.41006,"precision":"address""#))
        // Its own output again: the stage's earlier result is replaced in place.
        #expect(try run(["--field", "loc", "--as", "found"], input: lines[0] + "\n") == lines)
        let replaced = try run(["--field", "loc", "--overwrite-field"], input: line + "\n")
        #expect(replaced[0].hasPrefix(#"{"shop":"Fairmont","geo":{"lat":37.79204"#))
    }

    @Test func addressNamesTheMemberHoldingSanitizesResult() throws {
        let parsed = #"{"raw":"950 California St","kind":"street_address","number":"950","street":"California","suffix":"St"}"#
        let lines = try run(["--address", "parsed"], input: #"{"address":"950 California St","parsed":\#(parsed)}"# + "\n")
        #expect(try JSONParser.parse(lines[0]).value(atPath: "geo.precision") == .string("address"))
        let unread = try run([], input: #"{"parsed":\#(parsed)}"# + "\n")
        #expect(try JSONParser.parse(unread[0]).value(atPath: "geo.precision") == .string("none"))
    }

    @Test func cityAndStateReadTheFieldTextAndNeedIt() throws {
        func command(_ arguments: [String]) throws -> GeocodeCommand {
            try GeocodeCommand(arguments: ParsedArguments(["--gazetteer", "g.csv"] + arguments, options: GeocodeCommand.usage.allOptions))
        }
        let portland = try command(["--field", "loc", "--city", "Portland", "--state", "OR"]).parser
        #expect(portland.city == "Portland" && portland.state == "OR")
        #expect(GeocodeQuery.reading("1120 SW 5th Ave, Portland", by: portland).place == nil)
        let sanFrancisco = try command(["--field", "loc"]).parser
        #expect(sanFrancisco.city == nil && sanFrancisco.state == nil)
        // Without --city, any US town is read after a comma or right after an address.
        #expect(GeocodeQuery.reading("1120 SW 5th Ave Portland", by: portland).street == "SW 5th Ave")
        #expect(GeocodeQuery.reading("1120 SW 5th Ave Portland", by: sanFrancisco).street == "SW 5th Ave")
        #expect(GeocodeQuery.reading("SW 5th Ave Portland", by: sanFrancisco).street != "SW 5th Ave")
        do {
            _ = try command(["--city", "Portland"])
            Issue.record("--city without --field was accepted")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .usage)
        }
        // The record's own town: read with --field only, the options shared with sanitize.
        #expect(try command(["--field", "loc", "--city-field", "town", "--zip-field", "zip"]).towns == TownFields(city: "town", zip: "zip"))
        #expect(throws: StageFailure.self) { try command(["--city-field", "town"]) }
    }
}
