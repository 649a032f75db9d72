import Foundation
import Testing

/// Issue 33 item 15 on the executable: `sluice-gazetteer build` refuses a file that is not
/// GeoJSON (65, naming the file and what it begins with, nothing written), and rejects garbage
/// between features with its line and offset, every feature read counted as kept or skipped.
@Suite struct GazetteerPromisesTests {
    @Test func aPNGOrACSVGivenAsGeoJSONIsRefused() throws {
        let folder = try TemporaryDirectory()
        let png = folder.file("map.png"), csv = folder.file("places.csv"), out = folder.file("out.csv")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]).write(to: png)
        try "name,lat,lon\nTosca,37.79,-122.40\n".write(to: csv, atomically: true, encoding: .utf8)
        for (option, file, begins) in [
            ("--places", png, #"\x89PNG\x0d\x0a\x1a\x0a\x00\x00\x00\x0dIHDR"#), ("--streets", csv, #"name,lat,lon\x0aTos"#),
        ] {
            let result = try Executable("sluice-gazetteer").run(["build", option, file.path, "--out", out.path])
            #expect(result.status == 65, "\(result.stderrText)")
            #expect(
                result.stderrText.contains("\(file.path): error: not GeoJSON: it begins with \(begins), where a GeoJSON file begins with '{'"),
                "\(result.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test func garbageAndEmptyLinesAreRejectedAndCounted() throws {
        let folder = try TemporaryDirectory()
        let streets = folder.file("streets.geojson"), rejects = folder.file("rejects.ndjson")
        let main =
            #"{"type":"Feature","properties":{"name":"Main St"},"geometry":{"type":"LineString","coordinates":[[-122.4,37.78],[-122.39,37.78]]}}"#
        let empty = #"{"type":"Feature","properties":{"name":"Empty St"},"geometry":{"type":"MultiLineString","coordinates":[]}}"#
        try (main + "\ngarbage\n" + empty + "\n").write(to: streets, atomically: true, encoding: .utf8)
        let result = try Executable("sluice-gazetteer").run(
            ["build", "--streets", streets.path, "--out", folder.file("out.csv").path, "--rejects", rejects.path])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.contains("3 features read, 2 skipped (bad_geometry 1, not_json 1); 1 segments"), "\(result.stderrText)")
        let lines = try String(contentsOf: rejects, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first
                == #"{"stage":"gazetteer","source":"\#(streets.path)","line":2,"reason":"not_json","detail":"7 bytes at byte \#(main.utf8.count + 1) between features are no JSON value","raw":"garbage"}"#
        )
        #expect(lines.last?.contains(#""line":3,"reason":"bad_geometry","detail":"a MultiLineString without lines""#) == true)
    }

    /// `--rejects` follows `--out` when a build succeeds (both replaced); a build that fails (a
    /// broken row, or no row at all) leaves `--out` as an earlier build wrote it but writes the
    /// rows it skipped to `--rejects`, and its error says how many: they were left as they were,
    /// and what the failed build skipped, and why, was lost. Nothing is left beside them.
    @Test func aFailedBuildLeavesTheGazetteerAndWritesItsRejects() throws {
        let folder = try TemporaryDirectory()
        let header = "LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n"
        let good = folder.file("good.csv"), broken = folder.file("broken.csv"), skipped = folder.file("skipped.csv")
        try (header + "-122.41,37.77,1,Main St,,Town,,CA,,,\n-122.41,37.77,,Oak St,,Town,,CA,,,\n").write(
            to: good, atomically: true, encoding: .utf8)
        try (header + "-122.41,37.77,,Elm St,,Town,,CA,,,\n1,2,3,\"x\"y,,,,,,,\n").write(to: broken, atomically: true, encoding: .utf8)
        try (header + "-122.41,37.77,,Pine St,,Town,,CA,,,\n").write(to: skipped, atomically: true, encoding: .utf8)
        let out = folder.file("out.csv"), rejects = folder.file("rejects.ndjson")
        let built = try Executable("sluice-gazetteer").run(["build", "--openaddresses", good.path, "--out", out.path, "--rejects", rejects.path])
        #expect(built.status == 0, "\(built.stderrText)")
        let (gazetteer, rejected) = (try Data(contentsOf: out), try Data(contentsOf: rejects))
        #expect(String(decoding: rejected, as: UTF8.self).contains(#""reason":"no_number""#))
        for (source, street, said) in [
            (broken, "Elm St", "\(broken.path):3: error: text after a closing quote; 1 source row skipped before it, written to \(rejects.path)"),
            (skipped, "Pine St", "gave no rows: \(out.path) is left as it was; 1 source row skipped, written to \(rejects.path)"),
        ] {
            let failed = try Executable("sluice-gazetteer").run([
                "build", "--openaddresses", source.path, "--out", out.path, "--rejects", rejects.path,
            ])
            #expect(failed.status == 65, "\(failed.stderrText)")
            #expect(failed.stderrText.contains(said), "\(failed.stderrText)")
            #expect(try Data(contentsOf: out) == gazetteer)
            let left = String(decoding: try Data(contentsOf: rejects), as: UTF8.self)
            #expect(left.split(separator: "\n").count == 1 && left.contains(#""reason":"no_number""#) && left.contains(street), "\(left)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "broken.csv", "good.csv", "out.csv", "rejects.ndjson", "skipped.csv",
            ])
    }

    /// A source that gives no rows beside one that does is named on stderr, with why; the
    /// gazetteer is built from the others (exit 0).
    @Test func aSourceThatGivesNoRowsIsWarnedOf() throws {
        let folder = try TemporaryDirectory()
        let addresses = folder.file("addresses.csv"), ways = folder.file("ways.osm"), out = folder.file("out.csv")
        try "LON,LAT,NUMBER,STREET,CITY,REGION\n-122.41,37.77,1,Main St,Town,CA\n".write(to: addresses, atomically: true, encoding: .utf8)
        try #"<osm version="0.6"><way id="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Oak St"/></way></osm>"#
            .write(to: ways, atomically: true, encoding: .utf8)
        let result = try Executable("sluice-gazetteer").run(["build", "--openaddresses", addresses.path, "--osm", ways.path, "--out", out.path])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.contains("sluice-gazetteer: warning: --osm \(ways.path) gave no rows: 1 elements"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("--openaddresses \(addresses.path) gave no rows"))
    }

    /// Issue 32: point addresses sorted on disk leave nothing in `$TMPDIR`, whether the build
    /// ends well, fails on a broken row after runs were written, or is killed.
    @Test func sortedRunsLeaveNothingBehind() throws {
        let folder = try TemporaryDirectory()
        let scratch = folder.file("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        let header = "LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n"
        let rows = (0..<20_000).map { "-122.\(4000 + $0 % 997),37.77,\($0 % 5000 + 1),Street \($0 % 40),,Town,,CA,,,\n" }.joined()
        let good = folder.file("good.csv"), broken = folder.file("broken.csv"), out = folder.file("out.csv")
        try (header + rows).write(to: good, atomically: true, encoding: .utf8)
        try (header + rows + "1,2,3,\"x\"y,,,,,,,\n").write(to: broken, atomically: true, encoding: .utf8)
        let environment = ["TMPDIR": scratch.path]
        func left() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: scratch.path) }

        let inMemory = try Executable("sluice-gazetteer").run(["build", "--openaddresses", good.path, "--out", out.path])
        let expected = try Data(contentsOf: out)
        let spilled = try Executable("sluice-gazetteer").run(
            ["build", "--openaddresses", good.path, "--out", out.path, "--run-size", "500"], environment: environment)
        #expect(inMemory.status == 0 && spilled.status == 0, "\(spilled.stderrText)")
        #expect(try Data(contentsOf: out) == expected)
        #expect(spilled.stderrText.contains("15000 skipped (duplicate_address 15000)"), "\(spilled.stderrText)")
        #expect(try left().isEmpty)

        // The rejects, most found at the merge, are the same in a file and on a pipe (which
        // cannot be read back: they wait in a scratch file until the end).
        let rejects = folder.file("rejects.ndjson")
        let toFile = try Executable("sluice-gazetteer").run(
            ["build", "--openaddresses", good.path, "--out", out.path, "--run-size", "500", "--rejects", rejects.path], environment: environment)
        let piped = Process()
        piped.executableURL = Executable("sluice-gazetteer").url
        piped.arguments = ["build", "--openaddresses", good.path, "--out", out.path, "--run-size", "500", "--rejects", "/dev/stdout"]
        piped.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        (piped.standardOutput, piped.standardError) = (pipe, FileHandle.nullDevice)
        try piped.run()
        let throughPipe = pipe.fileHandleForReading.readDataToEndOfFile()
        piped.waitUntilExit()
        let inOrder = try Executable("sluice-gazetteer").run(
            ["build", "--openaddresses", good.path, "--out", out.path, "--rejects", folder.file("held.ndjson").path])
        #expect(toFile.status == 0 && piped.terminationStatus == 0 && inOrder.status == 0, "\(toFile.stderrText)")
        #expect(try Data(contentsOf: rejects) == throughPipe && throughPipe == (try Data(contentsOf: folder.file("held.ndjson"))))
        #expect(throughPipe.count > 15000 * 100)
        #expect(try left().isEmpty)

        let failed = try Executable("sluice-gazetteer").run(
            ["build", "--openaddresses", broken.path, "--out", folder.file("never.csv").path, "--run-size", "500"], environment: environment)
        #expect(failed.status == 65 && failed.stderrText.contains("broken.csv:20002: error: text after a closing quote"), "\(failed.stderrText)")
        #expect(try left().isEmpty)

        let process = Process()
        process.executableURL = Executable("sluice-gazetteer").url
        process.arguments = ["build", "--openaddresses", good.path, "--out", folder.file("killed.csv").path, "--run-size", "50"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(300_000)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try left().isEmpty)
    }
}
