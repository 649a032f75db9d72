import Foundation
import SluiceCore
import Testing

@testable import SluiceGeocode

@Suite struct GeocodeCommandTests {
    /// Runs the command with the tiny gazetteer on `input` and returns its output lines.
    func run(_ arguments: [String], input: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("geocode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let gazetteer = directory.appendingPathComponent("tiny.csv").path
        let inputPath = directory.appendingPathComponent("in.ndjson").path
        let outputPath = directory.appendingPathComponent("out.ndjson").path
        try TinyGazetteer.csv.write(toFile: gazetteer, atomically: true, encoding: .utf8)
        try input.write(toFile: inputPath, atomically: true, encoding: .utf8)
        var command = try GeocodeCommand(
            arguments: ParsedArguments(["--gazetteer", gazetteer] + arguments + [inputPath], options: GeocodeCommand.usage.allOptions))
        let context = StageContext(
            stage: "sluice-geocode", output: try ByteSink(path: outputPath), rejects: try Rejects(stage: "geocode", path: nil),
            maxLineBytes: 1 << 20, quiet: true, progress: Progress(stage: "sluice-geocode", enabled: false))
        try command.run(context)
        try context.output.flush()
        return try String(contentsOfFile: outputPath, encoding: .utf8).split(separator: "\n").map(String.init)
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
}
