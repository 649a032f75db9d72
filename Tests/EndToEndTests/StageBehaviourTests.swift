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
}
