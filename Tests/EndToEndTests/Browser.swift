import Foundation

/// Debian's `chromium`, headless, as the report's tests use it: a fixed window and pixel ratio,
/// a fresh profile per run, no sandbox (tests run as root in CI), every host name unresolvable
/// (a page that tried the network would log a failed load), console messages on stderr.
struct Browser {
    let executable: URL

    /// Chromium on PATH, nil when it is not installed (`make test` installs it).
    static func find() -> Browser? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("chromium")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return Browser(executable: candidate) }
        }
        return nil
    }

    static let window = (width: 1400, height: 1000)

    /// Runs chromium on a page with extra arguments (`--dump-dom`, `--screenshot=FILE`); stops
    /// it after `timeout` seconds so that a stuck browser fails the test instead of hanging it.
    func run(_ page: URL, _ arguments: [String], timeout: Double = 90) throws -> Executable.Result {
        let profile = try TemporaryDirectory()
        let process = Process()
        process.executableURL = executable
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--window-size=\(Self.window.width),\(Self.window.height)", "--user-data-dir=\(profile.url.path)",
                "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0", "--no-first-run",
            ] + arguments + [page.absoluteString]
        let out = try TemporaryFile()
        let err = try TemporaryFile()
        process.standardOutput = try FileHandle(forWritingTo: out.url)
        process.standardError = try FileHandle(forWritingTo: err.url)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                throw BrowserTimeout(seconds: timeout)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return Executable.Result(status: process.terminationStatus, stdout: try out.contents(), stderr: try err.contents())
    }

    struct BrowserTimeout: Error, CustomStringConvertible {
        var seconds: Double
        var description: String { "chromium did not finish within \(Int(seconds)) s" }
    }

    /// The page's DOM after its scripts ran.
    func dumpDOM(_ page: URL) throws -> (dom: String, log: String) {
        let result = try run(page, ["--dump-dom"])
        return (result.stdoutText, result.stderrText)
    }

    /// A screenshot of the window, decoded.
    func screenshot(_ page: URL) throws -> (image: PNGImage, log: String) {
        let file = try TemporaryFile(suffix: ".png")
        let result = try run(page, ["--screenshot=\(file.path)"])
        return (try PNGImage(try file.contents()), result.stderrText)
    }

    /// Console messages (`…:INFO:CONSOLE…] "Uncaught TypeError…"`) in a log; the page itself
    /// logs nothing, so any is a problem.
    static func consoleMessages(in log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }
}
