import Testing

@testable import SluiceCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ChildProcessRunTests {
    static func scratch(_ name: String) -> String { "/tmp/sluice-core-child-\(getpid())-\(name)" }

    @Test func runsACommandFromFileToFile() throws {
        let input = Self.scratch("in"), output = Self.scratch("out")
        defer { for path in [input, output] { unlink(path) } }
        let file = try #require(fopen(input, "w"))
        fputs("b\na\n", file)
        fclose(file)
        #expect(try ChildProcess.run(["sort"], stdin: input, stdout: output) == 0)
        let read = try #require(fopen(output, "r"))
        defer { fclose(read) }
        var buffer = [CChar](repeating: 0, count: 16)
        var text = ""
        while fgets(&buffer, Int32(buffer.count), read) != nil { text += String(cString: buffer) }
        #expect(text == "a\nb\n")
    }

    @Test func theExitStatusOrTheSignalIsReturned() throws {
        #expect(try ChildProcess.run(["sh", "-c", "exit 3"], stdout: "/dev/null") == 3)
        #expect(try ChildProcess.run(["sh", "-c", "kill -9 $$"], stdout: "/dev/null") == 128 + 9)
        #expect(try ChildProcess.run(["true"], stdout: "/dev/null", stderr: "/dev/null") == 0)
    }

    @Test func aCommandThatCannotStartThrows() {
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess.run(["no-such-command-sluice"], stdout: "/dev/null") }
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess.run(["true"], stdin: "/no/such/file", stdout: "/dev/null") }
    }

    @Test func whichFindsCommandsOnPath() {
        #expect(ChildProcess.which("sh") != nil)
        #expect(ChildProcess.which("no-such-command-sluice") == nil)
        #expect(ChildProcess.describe(3 << 8) == "exit status 3")
        #expect(ChildProcess.describe(9) == "killed by signal 9")
    }
}
