import Foundation
import SluiceCore
import SluiceGeocode
import Testing

@testable import SluiceTools

/// Point addresses sorted on disk: whatever `--run-size` (one address a run, a few, all in
/// memory), the gazetteer, the report and the rejects file are the same bytes, duplicates
/// found across runs included (OpenAddresses CSV, gzipped CSV, and an OSM extract after them).
@Suite struct AddressRunsTests {
    /// Two OpenAddresses files and an extract: the second file repeats some of the first's
    /// addresses (a metre away), with skipped rows between; the extract repeats one more.
    static func sources(in directory: TemporaryDirectory) throws -> [String] {
        let header = "LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n"
        func row(_ number: Int, _ street: String, lon: Double = -89.65, _ city: String = "Springfield") -> String {
            "\(lon + Double(number) * 0.0001),39.8,\(number),\(street),,\(city),,IL,62701,,\n"
        }
        let streets = ["Main St", "Oak Ave", "Elm St"]
        var first = header
        for number in stride(from: 100, through: 160, by: 2) { first += row(number, streets[number % 3]) }
        first += ",,,Main St,,Springfield,,IL,,,\n" + row(102, "Main St", "Riverton")
        var second = header
        for number in stride(from: 160, through: 90, by: -4) {
            second += row(number, streets[number % 3], lon: -89.64999)
            if number % 20 == 0 { second += "-89.6,39.8,N\(number),Main St,,,,,,,\n" }
        }
        let a = directory.path + "/a.csv", b = directory.path + "/b.csv"
        try first.write(toFile: a, atomically: true, encoding: .utf8)
        try second.write(toFile: b, atomically: true, encoding: .utf8)
        let osm = directory.path + "/town.osm"
        try """
        <osm><node id="7" lat="39.8" lon="-89.64"><tag k="addr:housenumber" v="104"/><tag k="addr:street" v="Elm St"/><tag k="addr:city" v="Springfield"/><tag k="addr:state" v="IL"/></node>
        <node id="8" lat="39.8" lon="-89.64"><tag k="addr:housenumber" v="N1"/><tag k="addr:street" v="Elm St"/></node>
        <node id="9" lat="39.8" lon="-89.64"><tag k="addr:housenumber" v="999"/><tag k="addr:street" v="Elm St"/><tag k="addr:city" v="Springfield"/><tag k="addr:state" v="IL"/></node></osm>
        """.write(toFile: osm, atomically: true, encoding: .utf8)
        return ["--openaddresses", a, "--openaddresses", try GzipFileTests.gzip(b), "--osm", osm]
    }

    /// The gazetteer, the report and the rejects file of one build.
    func build(_ arguments: [String], in directory: TemporaryDirectory) throws -> (csv: [UInt8], report: [String], rejects: [UInt8]) {
        let (out, rejects) = (directory.path + "/out-\(UUID().uuidString).csv", directory.path + "/rejects-\(UUID().uuidString).ndjson")
        var command = try GazetteerBuild(
            arguments: try ParsedArguments(arguments + ["--out", out, "--rejects", rejects], options: GazetteerBuild.usage.allOptions))
        try command.run(ToolContext(name: "sluice-gazetteer", output: try ByteSink(path: "/dev/null"), quiet: true))
        return (try FileInput.contents(of: out), command.builder.report, try FileInput.contents(of: rejects))
    }

    @Test func theRunSizeChangesNoByte() throws {
        let directory = try TemporaryDirectory()
        let sources = try Self.sources(in: directory)
        let held = try build(sources, in: directory)
        let rejects = String(decoding: held.rejects, as: UTF8.self)
        // The case is worth having: duplicates within and across files, and from the extract.
        #expect(rejects.components(separatedBy: "duplicate_address").count - 1 == 17, "\(rejects)")
        #expect(rejects.contains(#""raw":"node/7""#) && rejects.contains("no_number") && rejects.contains("bad_number"))
        for runSize in [1, 2, 5, 13] {
            let spilled = try build(sources + ["--run-size", "\(runSize)"], in: directory)
            #expect(spilled.csv == held.csv, "run size \(runSize)")
            if spilled.csv != held.csv { return }
            #expect(spilled.report == held.report, "run size \(runSize)")
            let (heldLines, spilledLines) = (rejects.split(separator: "\n"), String(decoding: spilled.rejects, as: UTF8.self).split(separator: "\n"))
            let differ =
                zip(heldLines, spilledLines).first { $0 != $1 }.map { "\($0.0)\n  ≠ \($0.1)" } ?? "\(heldLines.count) ≠ \(spilledLines.count) lines"
            #expect(spilled.rejects == held.rejects, "run size \(runSize): \(differ)")
        }
    }

    /// A program's build keeps its skipped rows in order, the late ones put in their place.
    @Test func aProgramsBuildKeepsTheLateRejectsInOrder() throws {
        let directory = try TemporaryDirectory()
        let sources = try Self.sources(in: directory)
        func skipped(runSize: Int) throws -> [SkippedRow] {
            var builder = GazetteerBuilder(sources: nil)
            builder.inputs.openAddresses = [sources[1], sources[3]]
            builder.inputs.osm = [sources[5]]
            builder.keepsRejects = true
            builder.runSize = runSize
            _ = try builder.build()
            return builder.skipped
        }
        let held = try skipped(runSize: 1_000_000)
        #expect(held.count == 23)
        #expect(try skipped(runSize: 3) == held)
    }

    @Test func theRunSizeMustBeAWholeNumberAboveZero() throws {
        #expect(throws: StageFailure.self) {
            try GazetteerBuild(
                arguments: try ParsedArguments(
                    ["--openaddresses", "a.csv", "--out", "b.csv", "--run-size", "0"], options: GazetteerBuild.usage.allOptions))
        }
    }
}

/// Late rejects come back in reading order, each with the rows emitted before it.
@Suite struct RejectStreamTests {
    func row(_ line: Int) -> SkippedRow { SkippedRow(source: "a.csv", line: line, reason: "duplicate_address", detail: "d\(line)", raw: "r\(line)") }

    @Test func lateRowsComeBackInReadingOrder() throws {
        let stream = RejectStream(batchSize: 2)
        var written: [Int] = []
        stream.sink = { written.append($0.line) }
        try stream.emit(row(1))
        try stream.emit(row(4))
        for (order, line, before) in [(5, 9, 2), (1, 2, 1), (3, 6, 2), (2, 3, 1), (4, 7, 2)] {
            try stream.emitLate(row(line), order: order, before: before)
        }
        var late: [String] = []
        try stream.forEachLate { row, before in late.append("\(row.line)@\(before)") }
        #expect(written == [1, 4] && late == ["2@1", "3@1", "6@2", "7@2", "9@2"] && stream.lateCount == 5)
        #expect(stream.diskBytes > 0)
    }

    @Test func withoutASinkTheyArePutInPlace() throws {
        let stream = RejectStream()
        for line in [1, 4, 8] { try stream.emit(row(line)) }
        try stream.emitLate(row(5), order: 2, before: 2)
        try stream.emitLate(row(2), order: 1, before: 1)
        try stream.emitLate(row(9), order: 3, before: 3)
        try stream.forEachLate { _, _ in Issue.record("no sink: nothing handed out") }
        #expect(stream.kept.map(\.line) == [1, 2, 4, 5, 8, 9])
    }
}
