import Foundation
import Testing

/// Promises about how stages behave in a shell: pipes, repeatability, the real data (help,
/// versions and exit statuses of every executable: `EveryExecutableTests`).
@Suite struct StageBehaviourTests {
    static let filmsCSV = Executable.packageRoot.appendingPathComponent("data/Film_Locations_in_San_Francisco.csv")

    @Test func aClosedPipeIsAQuietSuccess() throws {
        let script = "set -o pipefail; '\(Executable("sluice-fetch").url.path)' --keys snake_case '\(StageBehaviourTests.filmsCSV.path)' | head -3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        let complaints = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: printed, as: UTF8.self).split(separator: "\n").count == 3)
        #expect(complaints.isEmpty)
    }

    @Test func fetchesEveryRowOfTheRealDataDeterministically() throws {
        let fetch = Executable("sluice-fetch")
        let first = try fetch.run(["--keys", "snake_case", StageBehaviourTests.filmsCSV.path])
        let second = try fetch.run(["--keys", "snake_case", StageBehaviourTests.filmsCSV.path])
        #expect(first.status == 0)
        #expect(first.stdoutLines.count == 2084)
        #expect(first.stdout == second.stdout)
        #expect(first.stderrText.hasSuffix("2084 in, 2084 out, 0 rejected\n"))
        #expect(first.stdoutLines.last?.hasSuffix(#""provenance":{"source":"\#(StageBehaviourTests.filmsCSV.path)","row":2084}}"#) == true)
    }

    /// `sluice-sanitize --help`'s multi-field example: ten Chicago records in street, city,
    /// state and zip columns; every address carries its record's town, state and ZIP (the last
    /// record's town and state come from its ZIP).
    @Test func addressesFromSeveralFieldsCarryTheRecordsTown() throws {
        let csv = Executable.packageRoot.appendingPathComponent("data/chicago-landmarks.csv")
        let fetched = try Executable("sluice-fetch").run([csv.path])
        #expect(fetched.status == 0)
        let input = try TemporaryFile(contents: fetched.stdout)
        let sanitized = try Executable("sluice-sanitize").run([
            "--field", "street", "--city-field", "city", "--state-field", "state", "--zip-field", "zip", input.path,
        ])
        #expect(sanitized.status == 0, "\(sanitized.stderrText)")
        #expect(sanitized.stdoutLines.count == 10)
        for line in sanitized.stdoutLines {
            guard let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let address = record["address"] as? [String: Any]
            else {
                Issue.record("not an object: \(line)")
                continue
            }
            #expect(address["kind"] as? String == "street_address", "\(line)")
            #expect((address["city"] as? String)?.lowercased() == "chicago", "\(line)")
            #expect(address["state"] as? String == "IL", "\(line)")
            #expect((address["zip"] as? String)?.hasPrefix("606") == true, "\(line)")
        }
    }
}
