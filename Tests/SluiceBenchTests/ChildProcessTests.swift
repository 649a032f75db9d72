import SluiceCore
import Testing

@testable import SluiceBench

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ChildProcessTests {
    /// The built `sluice-bench`, the launcher: `SLUICE_BIN_DIR` (make test) or the debug folder.
    static let launcher: String = {
        if let directory = getenv("SLUICE_BIN_DIR").map({ String(cString: $0) }), !directory.isEmpty {
            return directory + "/sluice-bench"
        }
        let file = "\(#filePath)"
        let root = file.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        return root + "/.build/debug/sluice-bench"
    }()

    @Test func runsAPipelineAndMeasuresEachChild() throws {
        let directory = "/tmp/sluice-bench-child-\(getpid())"
        try makeDirectory(directory)
        defer {
            for name in ["in.txt", "out.txt", "err.txt"] { unlink("\(directory)/\(name)") }
            rmdir(directory)
        }
        try writeFile("\(directory)/in.txt", "b\na\nc\n")
        for launcher in [ChildProcessTests.launcher, nil] {
            let result = try ChildProcess.run(
                [["sort"], ["head", "-n", "2"]], stdin: "\(directory)/in.txt", stdout: "\(directory)/out.txt", stderr: "\(directory)/err.txt",
                launcher: launcher)
            #expect(readFile("\(directory)/out.txt") == "a\nb\n")
            #expect(result.peakRSSBytes.count == 2)
            #expect(result.peakRSSBytes.allSatisfy { $0 > 0 })
            #expect(result.cpuSeconds.count == 2)
            #expect(result.cpuSeconds.allSatisfy { $0 >= 0 && $0 < 10 })
            #expect(result.seconds > 0 && result.seconds < 10)
        }
    }

    /// The bug this guards against: a child spawned by a process that has grown reads that
    /// process's peak as its own. This process grows to 256 MB first; `/bin/true` under the
    /// launcher must read its own few MB, and spawned directly (the old way) the 256 MB.
    @Test func thePeakIsTheCommandsOwnAfterTheBenchHasGrown() throws {
        #expect(access(ChildProcessTests.launcher, X_OK) == 0, "build sluice-bench first: \(ChildProcessTests.launcher)")
        let size = 256 << 20
        let block = try #require(malloc(size))
        defer { free(block) }
        memset(block, 1, size)
        let launched = try ChildProcess.run(
            [["/bin/true"]], stdin: nil, stdout: "/dev/null", stderr: "/dev/null", launcher: ChildProcessTests.launcher)
        let direct = try ChildProcess.run([["/bin/true"]], stdin: nil, stdout: "/dev/null", stderr: "/dev/null", launcher: nil)
        // Read the block back so that the touch cannot be optimised away.
        #expect(block.load(fromByteOffset: size - 1, as: UInt8.self) == 1)
        #expect(launched.peakRSSBytes.count == 1)
        #expect(launched.peakRSSBytes[0] > 0 && launched.peakRSSBytes[0] < 64 << 20, "under the launcher: \(launched.peakRSSBytes[0] >> 20) MB")
        #expect(direct.peakRSSBytes[0] >= size, "spawned directly: \(direct.peakRSSBytes[0] >> 20) MB")
    }

    /// Each command's CPU is its own: a command that spins for a moment shows it, the one
    /// beside it in the pipe (waiting on its input) does not.
    @Test func eachCommandsCPUIsItsOwn() throws {
        #expect(access(ChildProcessTests.launcher, X_OK) == 0, "build sluice-bench first: \(ChildProcessTests.launcher)")
        let spin = ["sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; echo done"]
        let result = try ChildProcess.run(
            [spin, ["cat"]], stdin: nil, stdout: "/dev/null", stderr: "/dev/null", launcher: ChildProcessTests.launcher)
        #expect(result.cpuSeconds.count == 2)
        #expect(result.cpuSeconds[0] > 0.05, "the spinning shell: \(result.cpuSeconds[0]) s")
        #expect(result.cpuSeconds[1] < result.cpuSeconds[0] / 4, "cat: \(result.cpuSeconds[1]) s")
    }

    @Test func aFailingCommandThrows() throws {
        for launcher in [ChildProcessTests.launcher, nil] {
            let failed = #expect(throws: ChildProcess.Failure.self) {
                try ChildProcess.run([["sh", "-c", "exit 3"]], stdin: nil, stdout: "/dev/null", stderr: "/dev/null", launcher: launcher)
            }
            #expect(failed?.description.hasPrefix("sh -c exit 3: exit status 3") == true)
            let missing = #expect(throws: ChildProcess.Failure.self) {
                try ChildProcess.run([["/nonexistent/sluice-nothing"]], stdin: nil, stdout: "/dev/null", stderr: "/dev/null", launcher: launcher)
            }
            #expect(missing?.description.hasPrefix("/nonexistent/sluice-nothing: cannot start") == true)
        }
    }

    @Test func theLaunchersReportIsParsed() throws {
        let report = Launcher.Report(status: 768, peakRSSBytes: 4 << 20, start: 1.5, end: 2.25, userSeconds: 0.75, systemSeconds: 0.125)
        #expect(report.line == "exit 768 4096 1.5 2.25 0.75 0.125\n")
        #expect(try Launcher.Report.parse(String(report.line.dropLast()))?.get() == report)
        #expect(Launcher.Report.parse("garbage") == nil)
        // An older launcher's line, without the CPU times, is not taken for a report.
        #expect(Launcher.Report.parse("exit 768 4096 1.5 2.25") == nil)
    }

    @Test func quotesCommandLinesLikeAShell() {
        #expect(BenchCase.quoted("San Francisco") == "'San Francisco'")
        #expect(BenchCase.quoted("--field") == "--field")
    }
}
