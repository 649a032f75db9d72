import Testing

@testable import SluiceBench

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ChildProcessTests {
    @Test func runsAPipelineAndMeasuresEachChild() throws {
        let directory = "/tmp/sluice-bench-child-\(getpid())"
        try makeDirectory(directory)
        defer {
            for name in ["in.txt", "out.txt", "err.txt"] { unlink("\(directory)/\(name)") }
            rmdir(directory)
        }
        try writeFile("\(directory)/in.txt", "b\na\nc\n")
        let result = try ChildProcess.run(
            [["sort"], ["head", "-n", "2"]], stdin: "\(directory)/in.txt", stdout: "\(directory)/out.txt", stderr: "\(directory)/err.txt")
        #expect(readFile("\(directory)/out.txt") == "a\nb\n")
        #expect(result.peakRSSBytes.count == 2)
        #expect(result.peakRSSBytes.allSatisfy { $0 > 0 })
    }

    @Test func aFailingCommandThrows() throws {
        #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess.run([["false"]], stdin: nil, stdout: "/dev/null", stderr: "/dev/null")
        }
        #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess.run([["/nonexistent/sluice-nothing"]], stdin: nil, stdout: "/dev/null", stderr: "/dev/null")
        }
    }

    @Test func quotesCommandLinesLikeAShell() {
        #expect(BenchCase.quoted("San Francisco") == "'San Francisco'")
        #expect(BenchCase.quoted("--field") == "--field")
    }
}
